// @vitest-environment jsdom
/**
 * After stopReconnect (or a session's end) the stay-open "Disconnected from server" toast (§4/§8,
 * its text exact) offers "Sign in again", which signs out in this browser and opens /login, so the
 * operator has a way back without a reload.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppAuthProvider } from '../../src/authProvider/index.ts';
import { createJournal } from '../../src/notifications/centre/journal.ts';
import { memoryPersistence } from '../../src/notifications/centre/idbPersistence.ts';
import { NotificationsProvider, useToaster } from '../../src/notifications/NotificationsProvider.tsx';
import type { Toaster } from '../../src/notifications/index.ts';
import { createSignalPrefsStore } from '../../src/notifications/signalPrefs.ts';
import { DisconnectedMessage } from '../../src/realtime/DisconnectedMessage.tsx';
import { DISCONNECTED_TEXT, RealtimeService } from '../../src/realtime/service.ts';
import { nextFrame } from '../support/frames.ts';

afterEach(cleanup);

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

let toaster: Toaster | null = null;
function Capture() {
  toaster = useToaster();
  return null;
}
function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

describe('§4 "Sign in again" in the "Disconnected from server" toast', () => {
  it('the service shows the given message under the exact §8 text, which the centre records', () => {
    const show = vi.fn();
    const flags = new Map<string, string>([['reconn', '0']]);
    const handlers = new Map<string, (arg?: unknown) => void>();
    const socket = {
      on: (event: string, cb: (arg?: unknown) => void) => void handlers.set(event, cb),
      onAny: () => undefined,
      offAny: () => undefined,
      removeAllListeners: () => undefined,
      disconnect: () => undefined,
      timeout: () => ({ emit: () => undefined }),
    };
    const message = <DisconnectedMessage />;
    const service = new RealtimeService({
      io: () => socket as never,
      url: 'http://api.test',
      token: 'tok.en.jwt',
      storage: { getItem: (k) => flags.get(k) ?? null, setItem: (k, v) => void flags.set(k, v), removeItem: (k) => void flags.delete(k) },
      clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined, setInterval: () => 0, clearInterval: () => undefined },
      store: { update: () => undefined } as never,
      toaster: { show, close: () => undefined, closeAll: () => undefined },
      notifier: {} as never,
      playSound: () => undefined,
      logger: console,
      disconnectedMessage: message,
    });
    service.start();
    handlers.get('disconnect')?.();
    expect(show).toHaveBeenCalledWith(message, expect.objectContaining({ variant: 'error', autoHideDuration: null, text: DISCONNECTED_TEXT }));
    service.stop();
  });

  it('shows the exact text and a "Sign in again" button that signs out and opens /login', async () => {
    const logout = vi.fn(async () => undefined);
    const authProvider = {
      login: async () => undefined,
      logout,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => 'Operator',
      getSessionToken: async () => null,
      currentToken: () => null,
    } as unknown as AppAuthProvider;
    render(
      <MemoryRouter initialEntries={['/tx']}>
        <AdminContext authProvider={authProvider} dataProvider={testDataProvider()} store={memoryStore()}>
          <NotificationsProvider
            journal={createJournal({ persistence: memoryPersistence(), marks: memoryStorage(), schedule: (flush) => flush() })}
            prefs={createSignalPrefsStore(memoryStorage())}
          >
            <Capture />
            <Where />
          </NotificationsProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    act(() => toaster?.show(<DisconnectedMessage />, { variant: 'error', autoHideDuration: null, id: 'realtime:disconnected', text: DISCONNECTED_TEXT }));
    await nextFrame();
    expect(screen.getByText(DISCONNECTED_TEXT, { exact: true })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/login'));
  });
});
