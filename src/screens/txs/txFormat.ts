/** How transaction rows read: cell text, the columns (shown or chosen in the column chooser) and the CSV export. */
import type { RaRecord } from 'react-admin';
import { LIST_MAX_PER_PAGE, type TxSortField } from '../../contract/index.ts';
import type { ColumnPriority } from '../../ui/columnPriority.ts';
import { formatTime, type TimeZoneMode } from '../../domain/time.ts';
import { csvText } from '../../domain/csv.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { formatAmount, formatNumber, formatUsdChange } from '../../domain/numberFormat.ts';
import { txAmountUnit } from '../../domain/amountUnits.ts';

export interface TxColumn {
  field: string;
  label: string;
  sortable?: TxSortField;
  numeric?: boolean;
  /** Shown unless the operator hides it. */
  initial: boolean;
  /** Kept as the screen narrows (the kit's column priorities); 'high' unless said. */
  priority?: ColumnPriority;
  /** In the phone list's secondary line. */
  phone?: boolean;
}

export const TX_COLUMNS: readonly TxColumn[] = [
  { field: 'createdAt', label: 'Time', sortable: 'createdAt', initial: true, priority: 'primary' },
  { field: 'id', label: 'Id', sortable: 'id', initial: false },
  { field: 'tokenName', label: 'Token', sortable: 'tokenName', initial: true, phone: true },
  { field: 'side', label: 'Side', initial: true, priority: 'medium', phone: true },
  { field: 'txType', label: 'Type', initial: true, phone: true },
  { field: 'method', label: 'Method', initial: false },
  { field: 'attempt', label: 'Attempt', numeric: true, initial: false },
  { field: 'network', label: 'Network', initial: true, phone: true },
  { field: 'bridgeName', label: 'Bridge', initial: false },
  { field: 'status', label: 'Status', sortable: 'status', initial: true, phone: true },
  { field: 'errCode', label: 'Error', initial: true, phone: true },
  { field: 'amountIn', label: 'Amount in', sortable: 'amountIn', numeric: true, initial: true, priority: 'low' },
  { field: 'amountOut', label: 'Amount out', numeric: true, initial: false },
  { field: 'expectedProfit', label: 'Expected profit', sortable: 'expectedProfit', numeric: true, initial: true, priority: 'medium' },
  { field: 'hash', label: 'Hash', initial: false },
  { field: 'tradeId', label: 'Trade', initial: true },
];

/** Long identifiers (uuids, hashes) read by their start in a table; the full value is in the cell's title. */
export const SHORT_ID_FIELDS: ReadonlySet<string> = new Set(['id', 'tradeId', 'hash']);
const SHORT_ID_CHARS = 10;

export function shortId(text: string): string {
  return text.length > SHORT_ID_CHARS + 1 ? `${text.slice(0, SHORT_ID_CHARS)}…` : text;
}

/** The Error of a failed tx that carries no trade error code (§8: the code comes with the trade's confirmation, when there is one). */
export const NO_REASON = 'no reason reported';

/** `zone`: the header's choice, for the time columns. */
export function cellText(record: RaRecord, field: string, zone: TimeZoneMode = 'local'): string {
  const value: unknown = record[field];
  // A failed tx whose system reported no code says so, rather than leaving the operator guessing.
  if (field === 'errCode' && (value === null || value === undefined)) return record.status === 'failed' ? NO_REASON : '';
  if (value === null || value === undefined) return '';
  if ((field === 'createdAt' || field === 'updatedAt') && typeof value === 'number') return formatTime(value, zone);
  // §8: the message the error toast shows for the code (the code itself is the cell's title).
  if (field === 'errCode' && typeof value === 'number') return tradeErrorMessage(value);
  // Amounts with their unit (the row's token, or USD for the buy swap's input and the sell's output),
  // on the cell's one line: the unit differs from row to row, so the header cannot say it.
  if (field === 'amountIn' && typeof value === 'number') return formatAmount(value, txAmountUnit(record, 'in'));
  if (field === 'amountOut' && typeof value === 'number') return formatAmount(value, txAmountUnit(record, 'out'));
  if (field === 'expectedProfit' && typeof value === 'number') return formatUsdChange(value);
  if (typeof value === 'number' && field !== 'attempt') return formatNumber(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The hover text of a cell: a shortened id in full, an error message's code; none for the rest. */
export function cellTitle(record: RaRecord, field: string): string | undefined {
  if (SHORT_ID_FIELDS.has(field)) return cellText(record, field);
  const code: unknown = record[field];
  return field === 'errCode' && typeof code === 'number' ? `Error code ${code}` : undefined;
}

/** Fields of the export, in this order (the raw part is not in list rows). */
export const CSV_FIELDS = [
  'id', 'createdAt', 'updatedAt', 'tradeId', 'tokenName', 'side', 'method', 'attempt', 'txType', 'status', 'errCode', 'network',
  'networkBuy', 'networkSell', 'bridgeName', 'amountIn', 'amountOut', 'expectedProfit', 'hash', 'historyKey',
] as const;

/** Rows as CSV with a header line; times as ISO 8601 (UTC), numbers unformatted. */
export function txsToCsv(rows: readonly RaRecord[]): string {
  // Formula-escaped and quoted as every export (domain/csv.ts).
  return csvText(
    CSV_FIELDS,
    rows.map((row) =>
      CSV_FIELDS.map((f) => {
        const v: unknown = row[f];
        return (f === 'createdAt' || f === 'updatedAt') && typeof v === 'number' ? new Date(v).toISOString() : v;
      }),
    ),
  );
}

/** An export reads GET /txs/ in pages of the list query's largest perPage: the fewest requests. */
export const EXPORT_PAGE_SIZE = LIST_MAX_PER_PAGE;
