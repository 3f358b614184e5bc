/**
 * The transaction history (GET /api/txs/): one row per tx, written by the seed, by the trades
 * repository for every trade the system makes, and by the operators' own operations. Every filter
 * and every sort of the list has an index (migrations 4 and 6), so a page is an index walk that
 * stops after the page. The total of a filter is counted once and kept until the txs table
 * changes (see txsWritten): counting 75,000 matching rows costs milliseconds, on every page turn.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { TxFilter, TxRecord, TxSortField } from '../../../../src/contract/index.ts';
import { txHistoryKey } from '../../../../src/domain/keys.ts';
import type { Gate } from '../gate.ts';

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
  amount_out AS amountOut, expected_profit AS expectedProfit, hash, created_at AS createdAt, updated_at AS updatedAt`;

type Row = Omit<TxRecord, 'historyKey' | 'raw'> & { raw?: string | null };
type Param = string | number | null;

/** Statements of list queries, by SQL text; the filters give a bounded number of shapes. */
const STATEMENT_CACHE_MAX = 256;
/** A bulk insert of at least this many rows refreshes the planner's statistics of txs. */
const ANALYZE_AFTER_ROWS = 10_000;

function toRecord({ raw, ...row }: Row): TxRecord {
  const historyKey = txHistoryKey(row.side, row.method, row.attempt, row.txType);
  return raw === undefined || raw === null ? { ...row, historyKey } : { ...row, historyKey, raw: JSON.parse(raw) as unknown };
}

function toParams(tx: TxDraft): Param[] {
  return [
    tx.id, tx.tradeId, tx.tokenName, tx.side, tx.method, tx.attempt, tx.txType, tx.status, tx.networkBuy,
    tx.networkSell, tx.network, tx.bridgeName, tx.amountIn, tx.amountOut, tx.expectedProfit, tx.hash, tx.createdAt,
    tx.updatedAt, tx.raw === undefined ? null : JSON.stringify(tx.raw),
  ];
}

/** A LIKE pattern matching `text` literally (with ESCAPE '\'). */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE's case folding: ASCII letters only. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** One condition of a filter, written with or without the use of an index. */
interface Term {
  /** The column whose index answers it alone, in the order of created_at; none for the search. */
  column: string | null;
  /** Ordered by created_at within its index: one value of an indexed column, or the date range. */
  ordered: boolean;
  /** The columns it tests. */
  tests: readonly string[];
  sql(indexed: boolean): string;
  params: Param[];
}

interface Where {
  sql: string;
  params: Param[];
}

function whereSql(terms: readonly Term[], indexed: (term: Term) => boolean): Where {
  if (terms.length === 0) return { sql: '', params: [] };
  return { sql: `WHERE ${terms.map((term) => term.sql(indexed(term))).join(' AND ')}`, params: terms.flatMap((term) => term.params) };
}

/** A unary + keeps a column's term off every index: the planner must use the index chosen for it. */
const plain = (column: string, indexed: boolean) => (indexed ? column : `+${column}`);

/**
 * The conditions of a filter. `tokenNames` lists the token names in the table, for the search:
 * `q` is contained in the tokenName or starts the hash, tradeId or id. A contained-in LIKE can use
 * no index, so the token part is decided here instead of on every row: `token_name IN (the names
 * containing q)`, left out when there are none. Every part is then an index lookup (the prefix
 * LIKEs through the NOCASE indexes, as LIKE is case-insensitive): SQLite can answer the search
 * from four indexes.
 */
function termsOf(filter: TxFilter, tokenNames: () => readonly string[]): Term[] {
  const terms: Term[] = [];
  const oneOf = (column: string, value: string | readonly string[] | undefined) => {
    if (value === undefined) return;
    const values = [value].flat();
    const marks = values.map(() => '?').join(', ');
    terms.push({ column, ordered: values.length === 1, tests: [column], sql: (indexed) => `${plain(column, indexed)} IN (${marks})`, params: values });
  };
  oneOf('status', filter.status);
  oneOf('side', filter.side);
  oneOf('tx_type', filter.txType);
  oneOf('network', filter.network);
  oneOf('token_name', filter.tokenName);
  oneOf('trade_id', filter.tradeId);
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
    const q = `${literal(filter.q)}%`;
    const tokenPart = (indexed: boolean) =>
      tokens.length === 0 ? '' : `${plain('token_name', indexed)} IN (${tokens.map(() => '?').join(', ')}) OR `;
    terms.push({
      column: null,
      ordered: false,
      tests: tokens.length === 0 ? ['hash', 'trade_id', 'id'] : ['token_name', 'hash', 'trade_id', 'id'],
      sql: (indexed) =>
        `(${tokenPart(indexed)}${['hash', 'trade_id', 'id'].map((column) => `${plain(column, indexed)} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
      params: [...tokens, q, q, q],
    });
  }
  return terms;
}

/** The writes other repositories share (the trades repository writes its txs in its own statement). */
export interface TxWriter {
  insert(tx: TxDraft): number;
  upsert(txs: readonly TxDraft[]): void;
}

const INSERT_COLUMNS = `(id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network,
  bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw)
  VALUES (${Array.from({ length: 19 }, () => '?').join(', ')})`;

/** A cached total: the filter's count when the table's change mark was `mark`. */
interface CachedTotal {
  mark: string;
  total: number;
}

/** Totals kept, by filter; a full cache is emptied (filters repeat: the page turns of one screen). */
const TOTALS_CACHE_MAX = 1024;

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
 * connection commits.
 */
function txsChangeMark(db: Database): () => string {
  const counter = writesOn(db);
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  return () => `${counter.writes}:${dataVersion.get() ?? 0}`;
}

/** Synchronous writers on the connection; callers hold the gate. */
export function sqliteTxWriter(db: Database): TxWriter {
  const insert = db.prepare<Param[]>(`INSERT INTO txs ${INSERT_COLUMNS}`);
  const upsert = db.prepare<Param[]>(
    `INSERT INTO txs ${INSERT_COLUMNS}
     ON CONFLICT (id) DO UPDATE SET trade_id = excluded.trade_id, token_name = excluded.token_name, side = excluded.side,
       method = excluded.method, attempt = excluded.attempt, tx_type = excluded.tx_type, status = excluded.status,
       network_buy = excluded.network_buy, network_sell = excluded.network_sell, network = excluded.network,
       bridge_name = excluded.bridge_name, amount_in = excluded.amount_in, amount_out = excluded.amount_out,
       expected_profit = excluded.expected_profit, hash = excluded.hash, updated_at = excluded.updated_at, raw = excluded.raw`,
  );
  return {
    insert: (tx) => {
      txsWritten(db);
      return insert.run(...toParams(tx)).changes;
    },
    upsert: (txs) => {
      txsWritten(db);
      for (const tx of txs) upsert.run(...toParams(tx));
    },
  };
}

export function sqliteTxRepo(db: Database, gate: Gate): TxRepo {
  const writer = sqliteTxWriter(db);
  const one = db.prepare<[string], Row>(`SELECT ${COLUMNS}, raw FROM txs WHERE id = ?`);
  const ofTrade = db.prepare<[string], Row>(`SELECT ${COLUMNS}, raw FROM txs WHERE trade_id = ? ORDER BY created_at, rowid`);
  const countAll = db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM txs');
  // The token names in the table, one index seek each (a skip scan of txs_by_token).
  const firstToken = db.prepare<[], string | null>('SELECT MIN(token_name) FROM txs').pluck();
  const tokenAfter = db.prepare<[string], string | null>('SELECT MIN(token_name) FROM txs WHERE token_name > ?').pluck();
  const tokenNames = () => {
    const names: string[] = [];
    for (let name = firstToken.get() ?? null; name !== null; name = tokenAfter.get(name) ?? null) names.push(name);
    return names;
  };
  const changes = txsChangeMark(db);
  const tableRows = () => totalOf({ sql: '', params: [] });

  /**
   * Which terms may use an index for a page: the plan that visits the fewest rows, from exact
   * (cached) counts. SQLite's statistics cannot tell a rare status from a common one, nor does its
   * planner weigh the LIMIT, and on 100,000 rows its wrong guesses cost 100 ms a page. A page of
   * `needed` rows (offset + limit) out of `total` matches costs, by walking:
   * - the sort column's index, filtering as it goes: needed * rows / total, where the matches
   *   are spread over the sort's order: not when a term tests the sort column itself other than
   *   through that index (q's token names, sorted by token: the matches sit together, maybe last);
   * - a term's index, where it is in the sort's order (created_at, one value or the date range):
   *   needed * count(term) / total;
   * - any other term's index: count(term), and then a sort of them.
   */
  const planOf = (terms: readonly Term[], sortColumn: string, total: number, needed: number): ((term: Term) => boolean) => {
    const matchedShare = (rows: number) => (needed * rows) / total;
    const clustered = terms.some((term) => term.column !== sortColumn && term.tests.includes(sortColumn));
    let best: { cost: number; indexed: (term: Term) => boolean } = {
      cost: clustered ? Number.POSITIVE_INFINITY : matchedShare(tableRows()),
      indexed: (term) => term.column === sortColumn,
    };
    for (const candidate of terms) {
      const rows = totalOf(whereSql([candidate], () => true));
      const cost = candidate.ordered && sortColumn === 'created_at' ? matchedShare(rows) : rows;
      if (cost < best.cost) best = { cost, indexed: (term) => term === candidate };
    }
    return best.indexed;
  };
  const totals = new Map<string, CachedTotal>();
  /** The filter's total, counted again only when the table changed since it was last counted. */
  const totalOf = (where: Where) => {
    const count = () => (statement(`SELECT COUNT(*) AS total FROM txs ${where.sql}`).get(...where.params) as { total: number }).total;
    // Inside a transaction the rows seen may yet be rolled back: count, and keep nothing.
    if (db.inTransaction) return count();
    const key = `${where.sql}\u0000${JSON.stringify(where.params)}`;
    const mark = changes();
    const cached = totals.get(key);
    if (cached?.mark === mark) return cached.total;
    const total = count();
    if (totals.size >= TOTALS_CACHE_MAX) totals.clear();
    totals.set(key, { mark, total });
    return total;
  };

  const cache = new Map<string, Statement<Param[], unknown>>();
  const statement = (sql: string) => {
    let prepared = cache.get(sql);
    if (!prepared) {
      if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
      prepared = db.prepare<Param[]>(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  };

  return {
    list: ({ filter, sort, order, offset, limit }) =>
      gate.run(() => {
        const terms = termsOf(filter, tokenNames);
        const where = whereSql(terms, () => true);
        const total = totalOf(where);
        const column = SORT_COLUMNS[sort];
        const pageWhere = total === 0 ? where : whereSql(terms, planOf(terms, column, total, offset + limit));
        // rowid breaks ties, so pages never overlap; every index ends in it, so the order stays indexed.
        const tieBreak = column === 'id' ? '' : `${column === 'created_at' ? '' : `, created_at ${order}`}, rowid ${order}`;
        const rows = statement(`SELECT ${COLUMNS} FROM txs ${pageWhere.sql} ORDER BY ${column} ${order}${tieBreak} LIMIT ? OFFSET ?`)
          .all(...pageWhere.params, limit, offset) as Row[];
        return { data: rows.map(toRecord), total };
      }),
    get: (id) =>
      gate.run(() => {
        const row = one.get(id);
        return row && toRecord(row);
      }),
    byTrade: (tradeId) => gate.run(() => ofTrade.all(tradeId).map(toRecord)),
    insert: (tx) => gate.run(() => void writer.insert(tx)),
    upsert: (txs) => gate.run(() => writer.upsert(txs)),
    // Inside a transaction (the seed's), so the rows are written in one go rather than committed one by one.
    insertMany: (txs) =>
      gate.run(() => {
        let written = 0;
        for (const tx of txs) written += writer.insert(tx);
        // After a bulk load the planner needs the indexes' statistics, so that it takes the index
        // planOf leaves it rather than a scan; analysis_limit (set on opening) keeps it to tens of ms.
        if (written >= ANALYZE_AFTER_ROWS) db.exec('ANALYZE txs');
        return written;
      }),
    count: () => gate.run(() => countAll.get()?.total ?? 0),
  };
}
