/** Every screen of ROUTES (except /login), each lazily loaded behind the Loading... fallback (SPEC §2). */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from '../layout/Loading.tsx';
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

const SCREENS: Record<ScreenPath, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('./HomePage.tsx')),
  '/tx': lazy(() => import('./TxListPage.tsx')),
  '/tx/latest': lazy(() => import('./TxLatestPage.tsx')),
  '/tsettings': lazy(() => import('./UserSettingsPage.tsx')),
  '/tsettings/tokens': lazy(() => import('./UserTokensPage.tsx')),
  '/tx/new': lazy(() => import('./TxNewPage.tsx')),
  '/settings': lazy(() => import('./SettingsPage.tsx')),
  '/settings/networks': lazy(() => import('./NetworksPage.tsx')),
  '/settings/configs': lazy(() => import('./ConfigsPage.tsx')),
  '/settings/tokens': lazy(() => import('./TokensPage.tsx')),
  '/settings/userlogs': lazy(() => import('./UserLogsPage.tsx')),
  '/settings/bridges/*': lazy(() => import('./BridgesPage.tsx')),
};

export function Screen({ path }: { path: ScreenPath }) {
  const Page = SCREENS[path];
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

export const HomeScreen = () => <Screen path="/" />;
