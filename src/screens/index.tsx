/**
 * Every screen of the console, one line each: the resources' definitions (README "Adding a
 * resource"), for which App.tsx registers a <Resource>, the data provider serves them and the menu
 * lists them; and the other screens of ROUTES (except /login), each lazily loaded behind the
 * Loading... fallback (§2). Each comes from its folder's index.ts.
 */
import { Suspense, type ComponentType } from 'react';
import type { ScreenPath } from '../config/access.ts';
import type { ResourceDefinition } from '../kit/definition.ts';
import { Loading } from '../layout/Loading.tsx';
import { LoadBoundary } from '../ui/retryableLazy.tsx';
import { AlertDeliveryPage } from './alertDelivery/index.ts';
import { AlertsPage } from './alerts/index.ts';
import { AnalyticsPage } from './analytics/index.ts';
import { bridges } from './bridges/index.ts';
import { cloudGroups } from './cloudGroups/index.ts';
import { configs } from './configs/index.ts';
import { HomePage } from './home/index.ts';
import { NetworksPage } from './networks/index.ts';
import { PreferencesPage } from './preferences/index.ts';
import { SettingsPage } from './settings/index.ts';
import { tokenPins, tokens } from './tokens/index.ts';
import { trades } from './trades/index.ts';
import { TimelinePage } from './timeline/index.ts';
import { TxNewPage } from './txNew/index.ts';
import { TxLatestPage, txs } from './txs/index.ts';
import { userLogs } from './userLogs/index.ts';

export const DEFINITIONS: readonly ResourceDefinition[] = [tokens, tokenPins, cloudGroups, configs, userLogs, txs, trades, bridges];

/** The screens that are not resources (a resource's views come from its definition). */
const SCREENS: Partial<Record<ScreenPath, ComponentType>> = {
  '/': HomePage,
  '/tx/latest': TxLatestPage,
  '/analytics': AnalyticsPage,
  '/alerts/*': AlertsPage,
  '/timeline': TimelinePage,
  '/tsettings': PreferencesPage,
  '/tx/new': TxNewPage,
  '/settings': SettingsPage,
  '/settings/networks': NetworksPage,
  '/settings/alerts': AlertDeliveryPage,
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
