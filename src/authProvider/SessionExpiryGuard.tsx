/**
 * Sends the operator to sign in again when the session ends (§9: 60 min minus 1 s; docs/protocol.md
 * "Login and the session token"). At the token's exp the server ends the socket with stopReconnect,
 * and the console shows the persistent "Disconnected from server" toast (§4, no retry). A moment
 * later this guard signs out (the stored token is deleted) and goes to /login?session=expired,
 * remembering the screen so sign-in returns there. The token is gone before /login shows, so
 * nothing can bounce the operator back and forth: no reload loop. Mount it once inside the
 * signed-in frame.
 */
import { useEffect } from 'react';
import { useAuthProvider, useLogout } from 'react-admin';
import type { AppAuthProvider } from './createAuthProvider.ts';
import { decodeSession } from './session.ts';

/** Where an ended session lands; the login screen may read `session=expired` to say why. */
export const SESSION_EXPIRED_LOGIN_PATH = '/login?session=expired';
/** How long the "Disconnected from server" toast is on screen before the sign-in screen replaces it. */
export const SESSION_END_GRACE_MS = 3000;
/** Longest delay setTimeout honours (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds until the guard should act for `token` (0: now); null for a token it cannot read. */
export function msUntilSignOut(token: string, now: number, graceMs = SESSION_END_GRACE_MS): number | null {
  const session = decodeSession(token);
  if (session === null) return null;
  return Math.max(0, session.exp * 1000 + graceMs - now);
}

export function SessionExpiryGuard({ graceMs = SESSION_END_GRACE_MS }: { graceMs?: number }) {
  const token = useAuthProvider<AppAuthProvider>()?.currentToken() ?? null;
  const logout = useLogout();

  useEffect(() => {
    if (token === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let signedOut = false;
    const check = () => {
      clearTimeout(timer);
      const wait = msUntilSignOut(token, Date.now(), graceMs);
      if (wait === null || signedOut) return;
      if (wait > 0) {
        timer = setTimeout(check, Math.min(wait, MAX_TIMER_MS));
        return;
      }
      signedOut = true;
      void logout({}, SESSION_EXPIRED_LOGIN_PATH, true);
    };
    check();
    // A laptop that slept through the deadline wakes with late timers: look again when shown.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, graceMs, logout]);

  return null;
}
