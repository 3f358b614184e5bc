/** Schema migrations, applied in order and recorded in schema_migrations. Never edit an applied one. */
import type { Database } from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      CREATE TABLE access_keys (
        name TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE tokens (
        token_name TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE bridges (
        bridge_name TEXT PRIMARY KEY,
        data TEXT NOT NULL CHECK (json_valid(data)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL CHECK (json_valid(value)),
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE user_logs (
        id TEXT PRIMARY KEY,
        time INTEGER NOT NULL,
        user_name TEXT NOT NULL,
        action TEXT NOT NULL,
        details TEXT CHECK (details IS NULL OR json_valid(details))
      ) STRICT;
      CREATE INDEX user_logs_by_time ON user_logs (time DESC);
    `,
  },
  {
    version: 2,
    name: 'trades',
    // seq only grows (AUTOINCREMENT), even after old trades are pruned.
    sql: `
      CREATE TABLE trades (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        trade_id TEXT NOT NULL UNIQUE,
        data TEXT NOT NULL CHECK (json_valid(data)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export function migrate(db: Database, nowMs: number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const current = db.prepare<[], { version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations').get();
  const applied = current?.version ?? 0;
  if (applied > SCHEMA_VERSION) {
    throw new Error(`database schema version ${applied} is newer than this server (${SCHEMA_VERSION})`);
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of MIGRATIONS) {
    if (migration.version <= applied) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, nowMs);
    })();
  }
}
