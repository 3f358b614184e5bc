/**
 * Trades (docs/protocol.md "Trades", a console extension): each trade as a journey of steps. The list is
 * GET /trades/ with server-side filters, sort and pagination, refreshed as trades move (txSent,
 * txConfirmed, tradeStuck, tradeUnstuck); a row opens the trade's page /tx/trades/{tradeId} with its
 * steps as a timeline. Read-only for every role; an Admin reaches the §7 operations from a stuck or
 * failed trade. A backend without trades (GET /trades/ answers 404) gets no Trades screens.
 */
import { createElement } from 'react';
import { createSvgIcon } from '@mui/material/utils';
import { TRADES_RESOURCE } from '../../config/trades.ts';
import type { TradeJourney } from '../../contract/trades.ts';
import { withTimeBounds } from '../../domain/filterTimes.ts';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';

/** Two steps and the way between them: a journey. Drawn here, one short path: the first load pays for every icon. */
const JourneyIcon = createSvgIcon(
  createElement('path', { d: 'M6 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6m12 14a3 3 0 1 0 0 6 3 3 0 0 0 0-6M5 8h2v5a2 2 0 0 0 2 2h6v2H9a4 4 0 0 1-4-4z' }),
  'Journey',
);

/** The list (the kit's, with columns and filters) and the trade's page load together, when either is opened. */
const loadViews = () => import('./views.tsx');

export const trades = defineResource<TradeJourney & { id: string }>({
  name: TRADES_RESOURCE,
  recordLabel: 'trade',
  idField: 'tradeId',
  icon: JourneyIcon,
  api: { record: 'trades', list: 'trades/' },
  refreshOn: 'trades',
  // Every tx sent or confirmed moves a trade: a count of unseen changes would only count the traffic.
  countsUnseen: false,
  // No `views` module: the data provider would load it before its first call, and home reads the
  // stuck trades through this route before any trade screen has loaded. The list brings its own parts.
  // The list keeps its time range as ISO UTC text (a readable link); GET /trades/ takes ms.
  toServerFilter: withTimeBounds,
  clearFilters: true,
  defaultSort: { field: 'startedAt', order: 'DESC' },
  rowClick: 'show',
  list: retryableLazy<ResourceViewProps>('this screen', () => loadViews().then((m) => ({ default: m.TradesList }))),
  show: retryableLazy<ResourceViewProps>('this screen', () => loadViews().then((m) => ({ default: m.TradeShow }))),
  recordRepresentation: (trade) => trade.tradeId,
});
