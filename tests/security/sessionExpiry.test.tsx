// @vitest-environment jsdom
/**
 * Session expiry, the console's side (the server's side is in tests/server/socket.test.ts):
 * at the token's exp the server sends stopReconnect and disconnects; the console shows the
 * persistent "Disconnected from server" toast with no retry (§4), then signs out and goes to the
 * sign-in screen once, with no loop.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { API_KEY_STORAGE_KEY, RECONN_FLAG_STORAGE_KEY } from '../../src/config/constants.ts';
import { createAuthProvider } from '../../src/authProvider/createAuthProvider.ts';
import { createSecureTokenStorage } from '../../src/authProvider/secureStorage.ts';
import {
  msUntilSignOut, SESSION_END_GRACE_MS, SESSION_EXPIRED_LOGIN_PATH, SessionExpiryGuard,
} from '../../src/authProvider/SessionExpiryGuard.tsx';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { resetReconnectFlag } from '../../src/realtime/reconnectFlag.ts';
import { DISCONNECTED_TEXT, RealtimeService } from '../../src/realtime/service.ts';
import { makeToken, MemoryKeyStore, MemoryStorage } from '../authProvider/fakes.ts';
import { FakeSocket, fakeNotifier, fakeTimersClock, fakeToaster, initPayload, memoryStorage } from '../realtime/fixtures.ts';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const SESSION_LEFT_MS = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: START, shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('§4 the socket at session expiry', () => {
  it('§4 stopReconnect then disconnect: error sound, 00:00, the persistent "Disconnected from server" toast, and no retry', () => {
    const sockets: FakeSocket[] = [];
    const storage = memoryStorage();
    const toaster = fakeToaster();
    const playSound = vi.fn();
    const store = new LiveStore(() => undefined);
    const service = new RealtimeService({
      io: (url, options) => {
        const socket = new FakeSocket(url, options);
        sockets.push(socket);
        return socket;
      },
      url: 'https://console.example',
      token: 'a.b.c',
      storage,
      clock: fakeTimersClock,
      store,
      toaster,
      notifier: fakeNotifier(),
      playSound,
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    service.start();
    const socket = sockets[0] as FakeSocket;
    socket.serverConnect();
    socket.serverEmit('init', initPayload({ msRemainingBeforeDisconnect: SESSION_LEFT_MS }));
    vi.advanceTimersByTime(SESSION_LEFT_MS);

    // What server/src/realtime/socket.ts does at exp.
    socket.serverEmit('stopReconnect', {});
    socket.serverDisconnect('io server disconnect');

    expect(storage.data.get(RECONN_FLAG_STORAGE_KEY)).toBe('0');
    expect(playSound).toHaveBeenCalledExactlyOnceWith('error');
    expect(store.getState().msRemainingBeforeDisconnect).toBe(0);
    expect(store.getState().connection).toBe('offline');
    expect(toaster.open()).toEqual([
      { message: DISCONNECTED_TEXT, options: expect.objectContaining({ variant: 'error', autoHideDuration: null }), open: true },
    ]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(socket.disconnectCalls).toBe(1);

    // A new sign-in re-arms reconnecting (the login flow calls this).
    resetReconnectFlag(storage);
    expect(storage.data.has(RECONN_FLAG_STORAGE_KEY)).toBe(false);
    service.stop();
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function signedInConsole(expInMs: number) {
  const storage = new MemoryStorage();
  const token = makeToken({ name: 'ops', role: 'Operator', exp: Math.floor((Date.now() + expInMs) / 1000) });
  const auth = createAuthProvider({
    storage: createSecureTokenStorage({ crypto: globalThis.crypto, keyStore: new MemoryKeyStore(), storage }),
    requestToken: async () => token,
  });
  await auth.login({ accessKey: 'key' });
  const logout = vi.spyOn(auth, 'logout');
  render(
    <MemoryRouter initialEntries={['/tx']}>
      <AdminContext authProvider={auth} store={memoryStore()}>
        <Routes>
          <Route path="/tx" element={<><SessionExpiryGuard /><p>transactions</p></>} />
          <Route path="/login" element={<Where />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  await screen.findByText('transactions');
  return { auth, storage, logout };
}

describe('§9 sign in again after the session ends', () => {
  it('§9 signs out and goes to /login?session=expired shortly after exp, once, with the token deleted', async () => {
    const { auth, storage, logout } = await signedInConsole(SESSION_LEFT_MS);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_LEFT_MS);
    });
    // The "Disconnected from server" toast has its moment first.
    expect(screen.getByText('transactions')).toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_END_GRACE_MS + 50);
    });
    expect((await screen.findByTestId('where')).textContent).toBe(SESSION_EXPIRED_LOGIN_PATH);
    expect(storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(auth.currentToken()).toBeNull();
    await expect(auth.checkAuth({})).rejects.toThrow();

    // No loop: time passes and nothing signs out or navigates again.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60_000);
    });
    expect(logout).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe(SESSION_EXPIRED_LOGIN_PATH);
  });

  it('§9 a tab that slept past the deadline signs out as soon as it is shown again', async () => {
    const { logout } = await signedInConsole(SESSION_LEFT_MS);
    // The clock jumps (sleep) without the timer having fired yet.
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect((await screen.findByTestId('where')).textContent).toBe(SESSION_EXPIRED_LOGIN_PATH);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('§9 the wait is exp plus the grace; never negative; unreadable tokens are left to checkAuth', () => {
    const token = makeToken({ name: 'a', role: 'Admin', exp: (START + 10_000) / 1000 });
    expect(msUntilSignOut(token, START)).toBe(10_000 + SESSION_END_GRACE_MS);
    expect(msUntilSignOut(token, START + 3_600_000)).toBe(0);
    expect(msUntilSignOut('not-a-token', START)).toBeNull();
  });
});
