/**
 * Trades as journeys (GET /api/trades/): the trade_journeys rows (migration 11), one per tradeId of
 * the transaction history, kept by the txs writer (journeyWriter.ts). A page is a walk of one of
 * the table's indexes; its answer is written by SQLite from each row's list_json, as GET /txs/'s
 * is, with the trades the watch holds stuck (trades/watch.ts) shown as `stuck`.
 * Totals are counted once per filter and kept until the txs change (txsChangeMark).
 */
import type { Database } from 'better-sqlite3';
import type { TxStatus, TxType } from '../../../../src/config/enums.ts';
import { TradeJourney, type TradeFilter, type TradeSortField } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';
import { cachedTotals, statementCache, type Param, type Where } from './listQueries.ts';
import { txsChangeMark } from './txs.ts';

export interface TradeListOptions {
  filter: TradeFilter;
  sort: TradeSortField;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  /** The tradeIds held stuck now: shown as state `stuck`, and what the filter's `stuck` means. */
  stuck: readonly string[];
}

/** A tx of a trade as the trade watch reads it (trades/watch.ts). */
export interface WatchedStep {
  id: string;
  tradeId: string;
  txType: TxType;
  network: string;
  bridgeName: string | null;
  status: TxStatus;
  createdAt: number;
  updatedAt: number;
}

export interface JourneyRepo {
  /**
   * The answer of GET /trades/, `{"data":[…],"total":n}`, as UTF-8 JSON written by the database
   * (on the list's reader threads where the store has them, as GET /txs/'s).
   */
  listBody(options: TradeListOptions): Promise<Uint8Array>;
  /** A body of listBody was sent and is not read again: its memory may serve a later answer. */
  releaseBody(body: Uint8Array): void;
  /** One trade as the list has it, without the stuck overlay (its state is running, completed or failed). */
  get(tradeId: string): Promise<TradeJourney | undefined>;
  /** Every pending tx of a trade, oldest first (an index seek: few rows). */
  pendingSteps(): Promise<WatchedStep[]>;
  /** These txs of trades as they are now (the ones a write just changed). */
  stepsById(ids: readonly string[]): Promise<WatchedStep[]>;
  /**
   * Completed txs of trades that were seen pending (updatedAt after createdAt), oldest completion
   * first: at most the newest `perBridge` of each tx type, network and bridge. One read of the
   * table, when the watch starts.
   */
  completedSteps(perBridge: number): Promise<WatchedStep[]>;
}

const STEP_COLUMNS = `id, trade_id AS tradeId, tx_type AS txType, network, bridge_name AS bridgeName, status,
  created_at AS createdAt, updated_at AS updatedAt`;

const SORT_COLUMNS: Record<TradeSortField, string> = {
  startedAt: 'started_at',
  updatedAt: 'updated_at',
  expectedProfit: 'expected_profit',
  amountIn: 'amount_in',
  tokenName: 'token_name',
  tradeId: 'trade_id',
};

/** As GET /txs/: bounds as expressions, so SQLite does not prepare the statement again per page. */
const PAGE_BOUNDS = 'LIMIT ? + 0 OFFSET ? + 0';
/** The stuck tradeIds, bound as one JSON array. */
const STUCK_IDS = '(SELECT value FROM json_each(?))';

/** One condition of the filter. */
interface Term extends Where {
  kind: 'state' | 'token' | 'bridge' | 'network' | 'route' | 'errCode' | 'range';
  /** The one value of state or token it matches, where it is one: an index of that column is sought. */
  single?: string;
  /** It matches only the stuck trades: they are looked up by tradeId. */
  stuckOnly?: boolean;
}

const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');
const list = <T>(value: T | readonly T[] | undefined): readonly T[] => (value === undefined ? [] : ([value].flat() as T[]));

/**
 * The state filter: completed and failed are the column's; running and stuck split the running
 * rows by the stuck tradeIds (both together: every running row).
 */
function stateTerm(states: readonly string[], stuckJson: string): Term | null {
  if (states.length === 0) return null;
  const running = states.includes('running');
  const stuck = states.includes('stuck');
  const plain: string[] = states.filter((state) => state === 'completed' || state === 'failed');
  if (running && stuck) plain.push('running');
  const parts: Where[] = [];
  if (plain.length > 0) parts.push({ sql: `state IN (${marks(plain)})`, params: plain });
  if (running !== stuck) {
    parts.push({ sql: `(state = 'running' AND trade_id ${running ? 'NOT IN' : 'IN'} ${STUCK_IDS})`, params: [stuckJson] });
  }
  const sql = parts.length === 1 ? (parts[0] as Where).sql : `(${parts.map((part) => part.sql).join(' OR ')})`;
  const term: Term = { kind: 'state', sql, params: parts.flatMap((part) => part.params) };
  if (stuck && !running && plain.length === 0) term.stuckOnly = true;
  else if (parts.length === 1) term.single = plain.length === 1 ? plain[0] : 'running';
  return term;
}

function termsOf(filter: TradeFilter, stuckJson: string): Term[] {
  const terms: Term[] = [];
  const state = stateTerm(list(filter.state), stuckJson);
  if (state) terms.push(state);
  const tokens = list(filter.tokenName);
  if (tokens.length > 0) terms.push({ kind: 'token', sql: `token_name IN (${marks(tokens)})`, params: [...tokens], ...(tokens.length === 1 ? { single: tokens[0] } : {}) });
  const bridges = list(filter.bridgeName);
  if (bridges.length > 0) terms.push({ kind: 'bridge', sql: `bridge_name IN (${marks(bridges)})`, params: [...bridges] });
  const networks = list(filter.network);
  if (networks.length > 0) {
    terms.push({ kind: 'network', sql: `(network_buy IN (${marks(networks)}) OR network_sell IN (${marks(networks)}))`, params: [...networks, ...networks] });
  }
  for (const [column, values] of [['network_buy', list(filter.networkBuy)], ['network_sell', list(filter.networkSell)]] as const) {
    if (values.length > 0) terms.push({ kind: 'route', sql: `${column} IN (${marks(values)})`, params: [...values] });
  }
  const codes = list(filter.errCode);
  if (codes.length > 0) terms.push({ kind: 'errCode', sql: `err_code IN (${marks(codes)})`, params: [...codes] });
  const range: Where[] = [];
  if (filter.from !== undefined) range.push({ sql: 'started_at >= ?', params: [filter.from] });
  if (filter.to !== undefined) range.push({ sql: 'started_at <= ?', params: [filter.to] });
  if (range.length > 0) terms.push({ kind: 'range', sql: range.map((part) => part.sql).join(' AND '), params: range.flatMap((part) => part.params) });
  return terms;
}

function whereOf(terms: readonly Term[]): Where {
  if (terms.length === 0) return { sql: '', params: [] };
  return { sql: `WHERE ${terms.map((term) => term.sql).join(' AND ')}`, params: terms.flatMap((term) => term.params) };
}

/** The list's order: the column, then startedAt, then tradeId (unique: ties keep one order across pages). */
function orderBy(sort: TradeSortField, order: 'ASC' | 'DESC'): string {
  if (sort === 'tradeId') return `trade_id ${order}`;
  if (sort === 'startedAt') return `started_at ${order}, trade_id ${order}`;
  return `${SORT_COLUMNS[sort]} ${order}, started_at ${order}, trade_id ${order}`;
}

/** Per sort: the index in the list's order holding every filter column (migration 12). */
const WALK_INDEX: Record<TradeSortField, string> = {
  startedAt: 'journeys_walk_started',
  updatedAt: 'journeys_walk_updated',
  expectedProfit: 'journeys_walk_profit',
  amountIn: 'journeys_walk_amount_in',
  tokenName: 'journeys_walk_token',
  tradeId: 'journeys_walk_trade',
};
/** Per sort: the index of one state in the list's order (migration 12). */
const STATE_INDEX: Record<TradeSortField, string> = {
  startedAt: 'journeys_state_started',
  updatedAt: 'journeys_state_updated',
  expectedProfit: 'journeys_state_profit',
  amountIn: 'journeys_state_amount_in',
  tokenName: 'journeys_state_token',
  tradeId: 'journeys_state_trade',
};
/**
 * What sorting a row costs against checking an index entry (measured on 27,000 trades: 1.4 µs a
 * row of a day's 900 sorted, 50 ns an entry of a walk).
 */
const SORT_COST = 25;

/** The list's reads, synchronous, on any connection. */
export interface JourneyPages {
  listBody(options: TradeListOptions): Uint8Array;
}

export function sqliteJourneyPages(db: Database): JourneyPages {
  const changes = txsChangeMark(db);
  const uncommitted = () => db.inTransaction && !db.readonly;
  const statement = statementCache(db);
  const totalOf = cachedTotals(
    (where) => statement(`SELECT COUNT(*) FROM trade_journeys ${where.sql}`).pluck().get(...where.params) as number,
    changes,
    uncommitted,
  );

  /**
   * The index a page is read through: the one that visits the fewest entries, from exact (cached)
   * counts. SQLite's own choice read rows for filters its index did not hold (5-30 ms a page).
   * Null: the stuck trades, looked up by tradeId. A page of `needed` rows (offset + limit) of
   * `total` matches costs, by walking:
   * - the sort's walk index, checking every term in it: needed × rows / total (a seek into the
   *   range first when sorted by start time; to the token when sorted by token);
   * - the state's index for this sort, one state: needed × count(state) / total;
   * - the token's walk index, sorted by start time, one token: needed × count(token) / total;
   * - the walk by start time over a range, then a sort of its rows: count(range) × SORT_COST.
   */
  const indexFor = (terms: readonly Term[], sort: TradeSortField, total: number, needed: number): string | null => {
    if (terms.some((term) => term.stuckOnly)) return null;
    const share = (rows: number) => (needed * rows) / Math.max(1, total);
    const countOf = (term: Term) => totalOf(whereOf([term]));
    const range = terms.find((term) => term.kind === 'range');
    const state = terms.find((term) => term.kind === 'state' && term.single !== undefined);
    const token = terms.find((term) => term.kind === 'token' && term.single !== undefined);
    let seek = totalOf({ sql: '', params: [] });
    if (range && sort === 'startedAt') seek = countOf(range);
    if (token && sort === 'tokenName') seek = countOf(token);
    let best = { index: WALK_INDEX[sort], cost: share(seek) };
    const consider = (index: string, cost: number) => {
      if (cost < best.cost) best = { index, cost };
    };
    if (state) consider(STATE_INDEX[sort], share(countOf(state)));
    if (token && sort === 'startedAt') consider(WALK_INDEX.tokenName, share(countOf(token)));
    if (range && sort !== 'startedAt') consider(WALK_INDEX.startedAt, countOf(range) * SORT_COST);
    return best.index;
  };

  return {
    listBody: ({ filter, sort, order, offset, limit, stuck }) => {
      const stuckJson = JSON.stringify(stuck);
      const terms = termsOf(filter, stuckJson);
      const where = whereOf(terms);
      const total = totalOf(where);
      if (total <= offset) return Buffer.from(`{"data":[],"total":${total}}`);
      const index = indexFor(terms, sort, total, offset + limit);
      const from = index === null ? 'trade_journeys' : `trade_journeys INDEXED BY ${index}`;
      const page = `SELECT rowid AS r FROM ${from} ${where.sql} ORDER BY ${orderBy(sort, order)} ${PAGE_BOUNDS}`;
      // A stuck trade's row says so; the others are sent as stored.
      const record = stuck.length === 0 ? 't.list_json' : `CASE WHEN t.trade_id IN ${STUCK_IDS} THEN json_set(t.list_json, '$.state', 'stuck') ELSE t.list_json END`;
      // CROSS JOIN keeps the page's query as the outer loop: records are joined in the page's order.
      const sql = `SELECT CAST('{"data":[' || ifnull(group_concat(${record}, ','), '') || '],"total":' || CAST(? AS INTEGER) || '}' AS BLOB)
        FROM (${page}) AS page CROSS JOIN trade_journeys AS t ON t.rowid = page.r`;
      const params: Param[] = [...(stuck.length === 0 ? [] : [stuckJson]), total, ...where.params, limit, offset];
      return statement(sql).pluck().get(...params) as Buffer;
    },
  };
}

export function sqliteJourneyRepo(db: Database, gate: Gate): JourneyRepo {
  const pages = sqliteJourneyPages(db);
  const one = db.prepare<[string], string>('SELECT list_json FROM trade_journeys WHERE trade_id = ?').pluck();
  const pending = db.prepare<[], WatchedStep>(
    `SELECT ${STEP_COLUMNS} FROM txs WHERE status = 'pending' AND trade_id IS NOT NULL ORDER BY created_at, rowid`,
  );
  const byIds = db.prepare<[string], WatchedStep>(`SELECT ${STEP_COLUMNS} FROM txs WHERE id IN (SELECT value FROM json_each(?))`);
  const completed = db.prepare<[number], WatchedStep>(
    `SELECT ${STEP_COLUMNS} FROM (
       SELECT id, trade_id, tx_type, network, bridge_name, status, created_at, updated_at, rowid AS r,
         ROW_NUMBER() OVER (PARTITION BY tx_type, network, bridge_name ORDER BY updated_at DESC, rowid DESC) AS n
       FROM txs WHERE status = 'completed' AND trade_id IS NOT NULL AND updated_at > created_at)
     WHERE n <= ? ORDER BY updated_at, r`,
  );
  return {
    listBody: (options) => gate.run(() => pages.listBody(options)),
    releaseBody: () => undefined,
    get: (tradeId) =>
      gate.run(() => {
        const json = one.get(tradeId);
        return json === undefined ? undefined : TradeJourney.parse(JSON.parse(json));
      }),
    pendingSteps: () => gate.run(() => pending.all()),
    stepsById: (ids) => gate.run(() => (ids.length === 0 ? [] : byIds.all(JSON.stringify(ids)))),
    completedSteps: (perBridge) => gate.run(() => completed.all(perBridge)),
  };
}
