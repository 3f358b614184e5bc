/**
 * Session tokens: HS256-only JWTs. A token is verified by fast-jwt (a kept library rather than our
 * own code: docs/decisions.md "Session tokens: our own HS256 signing, fast-jwt to verify"):
 * algorithm pinned to HS256, signature checked in its canonical base64url spelling, exp required
 * and checked against the injected clock. Before it, the header must be exactly HS256 (no `none`,
 * no other algorithm, no extra header fields) and the token no longer than any this server issues.
 * Each token names its session (`sid`) so that sign-out can revoke it, and carries its issue time
 * to the millisecond (`iat` is a NumericDate, which RFC 7519 allows to be fractional) so that a key
 * change revokes exactly the tokens before it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { SESSION_MS } from '../../../src/config/constants.ts';
import { SessionClaims } from '../../../src/contract/index.ts';

export interface SessionSubject {
  name: string;
  role: string;
}

const Header = z.object({ alg: z.literal('HS256'), typ: z.literal('JWT').optional() }).strict();
const ENCODED_HEADER = encodeJson({ alg: 'HS256', typ: 'JWT' });
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** Far above any token this server issues; bounds the work done on garbage. */
const MAX_TOKEN_LENGTH = 4096;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** Issues a session token valid for SESSION_MS (§9: 60 min minus 1 s) from nowMs. */
export function signSession(subject: SessionSubject, secret: string, nowMs: number, sessionMs = SESSION_MS): string {
  const claims: SessionClaims = {
    name: subject.name,
    role: subject.role,
    sid: randomBytes(16).toString('base64url'),
    iat: nowMs / 1000,
    exp: Math.floor((nowMs + sessionMs) / 1000),
  };
  const signingInput = `${ENCODED_HEADER}.${encodeJson(claims)}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token; null for anything else. Never throws. */
export function verifySession(token: unknown, secret: string, nowMs: number): SessionClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return null;
  if (!Header.safeParse(decodeJson(header)).success) return null;
  // One spelling per signature: fast-jwt compares bytes, and the last character's unused bits could differ.
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return null;

  let verified: unknown;
  try {
    // One per call: the clock is the caller's (sessions.ts remembers tokens that verified, so this runs once a token).
    const verify = createVerifier({ key: secret, algorithms: ['HS256'], clockTimestamp: nowMs, requiredClaims: ['exp'], cache: false });
    verified = verify(token);
  } catch {
    return null;
  }
  const claims = SessionClaims.safeParse(verified);
  if (!claims.success || claims.data.name === '') return null;
  // fast-jwt refuses a token from exp on; checked again here so the rule is visible where it is relied on.
  return claims.data.exp * 1000 > nowMs ? claims.data : null;
}
