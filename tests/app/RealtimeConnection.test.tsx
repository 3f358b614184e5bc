// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONN_FLAG_STORAGE_KEY } from '../../src/config/constants.ts';
import { NotificationsProvider } from '../../src/notifications/NotificationsProvider.tsx';
import { liveStore, resetReconnectFlag, useConnectionState, useLive } from '../../src/realtime/index.ts';
import RealtimeConnection from '../../src/app/RealtimeConnection.tsx';
import type { SocketOptions } from '../../src/realtime/service.ts';
import { FakeSocket, initPayload, txConfirmation } from '../realtime/fixtures.ts';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (url: string, options: SocketOptions) => {
    const s = new FakeSocket(url, options);
    sockets.push(s);
    return s;
  },
}));

/** No trade to read: these tests are about the socket, not the §9 profit rule. */
const noTrade = async () => null;

const last = () => sockets[sockets.length - 1] as FakeSocket;

function Probe() {
  const devMode = useLive((s) => s.devMode);
  const { status } = useConnectionState();
  return (
    <span data-testid="probe">
      {String(devMode)} {status}
    </span>
  );
}

beforeEach(() => {
  sockets.length = 0;
  resetReconnectFlag();
  liveStore.reset();
});
afterEach(() => {
  cleanup();
});

describe('<RealtimeConnection> wiring', () => {
  it('§6 connects to the page origin with the token, feeds the store, and stops on unmount', async () => {
    const { unmount } = render(
      <NotificationsProvider>
        <RealtimeConnection token="a.b.c" fetchTrade={noTrade} />
        <Probe />
      </NotificationsProvider>,
    );
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe(window.location.origin);
    expect(last().options.auth.token).toBe('a.b.c');
    act(() => {
      last().serverConnect();
      last().serverEmit('init', initPayload({ devMode: true }));
    });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('true live'));
    unmount();
    expect(last().disconnectCalls).toBe(1);
    await waitFor(() => expect(liveStore.getSnapshot().connection).toBe('idle'));
  });

  it('a token change reconnects with the new token', () => {
    const { rerender } = render(
      <NotificationsProvider>
        <RealtimeConnection token="one.one.one" url="https://api.example" fetchTrade={noTrade} />
      </NotificationsProvider>,
    );
    rerender(
      <NotificationsProvider>
        <RealtimeConnection token="two.two.two" url="https://api.example" fetchTrade={noTrade} />
      </NotificationsProvider>,
    );
    expect(sockets.map((s) => s.options.auth.token)).toEqual(['one.one.one', 'two.two.two']);
    expect(sockets[0]?.disconnectCalls).toBe(1);
    expect(last().url).toBe('https://api.example');
  });

  it('§4 a disconnect shows the reconnecting warning in the toast area', async () => {
    render(
      <NotificationsProvider>
        <RealtimeConnection token="a.b.c" fetchTrade={noTrade} />
      </NotificationsProvider>,
    );
    act(() => {
      last().serverConnect();
      last().serverDisconnect();
    });
    expect(await screen.findByText('Disconnected from server. Reconnecting...')).toBeInTheDocument();
    expect(localStorage.getItem(RECONN_FLAG_STORAGE_KEY)).toBeNull();
  });

  it('§9 the injected fetchTrade is used for the profit check', async () => {
    const fetchTrade = vi.fn(async () => ({ txs: [{ txType: 'Swap', amountIn: 1 }] }));
    render(
      <NotificationsProvider>
        <RealtimeConnection token="a.b.c" fetchTrade={fetchTrade} />
      </NotificationsProvider>,
    );
    act(() => {
      last().serverConnect();
      last().serverEmit('txConfirmed', { txs: { a: txConfirmation({ tradeId: 'TR', amountOut: 5 }) } });
    });
    await waitFor(() => expect(fetchTrade).toHaveBeenCalledWith('TR'));
    expect(await screen.findByText(/CONFIRM/)).toBeInTheDocument();
  });
});
