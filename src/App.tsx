/**
 * <Admin> wiring only (STYLE): providers, layout, dashboard, routes. Real paths (STACK trap 2):
 * react-admin uses the router it is wrapped in, a BrowserRouter here and a memory router in tests.
 * Routing rules of SPEC §2/§6: RequireSession (in Layout) sends visitors without a session to
 * /login; admin routes are registered only for the Admin role, so for anyone else they fall to the
 * catch-all, which goes to /.
 */
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, type DataProvider, type Store } from 'react-admin';
import { APP_LABEL } from './config/constants.ts';
import { authProvider as browserAuthProvider, getSessionToken, type AppAuthProvider } from './authProvider/index.ts';
import { createApiFetch, createDataProvider, getApiOrigin } from './dataProvider/index.ts';
import { Layout } from './layout/Layout.tsx';
import { LoginPage } from './layout/LoginPage.tsx';
import { Loading } from './layout/Loading.tsx';
import { RedirectHome } from './layout/RedirectHome.tsx';
import { HomeScreen, Screen } from './pages/index.tsx';
import { screensFor } from './authProvider/screens.ts';
import { darkTheme, lightTheme } from './theme.ts';
import { NoRaNotification } from './notifications/index.ts';

/** The one way to the server: /api with the session's token as x-api-key (the token getter is wired here). */
const apiDataProvider = createDataProvider(createApiFetch({ getToken: getSessionToken, getOrigin: getApiOrigin }));

/** The role's screens as routes; / is react-admin's dashboard and /login its loginPage. */
function screenRoutes(role: unknown) {
  return screensFor(role)
    .filter((r) => r.path !== '/')
    .map((r) => <Route key={r.path} path={r.path} element={<Screen path={r.path} />} />);
}

export interface ConsoleAdminProps {
  authProvider?: AppAuthProvider;
  dataProvider?: DataProvider;
  /** react-admin's preference store (theme choice, sidebar); localStorage by default. */
  store?: Store;
}

export function ConsoleAdmin({ authProvider = browserAuthProvider, dataProvider = apiDataProvider, store }: ConsoleAdminProps) {
  return (
    <Admin
      title={APP_LABEL}
      authProvider={authProvider}
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
      {(role: unknown) => <CustomRoutes>{screenRoutes(role)}</CustomRoutes>}
    </Admin>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <ConsoleAdmin />
    </BrowserRouter>
  );
}
