/** Singleton documents: misc settings, brain state, cloud groups, connected services. */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { AwsGroup, BrainState, ConnectedServices, MiscSettings } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export const SETTING_SCHEMAS = {
  miscSettings: MiscSettings,
  brainState: BrainState,
  awsGroups: z.array(AwsGroup),
  connectedServices: ConnectedServices,
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_SCHEMAS)[K]>;

export interface SettingsRepo {
  /** The stored value; throws when the setting was never written (the seed writes them all). */
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
  set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void>;
}

export function sqliteSettingsRepo(db: Database, gate: Gate, now: () => number): SettingsRepo {
  const one = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string, number]>(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  return {
    get: <K extends SettingKey>(key: K) =>
      gate.run((): SettingValue<K> => {
        const row = one.get(key);
        if (!row) throw new Error(`setting ${key} is missing`);
        // The cast re-attaches the key's type, which indexing the schema table by a generic key loses.
        return SETTING_SCHEMAS[key].parse(JSON.parse(row.value)) as SettingValue<K>;
      }),
    set: (key, value) => gate.run(() => void put.run(key, JSON.stringify(SETTING_SCHEMAS[key].parse(value)), now())),
  };
}
