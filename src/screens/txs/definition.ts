/**
 * Transactions (§2, §7): the history, GET /txs/ with server-side filters, sort and pagination
 * (100,000 rows), a column choice and a CSV export; a row opens its transaction page /tx/{id}
 * (GET /txs/{id}); txSent/txConfirmed on the socket refresh the list. Read-only for every role.
 */
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';

/** The transaction page, loaded when opened. */
const TxShowView = retryableLazy<ResourceViewProps>('this screen', () => import('./TxShow.tsx').then((m) => ({ default: m.TxShow })));

export const txs = defineResource({
  name: 'tx',
  label: 'Transactions',
  recordLabel: 'transaction',
  idField: 'id',
  icon: SwapHorizIcon,
  api: { record: 'txs', list: 'txs/' },
  refreshOn: 'txs',
  // Columns, filters (and their translation to the server's), the export and the history popup load with the list.
  ui: () => import('./views.tsx').then((m) => m.txUi),
  clearFilters: true,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  rowClick: 'show',
  showQueryAlias: 'id',
  views: { show: TxShowView },
  recordRepresentation: (tx) => String(tx.id),
});
