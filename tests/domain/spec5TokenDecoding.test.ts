/**
 * Bad input: §5 token decoding at its edges (src/authProvider/session.ts). The console only reads
 * the token (the server checks its signature); what it reads must never be more than the three-part
 * rule and the claims allow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeSession, decodeSession } from '../../src/authProvider/session.ts';
import { inOneHour, makeToken } from '../authProvider/fakes.ts';

const b64 = (value: string) => Buffer.from(value).toString('base64url');

describe('§5 token decoding: exactly three dot-separated parts', () => {
  it('§5 any text without exactly three dot-separated parts gives null (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        fc.pre(text.split('.').length !== 3);
        expect(decodeSession(text)).toBeNull();
      }),
      { numRuns: 2000 },
    );
    // The same around a real token: a dot more or less anywhere is refused.
    const good = makeToken({ name: 'ops', role: 'Admin', exp: inOneHour() });
    for (const token of [`.${good}`, `${good}.`, good.replace('.', '..'), good.replace('.', ''), `${good}.${good}`]) {
      expect(decodeSession(token), token).toBeNull();
    }
  });

  it('§5 three parts that do not carry a JSON object with name and exp give null', () => {
    const header = b64('{"alg":"HS256"}');
    const payloads = ['', '..', '{}', '[]', 'null', '"ops"', '42', '{"name":"ops"}', '{"exp":1}', '{"name":1,"exp":1}', '{"name":"ops","exp":"1"}', '{"name":"ops","exp":1,"role":7}', '{not json'];
    for (const payload of payloads) expect(decodeSession(`${header}.${b64(payload)}.sig`), payload).toBeNull();
    for (const token of ['..', 'a..c', `${header}.%%%.sig`, `${header}.${b64('{"name":"ops","exp":1}')}`]) {
      expect(decodeSession(token), token).toBeNull();
    }
  });

  it('§3 claims round-trip: name (any Unicode), role (or "" when absent) and exp read back as written (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.option(fc.string({ unit: 'grapheme', maxLength: 20 }), { nil: undefined }), fc.integer({ min: 0, max: 2 ** 40 }), (name, role, exp) => {
        const token = makeToken(role === undefined ? { name, exp } : { name, role, exp });
        expect(decodeSession(token)).toEqual({ name, role: role ?? '', exp });
      }),
    );
  });

  it('§3 extra claims, including __proto__ and constructor, are dropped and pollute nothing', () => {
    const header = b64('{"alg":"HS256"}');
    const payload = b64(`{"name":"ops","role":"Admin","exp":${inOneHour()},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"isAdmin":true}`);
    const session = decodeSession(`${header}.${payload}.sig`);
    expect(session).toEqual({ name: 'ops', role: 'Admin', exp: expect.any(Number) });
    expect(Object.getPrototypeOf(session)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('§6 expiry is exact to the second: active one second before exp, not at it', () => {
    const exp = 2_000_000_000;
    const token = makeToken({ name: 'ops', role: 'Admin', exp });
    expect(activeSession(token, exp * 1000 - 1)).not.toBeNull();
    expect(activeSession(token, exp * 1000)).toBeNull();
    expect(activeSession(null, 0)).toBeNull();
    expect(activeSession('not.a.token', 0)).toBeNull();
  });
});
