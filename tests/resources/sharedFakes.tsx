/**
 * The bridges resource as App.tsx registers it: <Admin> with the bridges definition's <Resource>
 * (resourcesFor), canAccess from the definition, and the real data provider (REST writes over the
 * /api client with a fake fetch, live records from the app's live store, realtime events from its
 * frames) with harness.tsx's spies in place of the custom calls (bridge fees answered).
 */
import type { ReactNode } from 'react';
import { act, configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Admin, memoryStore, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import type { AppAuthProvider } from '../../src/authProvider/index.ts';
import { createDataProvider, createRealtimeChannel, type AppDataProvider } from '../../src/dataProvider/index.ts';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { bridges } from '../../src/screens/bridges/index.ts';
import { DefinitionsContext } from '../../src/kit/DefinitionsContext.tsx';
import { publishLiveChanges, resourceRoutes } from '../../src/kit/liveWiring.ts';
import { resourcesFor, withResourceAccess } from '../../src/kit/register.tsx';
import { fakeApi as fakeRest, json, type SeenRequest } from '../support/fakeFetch.ts';
import { fakeResourceApi } from './harness.tsx';

// Lazy kit views are transformed on first import, which can be slow when files run in parallel.
configure({ asyncUtilTimeout: 5000 });
// Awaited, not left in flight: a file could end while they still load (kitHarness.tsx says why).
await Promise.all([
  import('../../src/kit/ResourceList.tsx'),
  import('../../src/kit/ResourceForm.tsx'),
  import('../../src/screens/bridges/BridgeAutomation.tsx'),
  import('../../src/screens/bridges/SolanaScreen.tsx'),
]);

export function fakeApi() {
  const api = fakeResourceApi();
  api.bridgeFees.mockResolvedValue({ fees: {} });
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** The server's answer to a bridge write: the body with the next version; DELETE says ok. */
export const savesBridges = (r: SeenRequest) => {
  if (!r.path.startsWith('/bridges') || r.method === 'GET') return undefined;
  if (r.method === 'DELETE') return json({ ok: true });
  return json({ ...(r.body as object), version: ((r.body as { version?: number }).version ?? 0) + 1 });
};

/**
 * tests/setup.ts fails a test on any console.error. react-admin 5.15 still passes MUI 5's props
 * that MUI 9 dropped (`InputProps`, `inputProps`), which React reports in development; those known
 * warnings are let through, anything else still fails the test.
 */
export function allowKnownReactAdminWarnings(): void {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('React does not recognize the `%s` prop') && (args[1] === 'InputProps' || args[1] === 'inputProps')) return;
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
}

const admin = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'Admin',
  getIdentity: async () => ({ id: 'admin-user', fullName: 'Admin' }),
} as unknown as AppAuthProvider;

const Bare = ({ children }: { children?: ReactNode }) => <>{children}</>;
const stops: (() => void)[] = [];

export function renderBridgesAt(path: string, api: FakeApi = fakeApi(), rest = fakeRest(savesBridges)) {
  const definitions = [bridges];
  const realtime = createRealtimeChannel();
  stops.push(publishLiveChanges(definitions, liveStore, realtime));
  const real: AppDataProvider = createDataProvider(rest, { routes: resourceRoutes(definitions, liveStore, () => real), realtime });
  const dataProvider = { ...real, ...api } as unknown as DataProvider;
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      {
        path: '*',
        element: (
          <DefinitionsContext.Provider value={definitions}>
            <Admin dataProvider={dataProvider} authProvider={withResourceAccess(admin, definitions)} store={memoryStore()} layout={Bare} disableTelemetry>
              {(permissions: unknown) => resourcesFor(definitions, permissions)}
            </Admin>
          </DefinitionsContext.Provider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { api, rest, router };
}

/** After each test: no realtime publishing from this file's renders. */
export async function stopBridges(): Promise<void> {
  for (const stop of stops.splice(0)) stop();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
