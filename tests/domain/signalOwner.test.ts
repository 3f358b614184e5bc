import { describe, expect, it } from 'vitest';
import { ownedStorageName, signalOwnerOf } from '../../src/domain/signalOwner.ts';

describe('per-user signal state: signal state is named by its user', () => {
  it('puts the user after the storage name', () => {
    expect(ownedStorageName('signalPrefs', 'admin')).toBe('signalPrefs:admin');
    expect(ownedStorageName('operator-console-signals', 'operator')).toBe('operator-console-signals:operator');
  });

  it('two users never share a name, whatever their names hold', () => {
    const users = ['admin', 'operator', 'a:b', 'a', 'b', 'Admin', 'ops team', ''];
    const names = users.map((u) => ownedStorageName('signalPrefs', u));
    expect(new Set(names).size).toBe(users.length);
    expect(ownedStorageName('signalPrefs', 'a:b')).toBe('signalPrefs:a%3Ab');
  });

  it('no user is never the unkeyed name every user once shared', () => {
    expect(ownedStorageName('signalPrefs', '')).not.toBe('signalPrefs');
  });

  it('reads the user from the session claims; none for a token without a name', () => {
    expect(signalOwnerOf({ name: 'operator' })).toBe('operator');
    expect(signalOwnerOf({ name: 7 })).toBe('');
    expect(signalOwnerOf({})).toBe('');
    expect(signalOwnerOf(null)).toBe('');
  });
});
