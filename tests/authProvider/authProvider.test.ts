import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider, MISSING_KEY_MESSAGE } from '../../src/authProvider/createAuthProvider.ts';
import { createSecureTokenStorage } from '../../src/authProvider/secureStorage.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { API_KEY_STORAGE_KEY } from '../../src/config/constants.ts';
import { makeToken, MemoryKeyStore, MemoryStorage, sessionToken } from './fakes.ts';

function setup(token = sessionToken('ops', 'Operator')) {
  const keyStore = new MemoryKeyStore();
  const storage = new MemoryStorage();
  const requestToken = vi.fn(async (accessKey: string) => {
    if (accessKey !== 'right key') throw new ApiError(401, 'invalid access key');
    return token;
  });
  const onLogin = vi.fn();
  const deps = { storage: createSecureTokenStorage({ crypto: globalThis.crypto, keyStore, storage }), requestToken, onLogin };
  return { auth: createAuthProvider(deps), deps, keyStore, storage, requestToken, onLogin };
}

async function signedIn(token?: string) {
  const s = setup(token);
  await s.auth.login({ accessKey: 'right key' });
  return s;
}

describe('authProvider (§2, §6, §8)', () => {
  it('§6 login stores the token encrypted, never the access key, and re-arms reconnects', async () => {
    // The token is made once: made again, its exp could fall in the next second.
    const token = sessionToken('ops', 'Operator');
    const { auth, storage, onLogin } = await signedIn(token);
    const stored = storage.getItem(API_KEY_STORAGE_KEY) ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('right key');
    expect(auth.currentToken()).toBe(token);
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('§6 a wrong key rejects with the 401 and stores nothing', async () => {
    const { auth, storage, keyStore, onLogin } = setup();
    await expect(auth.login({ accessKey: 'wrong' })).rejects.toMatchObject({ status: 401 });
    expect(storage.items.size).toBe(0);
    expect(keyStore.key).toBeUndefined();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('§5 a token the console cannot read is refused and not stored', async () => {
    const { auth, storage } = setup('not.a-token');
    await expect(auth.login({ accessKey: 'right key' })).rejects.toThrow(/unreadable/);
    expect(storage.items.size).toBe(0);
  });

  it('§2/§8 checkAuth with no stored key logs "api key not found" and rejects', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth } = setup();
    await expect(auth.checkAuth({})).rejects.toThrow(MISSING_KEY_MESSAGE);
    expect(errors).toHaveBeenCalledWith('api key not found');
  });

  it('§6 checkAuth resolves once signed in, also for a new provider over the same storage', async () => {
    const { auth, deps } = await signedIn();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    const reopened = createAuthProvider(deps);
    expect(reopened.currentToken()).toBeNull();
    await expect(reopened.checkAuth({})).resolves.toBeUndefined();
    expect(reopened.currentToken()).toBe(auth.currentToken());
  });

  it('§6 an expired stored token is not a session: checkAuth rejects and storage is cleared', async () => {
    const shortLived = makeToken({ name: 'ops', role: 'Admin', exp: Math.floor(Date.now() / 1000) + 60 });
    const { deps, storage } = await signedIn(shortLived);
    const twoMinutesLater = createAuthProvider({ ...deps, now: () => Date.now() + 120_000 });
    await expect(twoMinutesLater.checkAuth({})).rejects.toThrow(/expired/);
    expect(storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    await expect(twoMinutesLater.getPermissions?.({})).resolves.toBe('');
  });

  it('§2 checkError 401 signs out (storage cleared) and rejects', async () => {
    const { auth, storage, keyStore } = await signedIn();
    await expect(auth.checkError(new ApiError(401, 'expired'))).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(keyStore.key).toBeUndefined();
    expect(auth.currentToken()).toBeNull();
  });

  it('§2 checkError 403 stays signed in', async () => {
    const { auth, storage } = await signedIn();
    await expect(auth.checkError(new ApiError(403, 'not allowed'))).resolves.toBeUndefined();
    expect(storage.getItem(API_KEY_STORAGE_KEY)).not.toBeNull();
    expect(auth.currentToken()).not.toBeNull();
  });

  it('§6 logout clears USER_API_KEY, the in-memory token and the key', async () => {
    const { auth, storage, keyStore } = await signedIn();
    await auth.logout({});
    expect(storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(keyStore.key).toBeUndefined();
    expect(auth.currentToken()).toBeNull();
    expect(await auth.getSessionToken()).toBeNull();
  });

  it('Login and the session token (protocol): logout closes the live connection first, then asks the server to revoke the token it held', async () => {
    const order: string[] = [];
    const token = sessionToken('ops', 'Operator');
    const s = setup(token);
    const revokeToken = vi.fn(async (revoked: string) => {
      order.push(`revoke ${revoked === token ? 'the session token' : revoked}`);
    });
    const auth = createAuthProvider({ ...s.deps, revokeToken, onLogout: () => order.push('live connection closed') });
    await auth.login({ accessKey: 'right key' });
    await auth.logout({});
    expect(order).toEqual(['live connection closed', 'revoke the session token']);
    expect(auth.currentToken()).toBeNull();
  });

  it('Login and the session token (protocol): logout does not wait for, nor fail on, a server that cannot revoke', async () => {
    const s = setup();
    const revokeToken = vi.fn(() => new Promise<never>((_resolve, reject) => setTimeout(() => reject(new ApiError(0, 'network error')), 50)));
    const auth = createAuthProvider({ ...s.deps, revokeToken });
    await auth.login({ accessKey: 'right key' });
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(revokeToken).toHaveBeenCalledOnce();
    expect(s.storage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 80));
  });

  it('Login and the session token (protocol): an expired token, or none, is not sent for revocation', async () => {
    const shortLived = makeToken({ name: 'ops', role: 'Admin', exp: Math.floor(Date.now() / 1000) + 60 });
    const s = await signedIn(shortLived);
    const revokeToken = vi.fn(async () => undefined);
    const later = createAuthProvider({ ...s.deps, revokeToken, now: () => Date.now() + 120_000 });
    await later.logout({});
    await createAuthProvider({ ...setup().deps, revokeToken }).logout({});
    expect(revokeToken).not.toHaveBeenCalled();
  });

  it('§3 getIdentity gives name and role; getPermissions the role', async () => {
    const { auth } = await signedIn(sessionToken('alice', 'Admin'));
    await expect(auth.getIdentity?.()).resolves.toEqual({ id: 'alice', fullName: 'alice', role: 'Admin' });
    await expect(auth.getPermissions?.({})).resolves.toBe('Admin');
  });

  it('§3 a missing role is the empty string, which is not Admin', async () => {
    const { auth } = await signedIn(sessionToken('bob', undefined));
    await expect(auth.getPermissions?.({})).resolves.toBe('');
    await expect(auth.canAccess?.({ action: 'list', resource: 'settings/configs' })).resolves.toBe(false);
  });

  it('§6 canAccess: admin-only resources need exactly Admin', async () => {
    const operator = (await signedIn(sessionToken('op', 'admin'))).auth;
    const admin = (await signedIn(sessionToken('ad', 'Admin'))).auth;
    const signedOut = setup().auth;
    expect(await operator.canAccess?.({ action: 'list', resource: 'tx' })).toBe(true);
    expect(await operator.canAccess?.({ action: 'create', resource: 'tx/new' })).toBe(false);
    expect(await operator.canAccess?.({ action: 'list', resource: 'settings/bridges/x' })).toBe(false);
    expect(await admin.canAccess?.({ action: 'list', resource: 'settings/configs' })).toBe(true);
    expect(await signedOut.canAccess?.({ action: 'list', resource: 'tx' })).toBe(false);
  });
});
