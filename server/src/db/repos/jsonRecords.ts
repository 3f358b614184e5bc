/**
 * Tokens and bridges are both named JSON documents with a version; this is the one implementation
 * behind their repositories. Rows are checked against the contract schema when read. The version
 * lives in its own column: an update is a compare-and-set on it, so no edit is ever lost.
 */
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { Gate } from '../gate.ts';

export type Versioned<T> = T & { version: number };

export type UpdateOutcome<T> =
  | { status: 'updated'; record: Versioned<T> }
  | { status: 'conflict'; current: Versioned<T> }
  | { status: 'missing' };

export interface NamedRecordRepo<T> {
  /** Every record, by name. */
  list(): Promise<Versioned<T>[]>;
  get(name: string): Promise<Versioned<T> | undefined>;
  /** Creates the record at version 1; undefined when its name is taken. */
  create(record: T): Promise<Versioned<T> | undefined>;
  /** Replaces the record if it is still at `version`; it is then at version + 1. */
  update(record: T, version: number): Promise<UpdateOutcome<T>>;
  /** True when a record was deleted. */
  delete(name: string): Promise<boolean>;
}

interface TableSpec<S extends z.ZodType> {
  table: 'tokens' | 'bridges';
  nameColumn: 'token_name' | 'bridge_name';
  schema: S;
  nameOf: (record: z.output<S>) => string;
}

interface Row {
  data: string;
  version: number;
}

export function sqliteNamedRecordRepo<S extends z.ZodType>(
  db: Database,
  gate: Gate,
  now: () => number,
  spec: TableSpec<S>,
): NamedRecordRepo<z.output<S>> {
  type T = z.output<S>;
  const { table, nameColumn, schema, nameOf } = spec;
  const all = db.prepare<[], Row>(`SELECT data, version FROM ${table} ORDER BY ${nameColumn}`);
  const one = db.prepare<[string], Row>(`SELECT data, version FROM ${table} WHERE ${nameColumn} = ?`);
  const insert = db.prepare<[string, string, number]>(
    `INSERT INTO ${table} (${nameColumn}, data, version, updated_at) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING`,
  );
  const swap = db.prepare<[string, number, string, number]>(
    `UPDATE ${table} SET data = ?, version = version + 1, updated_at = ? WHERE ${nameColumn} = ? AND version = ?`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM ${table} WHERE ${nameColumn} = ?`);

  // The schemas are object schemas; the generic output type does not say so, hence the casts.
  const parse = (row: Row): Versioned<T> =>
    ({ ...(schema.parse(JSON.parse(row.data)) as object), version: row.version }) as Versioned<T>;
  /** The stored document: the record without its version, which is the column's. */
  const documentOf = (record: T): string => {
    const { version: _version, ...document } = record as Record<string, unknown>;
    return JSON.stringify(schema.parse(document));
  };
  const read = (name: string) => {
    const row = one.get(name);
    return row && parse(row);
  };

  return {
    list: () => gate.run(() => all.all().map(parse)),
    get: (name) => gate.run(() => read(name)),
    create: (record) =>
      gate.run(() => {
        const name = nameOf(record);
        return insert.run(name, documentOf(record), now()).changes > 0 ? read(name) : undefined;
      }),
    update: (record, version) =>
      gate.run((): UpdateOutcome<T> => {
        const name = nameOf(record);
        if (swap.run(documentOf(record), now(), name, version).changes > 0) {
          const updated = read(name);
          if (updated) return { status: 'updated', record: updated };
        }
        const current = read(name);
        return current ? { status: 'conflict', current } : { status: 'missing' };
      }),
    delete: (name) => gate.run(() => remove.run(name).changes > 0),
  };
}
