/**
 * Session tokens as the server keeps them: issued at sign-in, refused once revoked. A token is
 * genuine (jwt.ts) and also current: its session was not ended by sign-out, and its user's key has
 * not changed since it was issued. Both facts are kept in memory (read from the database at start),
 * so checking a request costs two lookups; revocations are written to the database first, so they
 * survive a restart.
 */
import type { SessionClaims } from '../../../src/contract/index.ts';
import type { Store } from '../db/store.ts';
import { signSession, verifySession, type SessionSubject } from './jwt.ts';

/** Verified tokens remembered; a full cache is emptied (a few consoles hold a token each). */
const VERIFIED_TOKENS_MAX = 1024;

/** A signed-in session: its claims, with the session's name that every issued token carries. */
export type Session = SessionClaims & { sid: string };

export interface Sessions {
  issue(subject: SessionSubject): string;
  /** The session of a genuine, unexpired, unrevoked token; null for anything else. Never throws. */
  verify(token: unknown): Session | null;
  /**
   * The session was revoked (its row written to revoked_sessions by the caller, in the caller's
   * transaction): its token is refused from here on and the listeners are told.
   */
  revoked(session: Session): void;
  /** Called with each revoked session's sid (the socket layer disconnects its sockets). */
  onRevoke(listener: (sid: string) => void): void;
}

export async function createSessions(store: Store, secret: string, now: () => number): Promise<Sessions> {
  // Revoked sessions by sid, with the time their token expires anyway (then they are forgotten).
  const revokedSids = new Map((await store.revokedSessions.active(now())).map((row) => [row.sid, row.expiresAt]));
  const validFrom = new Map((await store.accessKeys.list()).map((key) => [key.name, key.sessionsValidFrom]));
  const listeners: ((sid: string) => void)[] = [];
  // Tokens that verified, by their text: a console sends the same token with every call, and the
  // HMAC, base64 and JSON of a check cost a tenth of a page of GET /txs/. The same text always
  // verifies the same way under one secret, so on a hit only expiry and revocation are checked.
  const verified = new Map<string, Session>();

  const current = (claims: Session, nowMs: number): boolean =>
    claims.exp * 1000 > nowMs &&
    !revokedSids.has(claims.sid) &&
    // A key change happens at start, before this server issues anything: strictly after it.
    (claims.iat ?? 0) * 1000 > (validFrom.get(claims.name) ?? 0);

  return {
    issue: (subject) => signSession(subject, secret, now()),
    verify(token) {
      const nowMs = now();
      const known = typeof token === 'string' ? verified.get(token) : undefined;
      if (known) return current(known, nowMs) ? known : null;
      const claims = verifySession(token, secret, nowMs);
      // A token without a session name cannot be revoked, so it is not accepted.
      if (!claims || claims.sid === undefined) return null;
      const session: Session = { ...claims, sid: claims.sid };
      if (!current(session, nowMs)) return null;
      if (typeof token === 'string') {
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
        verified.set(token, session);
      }
      return session;
    },
    revoked(session) {
      const nowMs = now();
      for (const [sid, expiresAt] of revokedSids) if (expiresAt <= nowMs) revokedSids.delete(sid);
      revokedSids.set(session.sid, session.exp * 1000);
      for (const listener of listeners) listener(session.sid);
    },
    onRevoke(listener) {
      listeners.push(listener);
    },
  };
}
