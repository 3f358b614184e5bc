/**
 * What loads with the transaction screens: the list's parts that render components (see
 * ResourceDefinition.ui), and /tx/latest in its frame.
 */
import { createElement } from 'react';
import { downloadCSV } from 'react-admin';
import type { ResourceUi } from '../../kit/definition.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { TX_COLUMN_DEFS } from './columns.tsx';
import { TX_FILTERS } from './filters.tsx';
import { TxHistoryButton } from './TxHistoryButton.tsx';
import { TxLatest } from './TxLatest.tsx';
import { toServerFilter } from './txFilter.ts';
import { EXPORT_MAX_ROWS, txsToCsv } from './txFormat.ts';

export const txUi: ResourceUi = {
  columns: TX_COLUMN_DEFS,
  filters: TX_FILTERS,
  rowActions: ({ record }) => createElement(TxHistoryButton, { record }),
  toServerFilter,
  // The first rows with these filters and this sort, as CSV (times in ISO UTC, numbers unformatted).
  exporter: (rows) => downloadCSV(txsToCsv(rows), 'transactions'),
  exportMax: EXPORT_MAX_ROWS,
};

export function TxLatestPage() {
  return (
    <ScreenFrame path="/tx/latest">
      <TxLatest />
    </ScreenFrame>
  );
}
