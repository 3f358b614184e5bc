/** Every screen of ROUTES (except /login), each lazily loaded behind the Loading... fallback (§2). */
import { Suspense, type ComponentType } from 'react';
import { Loading } from '../layout/Loading.tsx';
import { LoadBoundary, retryableLazy } from '../ui/retryableLazy.tsx';
import type { ScreenPath } from '../config/access.ts';

const screen = (load: () => Promise<{ default: ComponentType }>) => retryableLazy('this screen', load);

/** The screens that are not resources (a resource's views come from its definition). */
const SCREENS: Partial<Record<ScreenPath, ComponentType>> = {
  '/': screen(() => import('./HomePage.tsx')),
  '/tx/latest': screen(() => import('./TxLatestPage.tsx')),
  '/analytics': screen(() => import('./AnalyticsPage.tsx')),
  '/tsettings': screen(() => import('./UserSettingsPage.tsx')),
  '/tx/new': screen(() => import('./TxNewPage.tsx')),
  '/settings': screen(() => import('./SettingsPage.tsx')),
  '/settings/networks': screen(() => import('./NetworksPage.tsx')),
  '/settings/alerts': screen(() => import('./AlertDeliveryPage.tsx')),
};

export function Screen({ path }: { path: ScreenPath }) {
  const Page = SCREENS[path];
  if (!Page) return null;
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
