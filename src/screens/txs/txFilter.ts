/** The /tx list's filter values (react-admin keeps them in the URL), the GET /txs/ filter they make (contract TxFilter). */
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import type { TxFilter } from '../../contract/index.ts';
import { TRADE_ERROR_MESSAGES } from '../../config/errorCodes.ts';
import { timeBounds } from '../../domain/filterTimes.ts';

/** The §8 codes the error filter offers, in decimal: the codes the console has a message for. */
export const ERROR_CODE_OPTIONS: readonly string[] = TRADE_ERROR_MESSAGES.map((_, code) => String(code));

const OPTIONS: Record<'status' | 'side' | 'txType' | 'network' | 'errCode', readonly string[]> = {
  status: TX_STATUSES,
  side: TX_SIDES,
  txType: TX_TYPES,
  network: NETWORKS,
  errCode: ERROR_CODE_OPTIONS,
};

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * Only the fields that are set and valid; values that are not options (an edited or stale link) are
 * dropped rather than sent to the server. The time range goes as ms (domain/filterTimes.ts); `to` is
 * already the last millisecond of what was typed.
 */
export function toServerFilter(values: Readonly<Record<string, unknown>>): Partial<TxFilter> {
  const filter: Record<string, unknown> = {};
  for (const key of ['status', 'side', 'txType', 'network'] as const) {
    const v = values[key];
    if (typeof v === 'string' && OPTIONS[key].includes(v)) filter[key] = v;
  }
  const code = String(values.errCode ?? '');
  if (OPTIONS.errCode.includes(code)) filter.errCode = Number(code);
  const tokenName = text(values.tokenName, 64);
  if (tokenName !== '') filter.tokenName = tokenName;
  const q = text(values.q, 128);
  if (q !== '') filter.q = q;
  Object.assign(filter, timeBounds(values));
  return filter as Partial<TxFilter>;
}

/** A `history` map (§3 keys side:method:attempt[:txType]) on the record or in its raw part. */
export function historyOf(record: unknown): Record<string, unknown> | null {
  if (typeof record !== 'object' || record === null) return null;
  const own = 'history' in record ? record.history : undefined;
  const raw = 'raw' in record && typeof record.raw === 'object' && record.raw !== null && 'history' in record.raw ? record.raw.history : undefined;
  const history = own ?? raw;
  return typeof history === 'object' && history !== null && !Array.isArray(history) ? (history as Record<string, unknown>) : null;
}
