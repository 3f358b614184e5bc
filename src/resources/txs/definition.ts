/**
 * Transactions (SPEC §2, §7): the history, GET /txs/ with server-side filters, sort and pagination
 * (100,000 rows), a column choice and a CSV export; a row opens its transaction page /tx/{id}
 * (GET /txs/{id}); txSent/txConfirmed on the socket refresh the list. Read-only for every role.
 */
import { createElement } from 'react';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { downloadCSV } from 'react-admin';
import { defineResource } from '../kit/definition.ts';
import { TX_COLUMN_DEFS } from './columns.tsx';
import { TX_FILTERS } from './filters.tsx';
import { TxHistoryButton } from './TxHistoryButton.tsx';
import { TxShow } from './TxShow.tsx';
import { toServerFilter } from './txFilter.ts';
import { EXPORT_MAX_ROWS, txsToCsv } from './txFormat.ts';

export const txs = defineResource({
  name: 'tx',
  label: 'Transactions',
  recordLabel: 'transaction',
  idField: 'id',
  icon: SwapHorizIcon,
  access: { list: 'any', show: 'any', create: 'none', edit: 'none', delete: 'none' },
  api: { record: 'txs', list: 'txs/' },
  refreshOn: 'txs',
  columns: TX_COLUMN_DEFS,
  filters: TX_FILTERS,
  clearFilters: true,
  toServerFilter,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // The first rows with these filters and this sort, as CSV (times in ISO UTC, numbers unformatted).
  exporter: (rows) => downloadCSV(txsToCsv(rows), 'transactions'),
  exportMax: EXPORT_MAX_ROWS,
  rowClick: 'show',
  showQueryAlias: 'id',
  rowActions: ({ record }) => createElement(TxHistoryButton, { record }),
  views: { show: TxShow },
  recordRepresentation: (tx) => String(tx.id),
});
