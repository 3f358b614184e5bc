/**
 * Reading the session token (§3 logged-in user, §5 token decoding, §6 roles; docs/protocol.md "Login and the session
 * token").
 */
import { jwtDecode } from 'jwt-decode';
import { SessionClaims } from '../contract/index.ts';

export type Session = SessionClaims;

/**
 * Decode a session token. §5: a token that does not have exactly three dot-separated parts gives
 * null, as does one jwt-decode cannot read or whose payload lacks name or exp. A missing role reads
 * as ''. This only reads the token; the server checks its signature on every call.
 */
export function decodeSession(token: string): Session | null {
  if (token.split('.').length !== 3) return null;
  let payload: unknown;
  try {
    payload = jwtDecode(token);
  } catch {
    return null;
  }
  const parsed = SessionClaims.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** An expired token (exp in the past, in seconds) counts as not signed in. */
export function isSessionActive(session: Session, now: number = Date.now()): boolean {
  return session.exp * 1000 > now;
}

/** The decoded session if the token is well formed and not expired, else null. */
export function activeSession(token: string | null, now: number = Date.now()): Session | null {
  if (token === null) return null;
  const session = decodeSession(token);
  return session !== null && isSessionActive(session, now) ? session : null;
}
