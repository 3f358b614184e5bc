/** Every screen of ROUTES (except /login), each lazily loaded behind the Loading... fallback (SPEC §2). */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from '../layout/Loading.tsx';
import type { RoutePath } from './PlaceholderPage.tsx';

export type ScreenPath = Exclude<RoutePath, '/login'>;

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
