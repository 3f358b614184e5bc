/**
 * The transaction history (GET /api/txs/): one row per tx, written by the seed, by the trades
 * repository for every trade the system makes, and by the operators' own operations. Every filter
 * with every sort has an index (migrations 4, 6 and 7), so a page is an index walk that stops
 * after the page, and each row keeps its JSON as the list answers it (list_json, migrations 7
 * and 10). The §8 error code has one partial index (migration 10): its few rows are walked newest
 * first, or read and sorted for another sort.
 * The total of a filter is counted once and kept until the txs table changes (see txsWritten):
 * counting 75,000 matching rows costs milliseconds, on every page turn.
 */
import type { Database } from 'better-sqlite3';
import type { TxStatus } from '../../../../src/config/enums.ts';
import type { TxFilter, TxRecord, TxSortField } from '../../../../src/contract/index.ts';
import { txHistoryKey } from '../../../../src/domain/keys.ts';
import type { Gate } from '../gate.ts';
import { sqliteJourneyWriter } from './journeyWriter.ts';
import { cachedTotals, statementCache, type Param, type Where } from './listQueries.ts';

/** A tx as written: the record without what is derived from it. */
export type TxDraft = Omit<TxRecord, 'historyKey'>;

export interface TxListOptions {
  filter: TxFilter;
  sort: TxSortField;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export interface TxRepo {
  /** A page of the history without `raw`, and how many rows match the filter. */
  list(options: TxListOptions): Promise<{ data: TxRecord[]; total: number }>;
  /**
   * The answer of GET /txs/ (TxListResponse: the records of `list` and the total) as UTF-8 JSON,
   * written by the database: no row objects built and serialized again on the busiest read of the
   * API, and bytes a reader thread hands over without a copy (txReaders.ts).
   */
  listBody(options: TxListOptions): Promise<Uint8Array>;
  /** A body of listBody was sent and is not read again: its memory may serve a later answer. */
  releaseBody(body: Uint8Array): void;
  /** One tx, with `raw`. */
  get(id: string): Promise<TxRecord | undefined>;
  /** The txs of a trade, oldest first, with `raw`. */
  byTrade(tradeId: string): Promise<TxRecord[]>;
  insert(tx: TxDraft): Promise<void>;
  /** Creates the txs or replaces them, keeping their createdAt. */
  upsert(txs: readonly TxDraft[]): Promise<void>;
  /** Bulk insert through one prepared statement (the seed); how many rows were written. */
  insertMany(txs: Iterable<TxDraft>): Promise<number>;
  count(): Promise<number>;
}

const SORT_COLUMNS: Record<TxSortField, string> = {
  createdAt: 'created_at',
  amountIn: 'amount_in',
  expectedProfit: 'expected_profit',
  status: 'status',
  tokenName: 'token_name',
  id: 'id',
};

const COLUMNS = `id, trade_id AS tradeId, token_name AS tokenName, side, method, attempt, tx_type AS txType, status,
  network_buy AS networkBuy, network_sell AS networkSell, network, bridge_name AS bridgeName, amount_in AS amountIn,
  amount_out AS amountOut, expected_profit AS expectedProfit, hash, created_at AS createdAt, updated_at AS updatedAt,
  err_code AS errCode`;

/** A row as SQLite gives it in raw mode: COLUMNS in order, then `raw` where selected. */
type RawRow = [
  id: string, tradeId: string | null, tokenName: string, side: TxRecord['side'], method: string, attempt: number,
  txType: TxRecord['txType'], status: TxRecord['status'], networkBuy: string | null, networkSell: string | null,
  network: string, bridgeName: string | null, amountIn: number, amountOut: number | null, expectedProfit: number | null,
  hash: string | null, createdAt: number, updatedAt: number, errCode: number | null, raw?: string | null,
];

/** A bulk insert of at least this many rows refreshes the planner's statistics of txs. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * A record from a raw row, built in one literal: a page of 100 rows costs a third of what
 * SQLite's row objects spread into records cost (bench/server.bench.ts).
 */
function toRecord(row: RawRow, withRaw: boolean): TxRecord {
  const [id, tradeId, tokenName, side, method, attempt, txType, status, networkBuy, networkSell, network, bridgeName,
    amountIn, amountOut, expectedProfit, hash, createdAt, updatedAt, errCode, raw] = row;
  const record: TxRecord = {
    id, tradeId, tokenName, side, method, attempt, txType, status, networkBuy, networkSell, network, bridgeName,
    amountIn, amountOut, expectedProfit, hash, createdAt, updatedAt, historyKey: txHistoryKey(side, method, attempt, txType),
  };
  // Absent rather than null, as list_json has it (migration 10).
  if (errCode !== null) record.errCode = errCode;
  if (withRaw && raw !== undefined && raw !== null) record.raw = JSON.parse(raw) as unknown;
  return record;
}

function toParams(tx: TxDraft): Param[] {
  return [
    tx.id, tx.tradeId, tx.tokenName, tx.side, tx.method, tx.attempt, tx.txType, tx.status, tx.networkBuy,
    tx.networkSell, tx.network, tx.bridgeName, tx.amountIn, tx.amountOut, tx.expectedProfit, tx.hash, tx.createdAt,
    tx.updatedAt, tx.raw === undefined ? null : JSON.stringify(tx.raw), tx.errCode ?? null,
  ];
}

/** A LIKE pattern matching `text` literally (with ESCAPE '\'). */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE's and NOCASE's case folding: ASCII letters only. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The texts starting with `prefix`, case-insensitively (LIKE 'prefix%'), as a NOCASE range
 * [from, to): the prefix folded as NOCASE compares, and the same with its last character's
 * successor. SQLite turns such a LIKE into this range itself, but it prepares a statement with a
 * LIKE again for every pattern bound to it (30 us a search); a range of parameters it prepares
 * once. Null where no successor can be written (a lone surrogate, U+10FFFF last).
 */
export function prefixRange(prefix: string): [from: string, to: string] | null {
  const from = foldAscii(prefix);
  if (/\p{Cs}/u.test(from)) return null;
  const chars = [...from];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last === 0x10ffff) return null;
  let next = last + 1;
  // NOCASE reads 'A'-'Z' as 'a'-'z', and folded texts hold none: after '@' comes '['.
  if (next >= 0x41 && next <= 0x5a) next = 0x5b;
  // No text holds a surrogate alone: after U+D7FF comes U+E000.
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  return [from, chars.join('') + String.fromCodePoint(next)];
}

/** A test that a column starts with `prefix` (case-insensitively), through its NOCASE index where `indexed`. */
interface PrefixTest {
  sql(column: string, indexed: boolean): string;
  params: Param[];
}

function prefixTest(prefix: string): PrefixTest {
  const range = prefixRange(prefix);
  if (range) {
    return {
      sql: (column, indexed) => `(${plain(column, indexed)} >= ? COLLATE NOCASE AND ${plain(column, indexed)} < ? COLLATE NOCASE)`,
      params: range,
    };
  }
  return { sql: (column, indexed) => `${plain(column, indexed)} LIKE ? ESCAPE '\\'`, params: [`${literal(prefix)}%`] };
}

/** One condition of a filter, written with or without the use of an index. */
interface Term {
  /** The column whose index answers it alone, in the order of created_at; none for the search. */
  column: string | null;
  /** Ordered by created_at within its index: one value of an indexed column, or the date range. */
  ordered: boolean;
  /** The columns it tests. */
  tests: readonly string[];
  /** The values of `column IN (...)`; none for the date range and the search. */
  values?: readonly Param[];
  sql(indexed: boolean): string;
  params: Param[];
}

function whereSql(terms: readonly Term[], indexed: (term: Term) => boolean): Where {
  if (terms.length === 0) return { sql: '', params: [] };
  return { sql: `WHERE ${terms.map((term) => term.sql(indexed(term))).join(' AND ')}`, params: terms.flatMap((term) => term.params) };
}

/** A unary + keeps a column's term off every index: the planner must use the index chosen for it. */
const plain = (column: string, indexed: boolean) => (indexed ? column : `+${column}`);

/** The columns the search matches by their start, each through its NOCASE index. */
const PREFIX_COLUMNS = ['hash', 'trade_id', 'id'] as const;

/**
 * Filter columns with an index (column, sort column, created_at) for every sort column below
 * (migration 7), and (column, created_at) (migrations 4 and 6): one value of them, any of these
 * sorts, is a walk of the page in that index.
 */
const STREAMED_FILTERS: ReadonlySet<string> = new Set(['status', 'side', 'tx_type', 'network', 'token_name']);
const STREAMED_SORTS: ReadonlySet<string> = new Set(['created_at', 'amount_in', 'expected_profit', 'status', 'token_name']);

const equals = (column: string, values: readonly Param[]): Term => {
  const marks = values.map(() => '?').join(', ');
  return { column, ordered: values.length === 1, tests: [column], values, sql: (indexed) => `${plain(column, indexed)} IN (${marks})`, params: [...values] };
};

/**
 * The conditions of a filter, or null when it can match nothing. `tokenNames` lists the token
 * names in the table and `anyStartsWith` says whether a column has a value starting with a LIKE
 * pattern, for the search: `q` is contained in the tokenName or starts the hash, tradeId or id.
 * A contained-in LIKE can use no index, so the token part is decided here instead of on every
 * row: `token_name IN (the names containing q)`; and each prefix part is kept only where some row
 * has it (one index seek each). A search of a token name is then a filter of token names, which
 * the token indexes answer in any order; otherwise every part is an index lookup (the prefix
 * LIKEs through the NOCASE indexes, as LIKE is case-insensitive).
 */
function termsOf(
  filter: TxFilter,
  tokenNames: () => readonly string[],
  anyStartsWith: (column: string, test: PrefixTest) => boolean,
): Term[] | null {
  const terms: Term[] = [];
  const oneOf = (column: string, value: Param | readonly Param[] | undefined) => {
    if (value !== undefined) terms.push(equals(column, [value].flat()));
  };
  oneOf('status', filter.status);
  oneOf('side', filter.side);
  oneOf('tx_type', filter.txType);
  oneOf('network', filter.network);
  oneOf('token_name', filter.tokenName);
  oneOf('trade_id', filter.tradeId);
  oneOf('err_code', filter.errCode);
  const range: [string, number][] = [];
  if (filter.from !== undefined) range.push(['>=', filter.from]);
  if (filter.to !== undefined) range.push(['<=', filter.to]);
  if (range.length > 0) {
    terms.push({
      column: 'created_at',
      ordered: true,
      tests: ['created_at'],
      sql: (indexed) => range.map(([op]) => `${plain('created_at', indexed)} ${op} ?`).join(' AND '),
      params: range.map(([, value]) => value),
    });
  }
  if (filter.q !== undefined) {
    const needle = foldAscii(filter.q);
    const tokens = tokenNames().filter((name) => foldAscii(name).includes(needle));
    const starts = prefixTest(filter.q);
    const prefixes = PREFIX_COLUMNS.filter((column) => anyStartsWith(column, starts));
    if (prefixes.length === 0) {
      if (tokens.length === 0) return null;
      terms.push(equals('token_name', tokens));
    } else {
      const tokenTerm = tokens.length === 0 ? null : equals('token_name', tokens);
      const tokenPart = (indexed: boolean) => (tokenTerm ? `${tokenTerm.sql(indexed)} OR ` : '');
      terms.push({
        column: null,
        ordered: false,
        tests: tokens.length === 0 ? prefixes : ['token_name', ...prefixes],
        sql: (indexed) => `(${tokenPart(indexed)}${prefixes.map((column) => starts.sql(column, indexed)).join(' OR ')})`,
        params: [...tokens, ...prefixes.flatMap(() => starts.params)],
      });
    }
  }
  return terms;
}

/**
 * The writes other repositories share (the trades repository writes its txs in its own statement).
 * insert and upsert refresh the trade rows of what they wrote (journeyWriter.ts) and tell the
 * listeners of the connection (onTxsChanged) which rows changed.
 */
export interface TxWriter {
  insert(tx: TxDraft): number;
  /** Creates the txs or replaces them, keeping their createdAt; a row that would not change is left as it is (updatedAt too). */
  upsert(txs: readonly TxDraft[]): void;
  /** One row of a bulk load (history): neither its trade's row nor any listener is told; the load does that at its end. */
  load(tx: TxDraft): number;
}

/** A tx row a write inserted, or updated with a difference: what onTxsChanged listeners hear. */
export interface TxChange {
  id: string;
  tradeId: string | null;
  status: TxStatus;
  updatedAt: number;
}

export type TxChangeListener = (changes: readonly TxChange[]) => void;

const changeListeners = new WeakMap<Database, Set<TxChangeListener>>();

/**
 * Calls `listener` after each insert or upsert through this module on the connection, with the
 * rows it changed (synchronously, inside the write's transaction: what it hears may yet be rolled
 * back, so a listener reads the rows again once the transaction is over). Returns the unsubscribe.
 */
export function onTxsChanged(db: Database, listener: TxChangeListener): () => void {
  let listeners = changeListeners.get(db);
  if (!listeners) {
    listeners = new Set();
    changeListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function changed(db: Database, changes: readonly TxChange[]): void {
  if (changes.length === 0) return;
  for (const listener of changeListeners.get(db) ?? []) listener(changes);
}

const changeOf = (tx: TxDraft): TxChange => ({ id: tx.id, tradeId: tx.tradeId, status: tx.status, updatedAt: tx.updatedAt });

/** The columns an upsert compares: all but the id and the times it keeps or sets. */
const COMPARED_COLUMNS = [
  'trade_id', 'token_name', 'side', 'method', 'attempt', 'tx_type', 'status', 'network_buy', 'network_sell', 'network',
  'bridge_name', 'amount_in', 'amount_out', 'expected_profit', 'hash', 'raw', 'err_code',
];

const INSERT_COLUMNS = `(id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network,
  bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw, err_code)
  VALUES (${Array.from({ length: 20 }, () => '?').join(', ')})`;

const writeCounts = new WeakMap<Database, { writes: number }>();

function writesOn(db: Database): { writes: number } {
  let counter = writeCounts.get(db);
  if (!counter) {
    counter = { writes: 0 };
    writeCounts.set(db, counter);
  }
  return counter;
}

/**
 * Every statement that writes txs on a connection calls this (the writers below, the trades
 * repository's prune), so cached totals of the list are counted again.
 */
export function txsWritten(db: Database): void {
  writesOn(db).writes += 1;
}

/**
 * A mark that differs whenever the txs table may have changed: the writes made through this
 * module on this connection (txsWritten) and SQLite's data_version, which moves when another
 * connection commits. The trade rows change only with the txs, so it marks them too.
 */
export function txsChangeMark(db: Database): () => string {
  const counter = writesOn(db);
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  return () => `${counter.writes}:${dataVersion.get() ?? 0}`;
}

/** Synchronous writers on the connection; callers hold the gate. */
export function sqliteTxWriter(db: Database): TxWriter {
  const journeys = sqliteJourneyWriter(db);
  const insert = db.prepare<Param[]>(`INSERT INTO txs ${INSERT_COLUMNS}`);
  // A trade's txs are written again whenever one of them moves: the others keep their updatedAt,
  // which with createdAt gives each step's duration (GET /trades/{tradeId}).
  const upsert = db.prepare<Param[]>(
    `INSERT INTO txs ${INSERT_COLUMNS}
     ON CONFLICT (id) DO UPDATE SET ${COMPARED_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')},
       updated_at = excluded.updated_at
     WHERE ${COMPARED_COLUMNS.map((column) => `txs.${column} IS NOT excluded.${column}`).join(' OR ')}`,
  );
  const tradesOf = (changes: readonly TxChange[]) => changes.flatMap((change) => (change.tradeId === null ? [] : [change.tradeId]));
  return {
    insert: (tx) => {
      txsWritten(db);
      const written = insert.run(...toParams(tx)).changes;
      const changes = written > 0 ? [changeOf(tx)] : [];
      journeys.refresh(tradesOf(changes));
      changed(db, changes);
      return written;
    },
    upsert: (txs) => {
      txsWritten(db);
      const changes = txs.filter((tx) => upsert.run(...toParams(tx)).changes > 0).map(changeOf);
      journeys.refresh(tradesOf(changes));
      changed(db, changes);
    },
    load: (tx) => {
      txsWritten(db);
      return insert.run(...toParams(tx)).changes;
    },
  };
}

/**
 * How a page is read: by walking one index with the other terms checked on the way (`indexed`
 * says which term may use its index; none: the sort column's), or, for a term of several values
 * (two tx types, the token names of a search), by walking each value's index in the sort's order
 * and merging the walks.
 */
type MergedTerm = Term & { column: string; values: readonly Param[] };
type Plan = { kind: 'walk'; indexed: (term: Term) => boolean } | { kind: 'merge'; term: MergedTerm };

/** How many index entries a walk checks in the time it reads one row (measured: 5-25). */
const INDEX_ONLY_GAIN = 8;

/**
 * The page's LIMIT and OFFSET (parameters limit, offset) as expressions, not bare parameters:
 * SQLite plans a statement with the value of a bare LIMIT parameter, so every new value, that is
 * every page, prepared the whole statement again (40 us of a 60 us page; bench/server.bench.ts).
 */
const PAGE_BOUNDS = 'LIMIT ? + 0 OFFSET ? + 0';

/** Values merged at most (SQLite allows 500 parts in a compound SELECT); more are read and sorted. */
const MERGED_VALUES_MAX = 64;

/** The list's reads, synchronous, on any connection (the store's, or a reader thread's read-only one). */
export interface TxPages {
  list(options: TxListOptions): { data: TxRecord[]; total: number };
  listBody(options: TxListOptions): Uint8Array;
}

/**
 * The pages of the list on a connection. Its caches (totals, token names, statements) follow the
 * table's change mark, so they stay right on a read-only connection while another one writes.
 */
export function sqliteTxPages(db: Database): TxPages {
  // The token names in the table, one index seek each (a skip scan of txs_by_token).
  const firstToken = db.prepare<[], string | null>('SELECT MIN(token_name) FROM txs').pluck();
  const tokenAfter = db.prepare<[string], string | null>('SELECT MIN(token_name) FROM txs WHERE token_name > ?').pluck();
  const changes = txsChangeMark(db);
  // Inside a transaction of a connection that writes, the rows seen may yet be rolled back: what
  // is read there is not kept. A read-only connection's transaction is a snapshot of committed rows.
  const uncommitted = () => db.inTransaction && !db.readonly;
  let tokenNamesSeen: { mark: string; names: string[] } | undefined;
  /** The token names in the table, listed again only when it changed. */
  const tokenNames = () => {
    const mark = changes();
    if (tokenNamesSeen?.mark === mark && !uncommitted()) return tokenNamesSeen.names;
    const names: string[] = [];
    for (let name = firstToken.get() ?? null; name !== null; name = tokenAfter.get(name) ?? null) names.push(name);
    if (!uncommitted()) tokenNamesSeen = { mark, names };
    return names;
  };
  const anyStartsWith = (column: string, test: PrefixTest) =>
    statement(`SELECT 1 FROM txs WHERE ${test.sql(column, true)} LIMIT 1`).get(...test.params) !== undefined;
  const tableRows = () => totalOf({ sql: '', params: [] });

  /**
   * How to read a page: the plan that visits the fewest rows, from exact (cached) counts.
   * SQLite's statistics cannot tell a rare status from a common one, nor does its planner weigh
   * the LIMIT, and on 100,000 rows its wrong guesses cost 100 ms a page. A page of `needed` rows
   * (offset + limit) out of `total` matches costs, by walking:
   * - a term's index in the sort's order (one of STREAMED_FILTERS with one of STREAMED_SORTS, or
   *   the date range sorted by created_at), checking the other terms on the way: needed *
   *   count(term) / total, once per value of the term (merged when several);
   * - the sort column's index, checking every term: needed * rows / total (an eighth of that
   *   where the terms are checked in the index: INDEX_ONLY_GAIN), where the matches are
   *   spread over the sort's order. Only where no term has its own walk: values of a term are
   *   not spread over another column's order (approvals move no amount: they all sit at one end
   *   of the amount sort), and a term testing the sort column otherwise than through that index
   *   (q's token names, sorted by token) puts its matches together, maybe last;
   * - any other term's index: count(term), and then a sort of them;
   * - newest first, the index of two terms of one value each: needed * count(both) / total.
   */
  const planOf = (terms: readonly Term[], sortColumn: string, total: number, needed: number): Plan => {
    const matchedShare = (rows: number) => (needed * rows) / total;
    const streams = (term: Term): term is MergedTerm =>
      term.column !== null &&
      term.values !== undefined &&
      term.values.length <= MERGED_VALUES_MAX &&
      STREAMED_FILTERS.has(term.column) &&
      (STREAMED_SORTS.has(sortColumn) || sortColumn === term.column);
    const clustered = terms.some((term) => term.column !== sortColumn && term.tests.includes(sortColumn));
    // Every sort index but id's holds (column, created_at): terms of those alone (the date range)
    // are checked in the index, without reading the rows the walk passes.
    const inSortIndex = sortColumn !== 'id' && terms.every((term) => term.tests.every((column) => column === sortColumn || column === 'created_at'));
    let best: { cost: number; plan: Plan } = {
      cost: clustered || terms.some(streams) ? Number.POSITIVE_INFINITY : matchedShare(tableRows()) / (inSortIndex ? INDEX_ONLY_GAIN : 1),
      plan: { kind: 'walk', indexed: (term) => term.column === sortColumn },
    };
    for (const candidate of terms) {
      const rows = totalOf(whereSql([candidate], () => true));
      const alone: Plan = { kind: 'walk', indexed: (term) => term === candidate };
      const option = streams(candidate)
        ? { cost: candidate.values.length * matchedShare(rows), plan: candidate.values.length === 1 ? alone : { kind: 'merge' as const, term: candidate } }
        : { cost: candidate.ordered && sortColumn === 'created_at' ? matchedShare(rows) : rows, plan: alone };
      if (option.cost < best.cost) best = option;
    }
    // Newest first, two filters of one value each share an index (migration 7): a seek to both
    // values, and the page is the next rows of it.
    if (sortColumn === 'created_at') {
      const single = terms.filter((term) => streams(term) && term.values?.length === 1);
      for (const [i, first] of single.entries()) {
        for (const second of single.slice(i + 1)) {
          const cost = matchedShare(totalOf(whereSql([first, second], () => true)));
          if (cost < best.cost) best = { cost, plan: { kind: 'walk', indexed: (term) => term === first || term === second } };
        }
      }
    }
    return best.plan;
  };
  const statement = statementCache(db);
  /** The filter's total, counted again only when the table changed since it was last counted. */
  const totalOf = cachedTotals(
    (where) => (statement(`SELECT COUNT(*) AS total FROM txs ${where.sql}`).get(...where.params) as { total: number }).total,
    changes,
    uncommitted,
  );

  /** The list's order: the column, then created_at, then rowid (every index ends in rowid). */
  const orderBy = (column: string, order: 'ASC' | 'DESC') =>
    column === 'id' ? `id ${order}` : column === 'created_at' ? `created_at ${order}, rowid ${order}` : `${column} ${order}, created_at ${order}, rowid ${order}`;

  /** A query of the page's rowids (column r), in the page's order, and its parameters. */
  interface PageQuery {
    sql: string;
    params: Param[];
  }

  /** The page by one walk: an index-only walk over the OFFSET rows where it can. */
  const walked = (terms: readonly Term[], indexed: (term: Term) => boolean, column: string, order: 'ASC' | 'DESC', offset: number, limit: number): PageQuery => {
    const where = whereSql(terms, indexed);
    return { sql: `SELECT rowid AS r FROM txs ${where.sql} ORDER BY ${orderBy(column, order)} ${PAGE_BOUNDS}`, params: [...where.params, limit, offset] };
  };

  /**
   * The page from one walk per value of `term`, each in the list's order, merged by SQLite: a
   * compound SELECT ordered like its parts is a merge of their walks (no sort), and stops at the
   * page's end.
   */
  const merged = (terms: readonly Term[], term: MergedTerm, column: string, order: 'ASC' | 'DESC', offset: number, limit: number): PageQuery => {
    const others = whereSql(terms.filter((other) => other !== term), () => false);
    const rest = others.sql === '' ? '' : ` AND ${others.sql.slice('WHERE '.length)}`;
    const part = `SELECT rowid AS r, created_at AS c, ${column} AS s FROM txs WHERE ${term.column} = ?${rest}`;
    const by = column === 'created_at' ? `c ${order}, r ${order}` : `s ${order}, c ${order}, r ${order}`;
    return {
      sql: `${term.values.map(() => part).join(' UNION ALL ')} ORDER BY ${by} ${PAGE_BOUNDS}`,
      params: [...term.values.flatMap((value) => [value, ...others.params]), limit, offset],
    };
  };

  /**
   * The answer {"data":[records],"total":total} as UTF-8 bytes, read in one statement with the
   * page's query: each row's list_json, the record as toRecord makes it, kept by SQLite (migration
   * 7), and handed over as a BLOB, so no JavaScript string is made of it. CROSS JOIN keeps the
   * page's query as the outer loop, so records are joined in the page's order.
   * tests/server/txs.test.ts proves the text parses to what `list` returns, in its order. The
   * simple-rest form of the list (lib/listConvention.ts) sends the `[…]` of these bytes and reads
   * the total from their end, so the layout stays exactly this.
   */
  const bodyOf = (page: PageQuery | null, total: number): Uint8Array => {
    if (!page) return Buffer.from(`{"data":[],"total":${total}}`);
    const sql = `SELECT CAST('{"data":[' || ifnull(group_concat(t.list_json, ','), '') || '],"total":' || ? || '}' AS BLOB)
      FROM (${page.sql}) AS page CROSS JOIN txs AS t ON t.rowid = page.r`;
    return statement(sql).pluck().get(total, ...page.params) as Buffer;
  };

  /** The page's query (none when it is empty), and the filter's total. */
  const pageOf = ({ filter, sort, order, offset, limit }: TxListOptions): { page: PageQuery | null; total: number } => {
    const terms = termsOf(filter, tokenNames, anyStartsWith);
    if (terms === null) return { page: null, total: 0 };
    const total = totalOf(whereSql(terms, () => true));
    if (total <= offset) return { page: null, total };
    const column = SORT_COLUMNS[sort];
    const plan = planOf(terms, column, total, offset + limit);
    const page =
      plan.kind === 'merge' ? merged(terms, plan.term, column, order, offset, limit) : walked(terms, plan.indexed, column, order, offset, limit);
    return { page, total };
  };

  return {
    list: (options) => {
      const { page, total } = pageOf(options);
      if (!page) return { data: [], total };
      // CROSS JOIN keeps the page's query as the outer loop: rows come in the page's order.
      const rows = statement(`SELECT ${COLUMNS} FROM (${page.sql}) AS page CROSS JOIN txs ON txs.rowid = page.r`)
        .raw(true)
        .all(...page.params) as RawRow[];
      return { data: rows.map((row) => toRecord(row, false)), total };
    },
    listBody: (options) => {
      const { page, total } = pageOf(options);
      return bodyOf(page, total);
    },
  };
}

export function sqliteTxRepo(db: Database, gate: Gate): TxRepo {
  const writer = sqliteTxWriter(db);
  const journeys = sqliteJourneyWriter(db);
  const pages = sqliteTxPages(db);
  const one = db.prepare<[string], RawRow>(`SELECT ${COLUMNS}, raw FROM txs WHERE id = ?`).raw(true);
  const ofTrade = db.prepare<[string], RawRow>(`SELECT ${COLUMNS}, raw FROM txs WHERE trade_id = ? ORDER BY created_at, rowid`).raw(true);
  const countAll = db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM txs');
  const ownIndexes = db.prepare<[], { name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'txs' AND sql IS NOT NULL",
  );
  return {
    list: (options) => gate.run(() => pages.list(options)),
    listBody: (options) => gate.run(() => pages.listBody(options)),
    // Read on this thread, a body is an ordinary buffer, collected as usual.
    releaseBody: () => undefined,
    get: (id) =>
      gate.run(() => {
        const row = one.get(id);
        return row && toRecord(row, true);
      }),
    byTrade: (tradeId) => gate.run(() => ofTrade.all(tradeId).map((row) => toRecord(row, true))),
    insert: (tx) => gate.run(() => void writer.insert(tx)),
    upsert: (txs) => gate.run(() => writer.upsert(txs)),
    // Inside a transaction (the seed's), so the rows are written in one go rather than committed one
    // by one; all or nothing, the dropped indexes included (a savepoint inside the caller's).
    insertMany: (txs) =>
      gate.run(() =>
        db.transaction(() => {
          // Into an empty table (the first start's seed) the rows go first and each index is then
          // built by one sort, rather than 30 indexes grown row by row: a third of the time.
          const empty = countAll.get()?.total === 0;
          const indexes = empty ? ownIndexes.all() : [];
          for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
          let written = 0;
          const trades = new Set<string>();
          for (const tx of txs) {
            written += writer.load(tx);
            if (!empty && tx.tradeId !== null) trades.add(tx.tradeId);
          }
          for (const { sql } of indexes) db.exec(sql);
          // The trades' rows once their txs are all in: every one after a load into an empty table.
          if (empty) journeys.rebuildAll();
          else journeys.refresh(trades);
          // After a bulk load the planner needs the indexes' statistics, so that it takes the index
          // planOf leaves it rather than a scan; analysis_limit (set on opening) keeps it to tens of ms.
          if (written >= ANALYZE_AFTER_ROWS) db.exec('ANALYZE txs; ANALYZE trade_journeys');
          return written;
        })(),
      ),
    count: () => gate.run(() => countAll.get()?.total ?? 0),
  };
}
