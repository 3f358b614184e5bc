/**
 * Resource definitions rendered as App.tsx registers them: <Admin> with a <Resource> per definition
 * (resourcesFor), canAccess from the definitions (withResourceAccess), and the real data provider
 * (createDataProvider over the /api client with a fake fetch, routes from resourceRoutes over the
 * app's live store, the realtime channel fed by publishLiveChanges) and the app's theme. Only the
 * layout is bare.
 */
import type { ReactNode } from 'react';
import { act, configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Admin, memoryStore, useNotificationContext } from 'react-admin';
import { vi } from 'vitest';
import type { AppAuthProvider } from '../../src/authProvider/index.ts';
import type { ServerEventPayload } from '../../src/contract/index.ts';
import type { ApiClient } from '../../src/dataProvider/apiFetch.ts';
import { createDataProvider, type AppDataProvider } from '../../src/dataProvider/index.ts';
import { createRealtimeChannel } from '../../src/dataProvider/realtime.ts';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { lightTheme } from '../../src/theme.ts';
import type { ResourceDefinition } from '../../src/kit/definition.ts';
import { DefinitionsContext } from '../../src/kit/DefinitionsContext.tsx';
import { publishLiveChanges, resourceRoutes } from '../../src/kit/liveWiring.ts';
import { resourcesFor, withResourceAccess } from '../../src/kit/register.tsx';
import { handlerContext, initPayload } from '../realtime/fixtures.ts';
import { fakeApi } from '../support/fakeFetch.ts';

// Lazy kit views are transformed on first import, which can be slow when files run in parallel.
// Awaited here, not left in flight: a short file that only borrows a helper could end while they
// still load, and the import would then fail after the environment was torn down (seen in CI).
configure({ asyncUtilTimeout: 5000 });
await Promise.all([import('../../src/kit/ResourceList.tsx'), import('../../src/kit/ResourceForm.tsx')]);

export type Role = 'Admin' | 'Operator';

/**
 * tests/setup.ts fails a test on any console.error. react-admin 5.15 still passes MUI 5's props
 * that MUI 9 dropped (`InputProps` from ResettableTextField, i.e. every TextInput; `inputProps` from
 * the DataTable's select-all Checkbox), which React reports in development. Those known warnings
 * are let through here; anything else still fails the test.
 */
export function allowKnownReactAdminWarnings(): void {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('React does not recognize the `%s` prop') && (args[1] === 'InputProps' || args[1] === 'inputProps')) return;
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
}

/** An auth provider that is signed in with a role; the console's own rules come from withResourceAccess. */
export function signedInAs(role: Role): AppAuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getIdentity: async () => ({ id: `${role.toLowerCase()}-user`, fullName: role }),
    getSessionToken: async () => 'tok.en.jwt',
    currentToken: () => 'tok.en.jwt',
  } as unknown as AppAuthProvider;
}

/** What react-admin's notify said, as text (the app's toasts are the signed-in frame's, not mounted here). */
function Notified() {
  const { notifications } = useNotificationContext();
  return (
    <ul aria-label="Notifications">
      {notifications.map((n, i) => (
        <li key={i}>{typeof n.message === 'string' ? n.message : ''}</li>
      ))}
    </ul>
  );
}

const Bare = ({ children }: { children?: ReactNode }) => (
  <>
    {children}
    <Notified />
  </>
);

export interface KitOptions {
  role?: Role;
  /** The /api client: a fake fetch's by default (tests/support/fakeFetch.ts), or one over msw. */
  api?: ApiClient;
  definitions?: readonly ResourceDefinition[];
  /** The layout around the screens: bare (react-admin's notify as a list) by default. */
  layout?: (props: { children?: ReactNode }) => ReactNode;
}

const stops: (() => void)[] = [];

export function renderKit<A extends ApiClient = ReturnType<typeof fakeApi>>(
  path: string,
  { role = 'Admin', api = fakeApi() as ApiClient as A, definitions = DEFINITIONS, layout = Bare }: Omit<KitOptions, 'api'> & { api?: A } = {},
) {
  const realtime = createRealtimeChannel();
  stops.push(publishLiveChanges(definitions, liveStore, realtime));
  const dataProvider: AppDataProvider = createDataProvider(api, { routes: resourceRoutes(definitions, liveStore, () => dataProvider), realtime });
  const authProvider = withResourceAccess(signedInAs(role), definitions);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DefinitionsContext.Provider value={definitions}>
            <Admin dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()} layout={layout} theme={lightTheme} disableTelemetry>
              {(permissions: unknown) => resourcesFor(definitions, permissions)}
            </Admin>
          </DefinitionsContext.Provider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, api, realtime, dataProvider, authProvider };
}

/** Let the live store's frame flush reach subscribers (and the realtime events go out). */
export async function nextFrame(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

/** A socket event through the real handlers, then its frame. */
export async function serverEvent(name: string, payload: unknown): Promise<void> {
  dispatchServerEvent(name, payload, handlerContext(liveStore).ctx);
  await nextFrame();
}

/** The socket's init: what the live resources list. */
export async function liveInit(over: Partial<ServerEventPayload<'init'>> = {}): Promise<void> {
  await serverEvent('init', initPayload(over));
}

/** After each test: back to no live data and no realtime publishing. */
export async function resetKit(): Promise<void> {
  for (const stop of stops.splice(0)) stop();
  await act(async () => {
    liveStore.reset();
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
  vi.restoreAllMocks();
}
