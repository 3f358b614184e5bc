/**
 * Solana bridge configuration (SPEC §7): per bridge (x, a path segment such as wormhole) and
 * token, the token's per-network entries {address, decimals}.
 */
import type { Database } from 'better-sqlite3';
import { SolanaBridgeRecord } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export type SolanaBridgeData = SolanaBridgeRecord['data'];

export interface SolanaBridgeRepo {
  /** Entries of a bridge by token; a page when `limit` is given. */
  list(x: string, page?: { offset: number; limit: number }): Promise<{ data: SolanaBridgeRecord[]; total: number }>;
  get(x: string, token: string): Promise<SolanaBridgeRecord | undefined>;
  /** False when the token already has an entry. */
  create(x: string, token: string, data: SolanaBridgeData): Promise<boolean>;
  /** Creates the entry or replaces its data, keeping its creation time. */
  put(x: string, token: string, data: SolanaBridgeData): Promise<void>;
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
  const all = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM solana_bridge WHERE x = ? ORDER BY token`);
  const some = db.prepare<[string, number, number], Row>(
    `SELECT ${COLUMNS} FROM solana_bridge WHERE x = ? ORDER BY token LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM solana_bridge WHERE x = ?');
  const one = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM solana_bridge WHERE x = ? AND token = ?`);
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
  return {
    list: (x, page) =>
      gate.run(() => {
        const rows = page ? some.all(x, page.limit, page.offset) : all.all(x);
        return { data: rows.map(parse), total: count.get(x)?.total ?? 0 };
      }),
    get: (x, token) =>
      gate.run(() => {
        const row = one.get(x, token);
        return row && parse(row);
      }),
    create: (x, token, data) => gate.run(() => insert.run({ x, token, data: JSON.stringify(data), now: now() }).changes > 0),
    put: (x, token, data) => gate.run(() => void upsert.run({ x, token, data: JSON.stringify(data), now: now() })),
    delete: (x, token) => gate.run(() => remove.run(x, token).changes > 0),
    find: (x, q, limit) =>
      gate.run(() => {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return { data: found.all({ x, pattern, limit }).map(parse), total: foundCount.get({ x, pattern })?.total ?? 0 };
      }),
  };
}
