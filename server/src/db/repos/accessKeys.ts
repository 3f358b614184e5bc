/** Access keys (§6): a name, a role and the scrypt hashes of the key, never the key itself. */
import type { Database } from 'better-sqlite3';
import type { Gate } from '../gate.ts';

export interface AccessKeyRecord {
  name: string;
  role: string;
  /** scrypt under the key's own salt (auth/accessKeys.ts). */
  hash: string;
  /** scrypt under the database's key-lookup salt, by which a sign-in finds the row; null for a key stored before it existed. */
  lookup: string | null;
  /** Sessions of this user issued before this time (ms) are refused: the key changed then. */
  sessionsValidFrom: number;
}

export interface AccessKeyRepo {
  list(): Promise<AccessKeyRecord[]>;
  get(name: string): Promise<AccessKeyRecord | undefined>;
  /** The key whose lookup this is, if any. */
  byLookup(lookup: string): Promise<AccessKeyRecord | undefined>;
  /** Keys stored before lookups existed (a sign-in still has to try them one by one). */
  withoutLookup(): Promise<AccessKeyRecord[]>;
  /** Creates the key or replaces its role, hashes and session boundary. */
  upsert(record: AccessKeyRecord): Promise<void>;
  /** Records the lookup of a key stored without one. */
  setLookup(name: string, lookup: string): Promise<void>;
}

const COLUMNS = 'name, role, hash, lookup, sessions_valid_from AS sessionsValidFrom';

export function sqliteAccessKeyRepo(db: Database, gate: Gate, now: () => number): AccessKeyRepo {
  const all = db.prepare<[], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys ORDER BY name`);
  const one = db.prepare<[string], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys WHERE name = ?`);
  const byLookup = db.prepare<[string], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys WHERE lookup = ?`);
  const withoutLookup = db.prepare<[], AccessKeyRecord>(`SELECT ${COLUMNS} FROM access_keys WHERE lookup IS NULL ORDER BY name`);
  const upsert = db.prepare<[AccessKeyRecord & { now: number }]>(
    `INSERT INTO access_keys (name, role, hash, lookup, sessions_valid_from, created_at, updated_at)
     VALUES (@name, @role, @hash, @lookup, @sessionsValidFrom, @now, @now)
     ON CONFLICT (name) DO UPDATE SET role = excluded.role, hash = excluded.hash, lookup = excluded.lookup,
       sessions_valid_from = excluded.sessions_valid_from, updated_at = excluded.updated_at`,
  );
  const setLookup = db.prepare<[string, number, string]>('UPDATE access_keys SET lookup = ?, updated_at = ? WHERE name = ?');
  return {
    list: () => gate.run(() => all.all()),
    get: (name) => gate.run(() => one.get(name)),
    byLookup: (lookup) => gate.run(() => byLookup.get(lookup)),
    withoutLookup: () => gate.run(() => withoutLookup.all()),
    upsert: (record) => gate.run(() => void upsert.run({ ...record, now: now() })),
    setLookup: (name, lookup) => gate.run(() => void setLookup.run(lookup, now(), name)),
  };
}
