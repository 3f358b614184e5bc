/**
 * What the paged lists (GET /txs/ and GET /trades/) share on a connection: their statements,
 * prepared once per SQL text, and their filters' totals, counted again only when the table changed.
 */
import type { Database, Statement } from 'better-sqlite3';

export type Param = string | number | null;

export interface Where {
  sql: string;
  params: Param[];
}

/** Statements kept per connection; a full cache is emptied (the SQL texts of one screen repeat). */
const STATEMENT_CACHE_MAX = 256;
/** Totals kept, by filter; a full cache is emptied (filters repeat: the page turns of one screen). */
const TOTALS_CACHE_MAX = 1024;

/** A prepared statement per SQL text. */
export function statementCache(db: Database): (sql: string) => Statement<Param[], unknown> {
  const cache = new Map<string, Statement<Param[], unknown>>();
  return (sql) => {
    let prepared = cache.get(sql);
    if (!prepared) {
      if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
      prepared = db.prepare<Param[]>(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  };
}

/**
 * A filter's total by `count`, kept while the change mark stays the same; inside a write not yet
 * committed it is always counted (the mark cannot see it).
 */
export function cachedTotals(count: (where: Where) => number, changes: () => string, uncommitted: () => boolean): (where: Where) => number {
  const totals = new Map<string, { mark: string; total: number }>();
  return (where) => {
    if (uncommitted()) return count(where);
    const key = `${where.sql}\u0000${JSON.stringify(where.params)}`;
    const mark = changes();
    const cached = totals.get(key);
    if (cached?.mark === mark) return cached.total;
    const total = count(where);
    if (totals.size >= TOTALS_CACHE_MAX) totals.clear();
    totals.set(key, { mark, total });
    return total;
  };
}
