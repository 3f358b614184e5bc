/** Renders the whole console at a path in a memory router, with fake auth backends and no network. */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { ConsoleAdmin } from '../../src/App.tsx';
import { createDataProvider, type ApiFetch } from '../../src/dataProvider/index.ts';
import { createAuthProvider, type AuthProviderDeps } from '../../src/authProvider/createAuthProvider.ts';
import type { SecureTokenStorage } from '../../src/authProvider/secureStorage.ts';
import { sessionToken } from '../authProvider/fakes.ts';

// The signed-in frame is a lazy chunk (src/layout/Layout.tsx). Under vitest its modules are
// transformed on first import, which can take seconds on a busy machine: start that as soon as a
// test uses this harness, so a first signed-in screen is not held up by it. Awaited, not left in
// flight: a file could otherwise end while it still loads (an import after teardown fails the run).
await import('../../src/layout/SignedInLayout.tsx');

// Each lazy screen is transformed on its first import in a test run, which can take over the
// default 1 s when test files run in parallel.
configure({ asyncUtilTimeout: 5000 });

/** The encrypted storage's contract, kept in a variable (its crypto is tested on its own). */
export function memoryTokenStorage(initial: string | null = null): SecureTokenStorage & { value: string | null } {
  return {
    value: initial,
    async save(token) {
      this.value = token;
    },
    async load() {
      return this.value;
    },
    async clear() {
      this.value = null;
    },
  };
}

/** No network: the real data provider over an /api client whose requests never answer, so screens stay loading. */
const unanswered: ApiFetch = () => new Promise(() => undefined);
export const noNetworkDataProvider = () => createDataProvider({ apiFetch: unanswered, httpClient: () => new Promise(() => undefined) });

export type Who = 'anonymous' | 'Operator' | 'Admin';

export interface RenderOptions {
  requestToken?: AuthProviderDeps['requestToken'];
  /** The stored token, instead of a fresh one for `who`. */
  token?: string;
}

export function renderConsole(path: string, who: Who, { requestToken, token }: RenderOptions = {}) {
  const storage = memoryTokenStorage(token ?? (who === 'anonymous' ? null : sessionToken(`${who.toLowerCase()}-user`, who)));
  const auth = createAuthProvider({
    storage,
    requestToken: requestToken ?? (async () => Promise.reject(new Error('no login in this test'))),
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <ConsoleAdmin authProvider={auth} dataProvider={noNetworkDataProvider()} store={memoryStore()} /> }],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, storage, auth };
}
