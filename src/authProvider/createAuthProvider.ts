/**
 * The react-admin AuthProvider (§2 rules, §6 roles, §8 'api key not found'). It takes its
 * dependencies as arguments so tests pass fakes; index.ts wires the browser's.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { allows, pathAccessOf } from '../config/access.ts';
import { activeSession, type Session } from './session.ts';
import type { SecureTokenStorage } from './secureStorage.ts';
import { errorStatus } from '../dataProvider/apiFetch.ts';

export interface AuthProviderDeps {
  storage: SecureTokenStorage;
  /** POST /api/login {accessKey} -> token; rejects with the API error (401 for a wrong key). */
  requestToken: (accessKey: string) => Promise<string>;
  /** Called after a successful sign-in (the realtime layer re-arms its reconnect flag). */
  onLogin?: () => void;
  /** POST /api/logout with the session's token: the server revokes the session (protocol.md "Login and the session token"). */
  revokeToken?: (token: string) => Promise<unknown>;
  /** Called first on sign-out, before the server is told (the realtime layer closes its socket). */
  onLogout?: () => void;
  now?: () => number;
}

export interface LoginParams {
  accessKey: string;
}

export type AppAuthProvider = AuthProvider & {
  login(params: LoginParams): Promise<void>;
  /** The session token, read from encrypted storage on first use. */
  getSessionToken(): Promise<string | null>;
  /** The in-memory copy: null until getSessionToken (or checkAuth) has resolved once. */
  currentToken(): string | null;
};

export const MISSING_KEY_MESSAGE = 'api key not found';

export function createAuthProvider({ storage, requestToken, onLogin, revokeToken, onLogout, now = Date.now }: AuthProviderDeps): AppAuthProvider {
  let token: string | null = null;
  let loaded: Promise<string | null> | undefined;

  const getSessionToken = (): Promise<string | null> => {
    loaded ??= storage
      .load()
      .catch((error: unknown) => {
        console.error('could not read the stored session', error);
        return null;
      })
      .then((t) => (token = t));
    return loaded;
  };

  const session = async (): Promise<Session | null> => activeSession(await getSessionToken(), now());

  const signOut = async (): Promise<void> => {
    token = null;
    loaded = Promise.resolve(null);
    await storage.clear();
  };

  return {
    getSessionToken,
    currentToken: () => token,

    async login({ accessKey }) {
      const received = await requestToken(accessKey);
      if (activeSession(received, now()) === null) throw new Error('the server sent an unreadable session token');
      await storage.save(received);
      token = received;
      loaded = Promise.resolve(received);
      onLogin?.();
    },

    async logout() {
      const ending = token ?? (await getSessionToken());
      onLogout?.();
      try {
        await signOut();
      } catch (error) {
        // The stored value and the in-memory copy are gone already; a stuck key must not block sign-out.
        console.error('could not delete the storage key', error);
      }
      // The server revokes the session, so a copy of the token is worthless from now on. Not awaited:
      // sign-out must not wait on a server that may be down (the failure is logged by the API client).
      // An expired token is not sent: the server would only refuse it.
      if (ending !== null && revokeToken && activeSession(ending, now()) !== null) {
        revokeToken(ending).catch(() => undefined);
      }
    },

    async checkAuth() {
      const stored = await getSessionToken();
      if (stored === null) {
        console.error(MISSING_KEY_MESSAGE);
        throw new Error(MISSING_KEY_MESSAGE);
      }
      if (activeSession(stored, now()) === null) {
        await signOut();
        throw new Error('session expired');
      }
    },

    async checkError(error: unknown) {
      // 401: the token is missing, invalid or expired, so sign out. 403: signed in but not allowed;
      // the caller shows that and the session stays.
      if (errorStatus(error) === 401) {
        await signOut();
        throw error;
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const current = await session();
      if (current === null) throw new Error('not signed in');
      return { id: current.name, fullName: current.name, role: current.role };
    },

    /** The role; '' when not signed in, which grants nothing beyond public routes. */
    async getPermissions() {
      return (await session())?.role ?? '';
    },

    /** §6 By the access table's path rule (src/config/access.ts); a resource's own actions are answered by the kit (withResourceAccess). */
    async canAccess({ resource }) {
      const current = await session();
      if (current === null) return false;
      return allows(pathAccessOf(`/${resource}`), current.role);
    },
  };
}
