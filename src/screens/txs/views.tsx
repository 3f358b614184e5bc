/**
 * What loads with the transaction screens (ResourceDefinition.views): the list's columns, filters,
 * export and history popup, the transaction page, and /tx/latest in its frame.
 */
import { createElement } from 'react';
import { downloadCSV } from 'react-admin';
import type { ResourceViews } from '../../kit/definition.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { TX_COLUMN_DEFS } from './columns.tsx';
import { TX_FILTERS } from './filters.tsx';
import { TxHistoryButton } from './TxHistoryButton.tsx';
import { TxLatest } from './TxLatest.tsx';
import { EXPORT_PAGE_SIZE, txsToCsv } from './txFormat.ts';

export { TxShow } from './TxShow.tsx';

export const columns: ResourceViews['columns'] = TX_COLUMN_DEFS;
export const filters: ResourceViews['filters'] = TX_FILTERS;
export const rowActions: ResourceViews['rowActions'] = ({ record }) => createElement(TxHistoryButton, { record });
// Every row with these filters and this sort, as CSV (times in ISO UTC, numbers unformatted).
export const exporter: ResourceViews['exporter'] = (rows) => downloadCSV(txsToCsv(rows), 'transactions');
export const exportPageSize = EXPORT_PAGE_SIZE;

export function TxLatestPage() {
  return (
    <ScreenFrame path="/tx/latest">
      <TxLatest />
    </ScreenFrame>
  );
}
