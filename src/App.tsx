/**
 * <Admin> wiring only (docs/architecture.md "The tree"): providers, layout, dashboard, a <Resource> per definition,
 * routes. Real paths (docs/decisions.md trap 2): react-admin uses the router it is wrapped in, a BrowserRouter here and
 * a memory router in tests.
 * Routing rules of §2/§6, from the access table (src/config/access.ts): RequireSession (in
 * Layout) sends visitors without a session to /login; a screen the role may not open goes to /.
 */
import { useMemo } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, type DataProvider, type Store } from 'react-admin';
import { APP_LABEL } from './config/constants.ts';
import { refusedScreensFor, screensFor } from './config/access.ts';
import { authProvider as browserAuthProvider, getSessionToken, type AppAuthProvider } from './authProvider/index.ts';
import { createApiClient, createDataProvider, createRealtimeChannel, getApiOrigin, type AppDataProvider } from './dataProvider/index.ts';
// The store alone: the socket and its handlers load after sign-in.
import { liveStore } from './realtime/index.ts';
import { pathOf } from './kit/definition.ts';
import { DefinitionsContext } from './kit/DefinitionsContext.tsx';
import { publishLiveChanges, resourceRoutes } from './kit/liveWiring.ts';
import { resourcesFor, withResourceAccess } from './kit/register.tsx';
import { Layout } from './layout/Layout.tsx';
import { LoginPage } from './layout/LoginPage.tsx';
import { Loading } from './layout/Loading.tsx';
import { RedirectHome } from './layout/RedirectHome.tsx';
import { DEFINITIONS, HomeScreen, Screen } from './screens/index.tsx';
import { darkTheme, lightTheme } from './theme.ts';
import { NoRaNotification } from './notifications/index.ts';

/** Realtime events of the resources, published from the live store's per-frame collection changes. */
const realtime = createRealtimeChannel();
publishLiveChanges(DEFINITIONS, liveStore, realtime);

/**
 * The one way to the server: /api with the session's token as x-api-key (the token getter is wired
 * here), every definition's records (REST or the live store) and the realtime channel.
 */
const apiDataProvider: AppDataProvider = createDataProvider(createApiClient({ getToken: getSessionToken, getOrigin: getApiOrigin }), {
  routes: resourceRoutes(DEFINITIONS, liveStore, () => apiDataProvider),
  realtime,
});

/** The role's screens that are not resources, as routes; / is react-admin's dashboard and /login its loginPage. */
function screenRoutes(role: unknown) {
  const resourcePaths = new Set(DEFINITIONS.map(pathOf));
  const allowed = screensFor(role).filter((r) => r.path !== '/' && !resourcePaths.has(r.path));
  // A screen the role may not see goes home, also where a resource's /:id would otherwise take it (/tx/new).
  const refused = refusedScreensFor(role).filter((r) => !resourcePaths.has(r.path));
  return [
    ...allowed.map((r) => <Route key={r.path} path={r.path} element={<Screen path={r.path} />} />),
    ...refused.map((r) => <Route key={r.path} path={r.path} element={<RedirectHome />} />),
  ];
}

export interface ConsoleAdminProps {
  authProvider?: AppAuthProvider;
  dataProvider?: DataProvider;
  /** react-admin's preference store (theme choice, sidebar); localStorage by default. */
  store?: Store;
}

export function ConsoleAdmin({ authProvider = browserAuthProvider, dataProvider = apiDataProvider, store }: ConsoleAdminProps) {
  const withAccess = useMemo(() => withResourceAccess(authProvider, DEFINITIONS), [authProvider]);
  return (
    <DefinitionsContext.Provider value={DEFINITIONS}>
    <Admin
      title={APP_LABEL}
      authProvider={withAccess}
      dataProvider={dataProvider}
      store={store}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={HomeScreen}
      catchAll={RedirectHome}
      accessDenied={RedirectHome}
      authenticationError={RedirectHome}
      loading={Loading}
      notification={NoRaNotification}
      disableTelemetry
    >
      {(role: unknown) => (
        <>
          {resourcesFor(DEFINITIONS, role)}
          <CustomRoutes>{screenRoutes(role)}</CustomRoutes>
        </>
      )}
    </Admin>
    </DefinitionsContext.Provider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <ConsoleAdmin />
    </BrowserRouter>
  );
}
