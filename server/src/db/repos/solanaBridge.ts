/**
 * Solana bridge configuration (§7): per bridge (x, a path segment such as wormhole) and
 * token, the token's per-network entries {address, decimals}.
 */
import type { Database } from 'better-sqlite3';
import { SolanaBridgeRecord } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export type SolanaBridgeData = SolanaBridgeRecord['data'];

export interface SolanaBridgeRepo {
  /** A page of a bridge's entries by token, and how many there are: never all of them (an import can add 100,000). */
  list(x: string, page: { offset: number; limit: number }): Promise<{ data: SolanaBridgeRecord[]; total: number }>;
  get(x: string, token: string): Promise<SolanaBridgeRecord | undefined>;
  /** False when the token already has an entry. */
  create(x: string, token: string, data: SolanaBridgeData): Promise<boolean>;
  /** Creates the entry or replaces its data, keeping its creation time. */
  put(x: string, token: string, data: SolanaBridgeData): Promise<void>;
  /**
   * Adds each token's networks to its entry (created if missing): a network named replaces the
   * entry's one, the others stay. One synchronous run of statements, all or none: an import
   * writes a chunk at a time and lets other requests run in between.
   */
  mergeMany(x: string, entries: readonly (readonly [token: string, data: SolanaBridgeData])[]): Promise<void>;
  delete(x: string, token: string): Promise<boolean>;
  /** Entries whose token or any address contains q (case-insensitive), by token, at most `limit`. */
  find(x: string, q: string, limit: number): Promise<{ data: SolanaBridgeRecord[]; total: number }>;
}

interface Row {
  x: string;
  token: string;
  data: string;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = 'x, token, data, created_at AS createdAt, updated_at AS updatedAt';
const MATCH = `x = @x AND (token LIKE @pattern ESCAPE '\\'
  OR EXISTS (SELECT 1 FROM json_each(solana_bridge.data) WHERE json_extract(value, '$.address') LIKE @pattern ESCAPE '\\'))`;

export function sqliteSolanaBridgeRepo(db: Database, gate: Gate, now: () => number): SolanaBridgeRepo {
  const some = db.prepare<[string, number, number], Row>(
    `SELECT ${COLUMNS} FROM solana_bridge WHERE x = ? ORDER BY token LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM solana_bridge WHERE x = ?');
  const one = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM solana_bridge WHERE x = ? AND token = ?`);
  const dataOf = db.prepare<[string, string], { data: string }>('SELECT data FROM solana_bridge WHERE x = ? AND token = ?');
  type Write = [{ x: string; token: string; data: string; now: number }];
  const insert = db.prepare<Write>(
    'INSERT INTO solana_bridge (x, token, data, created_at, updated_at) VALUES (@x, @token, @data, @now, @now) ON CONFLICT DO NOTHING',
  );
  const upsert = db.prepare<Write>(
    `INSERT INTO solana_bridge (x, token, data, created_at, updated_at) VALUES (@x, @token, @data, @now, @now)
     ON CONFLICT (x, token) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM solana_bridge WHERE x = ? AND token = ?');
  const found = db.prepare<[{ x: string; pattern: string; limit: number }], Row>(
    `SELECT ${COLUMNS} FROM solana_bridge WHERE ${MATCH} ORDER BY token LIMIT @limit`,
  );
  const foundCount = db.prepare<[{ x: string; pattern: string }], { total: number }>(
    `SELECT COUNT(*) AS total FROM solana_bridge WHERE ${MATCH}`,
  );
  const parse = (row: Row): SolanaBridgeRecord => SolanaBridgeRecord.parse({ ...row, data: JSON.parse(row.data) });
  const merge = db.transaction((x: string, entries: readonly (readonly [string, SolanaBridgeData])[], at: number) => {
    for (const [token, data] of entries) {
      const stored = dataOf.get(x, token);
      // Written by this repository from checked data: the record's own parse is not needed to merge.
      const before = stored ? (JSON.parse(stored.data) as SolanaBridgeData) : {};
      upsert.run({ x, token, data: JSON.stringify({ ...before, ...data }), now: at });
    }
  });
  return {
    list: (x, page) => gate.run(() => ({ data: some.all(x, page.limit, page.offset).map(parse), total: count.get(x)?.total ?? 0 })),
    get: (x, token) =>
      gate.run(() => {
        const row = one.get(x, token);
        return row && parse(row);
      }),
    create: (x, token, data) => gate.run(() => insert.run({ x, token, data: JSON.stringify(data), now: now() }).changes > 0),
    put: (x, token, data) => gate.run(() => void upsert.run({ x, token, data: JSON.stringify(data), now: now() })),
    mergeMany: (x, entries) => gate.run(() => merge(x, entries, now())),
    delete: (x, token) => gate.run(() => remove.run(x, token).changes > 0),
    find: (x, q, limit) =>
      gate.run(() => {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return { data: found.all({ x, pattern, limit }).map(parse), total: foundCount.get({ x, pattern })?.total ?? 0 };
      }),
  };
}
