/**
 * Transactions (§2, §7): the history, GET /txs/ with server-side filters, sort and pagination
 * (100,000 rows), a column choice and a CSV export; a row opens its transaction page /tx/{id}
 * (GET /txs/{id}); txSent/txConfirmed on the socket refresh the list. Read-only for every role.
 */
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { toServerFilter } from './txFilter.ts';

/** Columns, filters, the export, the history popup and the transaction page: one lazy chunk, out of the first load. */
const loadViews = () => import('./views.tsx');

export const txs = defineResource({
  name: 'tx',
  recordLabel: 'transaction',
  idField: 'id',
  icon: SwapHorizIcon,
  api: { record: 'txs', list: 'txs/' },
  refreshOn: 'txs',
  views: loadViews,
  toServerFilter,
  clearFilters: true,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  rowClick: 'show',
  showQueryAlias: 'id',
  show: retryableLazy<ResourceViewProps>('this screen', () => loadViews().then((m) => ({ default: m.TxShow }))),
  recordRepresentation: (tx) => String(tx.id),
});
