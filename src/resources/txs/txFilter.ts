/** The /tx filter form's values and the GET /txs/ filter they make (contract TxFilter). */
import type { TxFilter } from '../../contract/index.ts';

export interface TxFilterValues {
  status: string;
  side: string;
  txType: string;
  network: string;
  tokenName: string;
  q: string;
  /** datetime-local values ('' when unset), read in the browser's time zone. */
  from: string;
  to: string;
}

export const EMPTY_TX_FILTER: TxFilterValues = { status: '', side: '', txType: '', network: '', tokenName: '', q: '', from: '', to: '' };

function timeOf(local: string): number | undefined {
  if (local === '') return undefined;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Only the fields that are set; `to` covers the whole minute it names. */
export function toServerFilter(values: TxFilterValues): Partial<TxFilter> {
  const filter: Record<string, unknown> = {};
  for (const key of ['status', 'side', 'txType', 'network'] as const) if (values[key] !== '') filter[key] = values[key];
  if (values.tokenName.trim() !== '') filter.tokenName = values.tokenName.trim();
  if (values.q.trim() !== '') filter.q = values.q.trim();
  const from = timeOf(values.from);
  const to = timeOf(values.to);
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to + 59_999;
  return filter as Partial<TxFilter>;
}

export function rangeProblem(values: TxFilterValues): string | null {
  const from = timeOf(values.from);
  const to = timeOf(values.to);
  return from !== undefined && to !== undefined && from > to ? 'the end is before the start' : null;
}

/** A `history` map (§3 keys side:method:attempt[:txType]) on the record or in its raw part. */
export function historyOf(record: unknown): Record<string, unknown> | null {
  if (typeof record !== 'object' || record === null) return null;
  const own = 'history' in record ? record.history : undefined;
  const raw = 'raw' in record && typeof record.raw === 'object' && record.raw !== null && 'history' in record.raw ? record.raw.history : undefined;
  const history = own ?? raw;
  return typeof history === 'object' && history !== null && !Array.isArray(history) ? (history as Record<string, unknown>) : null;
}
