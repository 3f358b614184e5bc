import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_MS } from '../../src/config/constants.ts';
import { SessionClaims } from '../../src/contract/index.ts';
import { signSession, verifySession } from '../../server/src/auth/jwt.ts';
import { base64urlJson, makeApp, SECRET, START } from './helpers.ts';

const subject = { name: 'alice', role: 'Admin' };

describe('session token (protocol: Login and the session token)', () => {
  it('§9 is a three-part JWT whose exp is issue time plus 60 min minus 1 s', () => {
    const token = signSession(subject, SECRET, START);
    expect(token.split('.')).toHaveLength(3);
    const claims = SessionClaims.parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()));
    expect(claims).toEqual({ name: 'alice', role: 'Admin', iat: START / 1000, exp: (START + SESSION_MS) / 1000, sid: expect.any(String) });
    expect(SESSION_MS).toBe(60 * 60 * 1000 - 1000);
  });

  it('Login and the session token (protocol): each token names its own session (sid), so sign-out can revoke exactly it', () => {
    const sids = [signSession(subject, SECRET, START), signSession(subject, SECRET, START)].map(
      (token) => SessionClaims.parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).sid,
    );
    expect(sids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sids[1]).not.toBe(sids[0]);
  });

  it('verifies until exp and not from exp on', () => {
    const token = signSession(subject, SECRET, START);
    expect(verifySession(token, SECRET, START + SESSION_MS - 1)).toMatchObject(subject);
    expect(verifySession(token, SECRET, START + SESSION_MS)).toBeNull();
  });

  it('rejects a header that is not exactly HS256, even with a valid HMAC-SHA256 signature', () => {
    const payload = base64urlJson({ ...subject, exp: (START + SESSION_MS) / 1000 });
    const signed = (header: object) => {
      const input = `${base64urlJson(header)}.${payload}`;
      return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    };
    expect(verifySession(signed({ alg: 'HS256', typ: 'JWT' }), SECRET, START)).toMatchObject(subject);
    for (const header of [{ alg: 'none' }, { alg: 'HS384', typ: 'JWT' }, { alg: 'HS256', typ: 'JWT', kid: 'x' }, {}]) {
      expect(verifySession(signed(header), SECRET, START)).toBeNull();
    }
  });

  it('rejects a tampered payload, a truncated signature and non-string input', () => {
    const token = signSession(subject, SECRET, START);
    const [header, , signature] = token.split('.') as [string, string, string];
    const tampered = base64urlJson({ name: 'alice', role: 'Admin', exp: (START + 10 * SESSION_MS) / 1000 });
    expect(verifySession(`${header}.${tampered}.${signature}`, SECRET, START)).toBeNull();
    expect(verifySession(token.slice(0, -2), SECRET, START)).toBeNull();
    expect(verifySession(`${token}.x`, SECRET, START)).toBeNull();
    expect(verifySession(undefined, SECRET, START)).toBeNull();
    expect(verifySession(['a', 'b'], SECRET, START)).toBeNull();
  });
});

describe('§9 session expiry on the REST API, with the injected clock', () => {
  it('a token works just before exp and answers 401 after it', async () => {
    const t = await makeApp();
    const call = () =>
      t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: { 'x-api-key': t.operatorToken }, payload: { updates: { sellOnly: false } } });
    expect((await call()).statusCode).toBe(200);
    t.clock.advance(SESSION_MS - 1000);
    expect((await call()).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'unauthorized' });
    await t.app.close();
  });
});

describe('session tokens verified by a kept library (fast-jwt)', () => {
  it('a signature in a second spelling of the same bytes (other padding bits in its last character) is refused', () => {
    const token = signSession(subject, SECRET, START);
    const signature = token.split('.')[2] ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1) ?? 'A');
    // 32 bytes in 43 characters: the last character's two low bits carry nothing.
    const respelled = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifySession(token, SECRET, START)).toMatchObject(subject);
    expect(verifySession(`${token.split('.').slice(0, 2).join('.')}.${respelled}`, SECRET, START)).toBeNull();
  });
});
