/** Access keys (SPEC §6): a name, a role and the scrypt hash of the key, never the key itself. */
import type { Database } from 'better-sqlite3';
import type { Gate } from '../gate.ts';

export interface AccessKeyRecord {
  name: string;
  role: string;
  hash: string;
}

export interface AccessKeyRepo {
  list(): Promise<AccessKeyRecord[]>;
  get(name: string): Promise<AccessKeyRecord | undefined>;
  /** Creates the key or replaces its role and hash. */
  upsert(record: AccessKeyRecord): Promise<void>;
}

export function sqliteAccessKeyRepo(db: Database, gate: Gate, now: () => number): AccessKeyRepo {
  const all = db.prepare<[], AccessKeyRecord>('SELECT name, role, hash FROM access_keys ORDER BY name');
  const one = db.prepare<[string], AccessKeyRecord>('SELECT name, role, hash FROM access_keys WHERE name = ?');
  const upsert = db.prepare<[AccessKeyRecord & { now: number }]>(
    `INSERT INTO access_keys (name, role, hash, created_at, updated_at) VALUES (@name, @role, @hash, @now, @now)
     ON CONFLICT (name) DO UPDATE SET role = excluded.role, hash = excluded.hash, updated_at = excluded.updated_at`,
  );
  return {
    list: () => gate.run(() => all.all()),
    get: (name) => gate.run(() => one.get(name)),
    upsert: ({ name, role, hash }) => gate.run(() => void upsert.run({ name, role, hash, now: now() })),
  };
}
