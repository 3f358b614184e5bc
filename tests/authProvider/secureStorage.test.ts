import { describe, expect, it } from 'vitest';
import { createSecureTokenStorage } from '../../src/authProvider/secureStorage.ts';
import { API_KEY_STORAGE_KEY } from '../../src/config/constants.ts';
import { MemoryKeyStore, MemoryStorage, sessionToken } from './fakes.ts';

function setup() {
  const keyStore = new MemoryKeyStore();
  const storage = new MemoryStorage();
  const secure = createSecureTokenStorage({ crypto: globalThis.crypto, keyStore, storage });
  return { keyStore, storage, secure };
}

describe('§6 the token is kept encrypted under USER_API_KEY', () => {
  const token = sessionToken('ops', 'Operator');

  it('§6 the stored value contains neither the token nor any of its parts in plain text', async () => {
    const { storage, secure } = setup();
    await secure.save(token);
    const stored = storage.getItem(API_KEY_STORAGE_KEY);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(token);
    for (const part of token.split('.')) expect(stored).not.toContain(part);
    expect(Buffer.from(stored ?? '', 'base64').toString('latin1')).not.toContain('ops');
  });

  it('§6 round trip: what is saved loads back, with a fresh iv each time', async () => {
    const { storage, secure } = setup();
    await secure.save(token);
    const first = storage.getItem(API_KEY_STORAGE_KEY);
    expect(await secure.load()).toBe(token);
    await secure.save(token);
    expect(storage.getItem(API_KEY_STORAGE_KEY)).not.toBe(first);
    expect(await secure.load()).toBe(token);
  });

  it('§6 the key is generated non-extractable', async () => {
    const { keyStore, secure } = setup();
    await secure.save(token);
    expect(keyStore.key?.extractable).toBe(false);
  });

  it('§6 a copied value is useless without the same key store', async () => {
    const a = setup();
    const b = setup();
    await a.secure.save(token);
    b.storage.setItem(API_KEY_STORAGE_KEY, a.storage.getItem(API_KEY_STORAGE_KEY) ?? '');
    expect(await b.secure.load()).toBeNull();
    expect(b.storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
  });

  it('§6 a tampered value reads as not signed in', async () => {
    const { storage, secure } = setup();
    await secure.save(token);
    const stored = storage.getItem(API_KEY_STORAGE_KEY) ?? '';
    const bytes = Buffer.from(stored, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    storage.setItem(API_KEY_STORAGE_KEY, bytes.toString('base64'));
    expect(await secure.load()).toBeNull();
  });

  it('§6 clear removes the stored value and the key', async () => {
    const { keyStore, storage, secure } = setup();
    await secure.save(token);
    await secure.clear();
    expect(storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(keyStore.key).toBeUndefined();
    expect(await secure.load()).toBeNull();
  });
});
