/** Small server facts kept with the data: the generated session secret, the demo-data marker. */
import type { Database } from 'better-sqlite3';
import type { Gate } from '../gate.ts';

export type MetaKey = 'jwtSecret' | 'demoSeededAt' | 'demoConfigsSeededAt' | 'demoTxsSeededAt' | 'accessKeyLookupSalt';

export interface MetaRepo {
  get(key: MetaKey): Promise<string | undefined>;
  set(key: MetaKey, value: string): Promise<void>;
}

export function sqliteMetaRepo(db: Database, gate: Gate): MetaRepo {
  const one = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    get: (key) => gate.run(() => one.get(key)?.value),
    set: (key, value) => gate.run(() => void put.run(key, value)),
  };
}
