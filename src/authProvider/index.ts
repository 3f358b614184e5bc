/** The console's AuthProvider wired to the browser: Web Crypto, IndexedDB, localStorage, POST /api/login. */
import { LoginResponse, type LoginRequest } from '../contract/index.ts';
import { createApiFetch } from '../dataProvider/apiFetch.ts';
import { getApiOrigin } from '../dataProvider/runtimeConfig.ts';
import { resetReconnectFlag, endLiveSessions } from '../realtime/index.ts';
import { SPLASH_SEEN_KEY } from '../config/constants.ts';
import { createAuthProvider } from './createAuthProvider.ts';
import { createSecureTokenStorage, indexedDbKeyStore, type StringStorage } from './secureStorage.ts';

export { createAuthProvider, MISSING_KEY_MESSAGE, type AppAuthProvider, type AuthProviderDeps } from './createAuthProvider.ts';
export { decodeSession, activeSession, type Session } from './session.ts';

// Globals are read on use, not at import, so modules importing this one load where they are absent.
const browserStorage: StringStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

/** Login sends no x-api-key: there is no session yet. */
const loginFetch = createApiFetch({ getToken: async () => null, getOrigin: getApiOrigin });

export const authProvider = createAuthProvider({
  storage: createSecureTokenStorage({ crypto: globalThis.crypto, keyStore: indexedDbKeyStore(), storage: browserStorage }),
  requestToken: async (accessKey) => {
    const body: LoginRequest = { accessKey };
    return LoginResponse.parse(await loginFetch('/login', { method: 'POST', body })).token;
  },
  onLogin: () => {
    resetReconnectFlag();
    // §2: the splash loader greets every fresh sign-in.
    sessionStorage.removeItem(SPLASH_SEEN_KEY);
  },
  onLogout: endLiveSessions,
  revokeToken: (token) => createApiFetch({ getToken: async () => token, getOrigin: getApiOrigin })('/logout', { method: 'POST' }),
});

export const getSessionToken = (): Promise<string | null> => authProvider.getSessionToken();
export const currentToken = (): string | null => authProvider.currentToken();
export { SessionExpiryGuard, SESSION_EXPIRED_LOGIN_PATH, SESSION_END_GRACE_MS, msUntilSignOut } from './SessionExpiryGuard.tsx';
