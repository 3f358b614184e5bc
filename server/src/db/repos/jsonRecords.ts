/**
 * Tokens and bridges are both named JSON documents; this is the one implementation behind their
 * repositories. Rows are checked against the contract schema when read.
 */
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { Gate } from '../gate.ts';

export interface NamedRecordRepo<T> {
  list(): Promise<T[]>;
  get(name: string): Promise<T | undefined>;
  /** Creates or replaces the record named by its own name field. */
  put(record: T): Promise<void>;
  /** True when a record was deleted. */
  delete(name: string): Promise<boolean>;
}

interface TableSpec<S extends z.ZodType> {
  table: 'tokens' | 'bridges';
  nameColumn: 'token_name' | 'bridge_name';
  schema: S;
  nameOf: (record: z.output<S>) => string;
}

export function sqliteNamedRecordRepo<S extends z.ZodType>(
  db: Database,
  gate: Gate,
  now: () => number,
  spec: TableSpec<S>,
): NamedRecordRepo<z.output<S>> {
  const { table, nameColumn, schema, nameOf } = spec;
  const all = db.prepare<[], { data: string }>(`SELECT data FROM ${table} ORDER BY ${nameColumn}`);
  const one = db.prepare<[string], { data: string }>(`SELECT data FROM ${table} WHERE ${nameColumn} = ?`);
  const put = db.prepare<[string, string, number]>(
    `INSERT INTO ${table} (${nameColumn}, data, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (${nameColumn}) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM ${table} WHERE ${nameColumn} = ?`);
  const parse = (row: { data: string }): z.output<S> => schema.parse(JSON.parse(row.data));
  return {
    list: () => gate.run(() => all.all().map(parse)),
    get: (name) =>
      gate.run(() => {
        const row = one.get(name);
        return row && parse(row);
      }),
    put: (record) => gate.run(() => void put.run(nameOf(record), JSON.stringify(record), now())),
    delete: (name) => gate.run(() => remove.run(name).changes > 0),
  };
}
