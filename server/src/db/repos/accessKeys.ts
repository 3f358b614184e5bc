/** Access keys (SPEC §6): a name, a role and the scrypt hash of the key, never the key itself. */
import type { Database } from 'better-sqlite3';
import type { Gate } from '../gate.ts';

export interface AccessKeyRecord {
  name: string;
  role: string;
  hash: string;
  /** Sessions of this user issued before this time (ms) are refused: the key changed then. */
  sessionsValidFrom: number;
}

export interface AccessKeyRepo {
  list(): Promise<AccessKeyRecord[]>;
  get(name: string): Promise<AccessKeyRecord | undefined>;
  /** Creates the key or replaces its role, hash and session boundary. */
  upsert(record: AccessKeyRecord): Promise<void>;
}

const COLUMNS = 'name, role, hash, sessions_valid_from AS sessionsValidFrom';

export function sqliteAccessKeyRepo(db: Database, gate: Gate, now: () => number): AccessKeyRepo {
  const all = db.prepare<[], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys ORDER BY name`);
  const one = db.prepare<[string], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys WHERE name = ?`);
  const upsert = db.prepare<[AccessKeyRecord & { now: number }]>(
    `INSERT INTO access_keys (name, role, hash, sessions_valid_from, created_at, updated_at)
     VALUES (@name, @role, @hash, @sessionsValidFrom, @now, @now)
     ON CONFLICT (name) DO UPDATE SET role = excluded.role, hash = excluded.hash,
       sessions_valid_from = excluded.sessions_valid_from, updated_at = excluded.updated_at`,
  );
  return {
    list: () => gate.run(() => all.all()),
    get: (name) => gate.run(() => one.get(name)),
    upsert: (record) => gate.run(() => void upsert.run({ ...record, now: now() })),
  };
}
