/** The /tx filter form's values, the GET /txs/ filter they make (contract TxFilter) and their place in the URL. */
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { TX_SORT_FIELDS, type TxFilter, type TxSortField } from '../../contract/index.ts';
import { TRADE_ERROR_MESSAGES } from '../../notifications/index.ts';

export interface TxFilterValues {
  status: string;
  side: string;
  txType: string;
  network: string;
  tokenName: string;
  q: string;
  /** A §8 trade error code in decimal ('' when unset). */
  errCode: string;
  /**
   * The range's first and last millisecond as ISO UTC ('' when unset): instants, so the header's time
   * zone choice changes how they are shown and typed (TimeField), never what they select.
   */
  from: string;
  to: string;
}

export const EMPTY_TX_FILTER: TxFilterValues = { status: '', side: '', txType: '', network: '', tokenName: '', q: '', errCode: '', from: '', to: '' };

/** The §8 codes the error filter offers, in decimal: the codes the console has a message for. */
export const ERROR_CODE_OPTIONS: readonly string[] = TRADE_ERROR_MESSAGES.map((_, code) => String(code));

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A range end's instant (ms), if it is one. */
export function timeOf(instant: string): number | undefined {
  if (!INSTANT.test(instant)) return undefined;
  const ms = Date.parse(instant);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** How a range end is kept: ISO UTC, readable in a shared link. */
export const instantText = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

/** Only the fields that are set; `to` is already the last millisecond of what was typed. */
export function toServerFilter(values: TxFilterValues): Partial<TxFilter> {
  const filter: Record<string, unknown> = {};
  for (const key of ['status', 'side', 'txType', 'network'] as const) if (values[key] !== '') filter[key] = values[key];
  if (values.tokenName.trim() !== '') filter.tokenName = values.tokenName.trim();
  if (values.q.trim() !== '') filter.q = values.q.trim();
  if (values.errCode !== '') filter.errCode = Number(values.errCode);
  const from = timeOf(values.from);
  const to = timeOf(values.to);
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
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

/**
 * The list's state in the address (react-admin keeps list filters in the URL): /tx?status=failed&
 * network=Ethereum&sort=amountIn&order=ASC&page=2 can be shared, reloaded and returned to with Back.
 * Values that are not options (an edited or stale link) are dropped rather than sent to the server.
 */
export interface TxListState {
  values: TxFilterValues;
  sort: { field: TxSortField; order: 'ASC' | 'DESC' };
  /** 0-based, as the pagination control counts. */
  page: number;
}

export const DEFAULT_TX_SORT: TxListState['sort'] = { field: 'createdAt', order: 'DESC' };

const OPTIONS: Record<'status' | 'side' | 'txType' | 'network' | 'errCode', readonly string[]> = {
  status: TX_STATUSES,
  side: TX_SIDES,
  txType: TX_TYPES,
  network: NETWORKS,
  errCode: ERROR_CODE_OPTIONS,
};

export function listStateOf(params: URLSearchParams): TxListState {
  const values: TxFilterValues = { ...EMPTY_TX_FILTER };
  for (const key of ['status', 'side', 'txType', 'network', 'errCode'] as const) {
    const v = params.get(key) ?? '';
    if (OPTIONS[key].includes(v)) values[key] = v;
  }
  values.tokenName = (params.get('tokenName') ?? '').slice(0, 64);
  values.q = (params.get('q') ?? '').slice(0, 128);
  for (const key of ['from', 'to'] as const) {
    const v = params.get(key) ?? '';
    if (timeOf(v) !== undefined) values[key] = v;
  }
  const field = params.get('sort') ?? '';
  const order = params.get('order');
  const sort = (TX_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as TxSortField, order: order === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
    : DEFAULT_TX_SORT;
  const page = Number(params.get('page'));
  return { values, sort, page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/** Only what differs from the defaults, so a plain /tx stays plain. */
export function paramsOf(state: TxListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.values)) if (value !== '') params.set(key, value);
  if (state.sort.field !== DEFAULT_TX_SORT.field || state.sort.order !== DEFAULT_TX_SORT.order) {
    params.set('sort', state.sort.field);
    params.set('order', state.sort.order);
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}
