/**
 * The transaction history (GET /api/txs/): one row per tx, written by the seed, by the trades
 * repository for every trade the system makes, and by the operators' own operations. Filters and
 * sorts of the list each have an index (migration 4).
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

function whereOf(filter: TxFilter): { sql: string; params: Param[] } {
  const clauses: string[] = [];
  const params: Param[] = [];
  const oneOf = (column: string, value: string | readonly string[] | undefined) => {
    if (value === undefined) return;
    const values = [value].flat();
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  oneOf('status', filter.status);
  oneOf('side', filter.side);
  oneOf('tx_type', filter.txType);
  oneOf('network', filter.network);
  oneOf('token_name', filter.tokenName);
  oneOf('trade_id', filter.tradeId);
  if (filter.from !== undefined) {
    clauses.push('created_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push('created_at <= ?');
    params.push(filter.to);
  }
  if (filter.q !== undefined) {
    const q = literal(filter.q);
    clauses.push(`(token_name LIKE ? ESCAPE '\\' OR hash LIKE ? ESCAPE '\\' OR trade_id LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
    params.push(`%${q}%`, `${q}%`, `${q}%`, `${q}%`);
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** The writes other repositories share (the trades repository writes its txs in its own statement). */
export interface TxWriter {
  insert(tx: TxDraft): number;
  upsert(txs: readonly TxDraft[]): void;
}

const INSERT_COLUMNS = `(id, trade_id, token_name, side, method, attempt, tx_type, status, network_buy, network_sell, network,
  bridge_name, amount_in, amount_out, expected_profit, hash, created_at, updated_at, raw)
  VALUES (${Array.from({ length: 19 }, () => '?').join(', ')})`;

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
    insert: (tx) => insert.run(...toParams(tx)).changes,
    upsert: (txs) => {
      for (const tx of txs) upsert.run(...toParams(tx));
    },
  };
}

export function sqliteTxRepo(db: Database, gate: Gate): TxRepo {
  const writer = sqliteTxWriter(db);
  const one = db.prepare<[string], Row>(`SELECT ${COLUMNS}, raw FROM txs WHERE id = ?`);
  const ofTrade = db.prepare<[string], Row>(`SELECT ${COLUMNS}, raw FROM txs WHERE trade_id = ? ORDER BY created_at, rowid`);
  const countAll = db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM txs');

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
        const where = whereOf(filter);
        const column = SORT_COLUMNS[sort];
        // rowid breaks ties, so pages never overlap; every index ends in it, so the order stays indexed.
        const tieBreak = column === 'id' ? '' : `${column === 'created_at' ? '' : `, created_at ${order}`}, rowid ${order}`;
        const rows = statement(`SELECT ${COLUMNS} FROM txs ${where.sql} ORDER BY ${column} ${order}${tieBreak} LIMIT ? OFFSET ?`)
          .all(...where.params, limit, offset) as Row[];
        const counted = statement(`SELECT COUNT(*) AS total FROM txs ${where.sql}`).get(...where.params) as { total: number };
        return { data: rows.map(toRecord), total: counted.total };
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
        return written;
      }),
    count: () => gate.run(() => countAll.get()?.total ?? 0),
  };
}
