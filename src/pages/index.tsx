/** Every screen of ROUTES (except /login), each lazily loaded behind the Loading... fallback (SPEC §2). */
import { Suspense, type ComponentType } from 'react';
import { Loading } from '../layout/Loading.tsx';
import { LoadBoundary, retryableLazy } from '../widgets/shared/retryableLazy.tsx';
import { ROUTES } from '../config/routes.ts';
import { isAdminRole } from '../authProvider/session.ts';
import type { RoutePath } from './PlaceholderPage.tsx';

export type ScreenPath = Exclude<RoutePath, '/login'>;
export type ScreenRoute = Extract<(typeof ROUTES)[number], { path: ScreenPath }>;

/** §6 The screens a role may see, in ROUTES order: 'any' ones for everyone signed in, 'admin' ones for exactly Admin. */
export function screensFor(role: unknown): ScreenRoute[] {
  return ROUTES.filter(
    (r): r is ScreenRoute => r.access === 'any' || (r.access === 'admin' && isAdminRole(role)),
  );
}

const screen = (load: () => Promise<{ default: ComponentType }>) => retryableLazy('this screen', load);

const SCREENS: Record<ScreenPath, ComponentType> = {
  '/': screen(() => import('./HomePage.tsx')),
  '/tx': screen(() => import('./TxListPage.tsx')),
  '/tx/latest': screen(() => import('./TxLatestPage.tsx')),
  '/tsettings': screen(() => import('./UserSettingsPage.tsx')),
  '/tsettings/tokens': screen(() => import('./UserTokensPage.tsx')),
  '/tx/new': screen(() => import('./TxNewPage.tsx')),
  '/settings': screen(() => import('./SettingsPage.tsx')),
  '/settings/networks': screen(() => import('./NetworksPage.tsx')),
  '/settings/configs': screen(() => import('./ConfigsPage.tsx')),
  '/settings/tokens': screen(() => import('./TokensPage.tsx')),
  '/settings/userlogs': screen(() => import('./UserLogsPage.tsx')),
  '/settings/bridges/*': screen(() => import('./BridgesPage.tsx')),
};

export function Screen({ path }: { path: ScreenPath }) {
  const Page = SCREENS[path];
  return (
    // Keyed by path: a failed screen's message does not follow the operator to the next screen.
    <LoadBoundary key={path}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </LoadBoundary>
  );
}

export const HomeScreen = () => <Screen path="/" />;
