import { describe, expect, it } from 'vitest';
import { activeSession, decodeSession } from '../../src/authProvider/session.ts';
import { allows } from '../../src/config/access.ts';
import { makeToken, inOneHour } from './fakes.ts';

describe('§5 token decoding', () => {
  const good = makeToken({ name: 'ops', role: 'Admin', exp: inOneHour() });

  it('§5 a token with exactly three dot-separated parts decodes', () => {
    expect(decodeSession(good)).toMatchObject({ name: 'ops', role: 'Admin' });
  });

  it.each([
    ['two parts', good.split('.').slice(0, 2).join('.')],
    ['four parts', `${good}.extra`],
    ['one part', 'garbage'],
    ['empty', ''],
  ])('§5 %s gives null', (_label, token) => {
    expect(decodeSession(token)).toBeNull();
  });

  it('§5 three parts that are not a JWT give null', () => {
    expect(decodeSession('a.b.c')).toBeNull();
  });

  it('§3 a missing role reads as the empty string', () => {
    expect(decodeSession(makeToken({ name: 'ops', exp: inOneHour() }))?.role).toBe('');
  });

  it('§6 an expired token counts as not signed in', () => {
    const expired = makeToken({ name: 'ops', role: 'Admin', exp: Math.floor(Date.now() / 1000) - 1 });
    expect(decodeSession(expired)).not.toBeNull();
    expect(activeSession(expired)).toBeNull();
    expect(activeSession(good)).not.toBeNull();
  });

  it('§6 Admin is exact: admin, ADMIN and Admin with spaces are not Admin', () => {
    expect(allows('admin', 'Admin')).toBe(true);
    for (const role of ['admin', 'ADMIN', ' Admin', 'Admin ', '', undefined, null]) {
      expect(allows('admin', role)).toBe(false);
    }
  });
});
