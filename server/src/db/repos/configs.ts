/** Configs by configName (§3): a JSON object each, with the version a PUT must carry. */
import type { Database } from 'better-sqlite3';
import { ConfigRecord } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';
import type { UpdateOutcome } from './jsonRecords.ts';

type ConfigData = ConfigRecord['data'];

export interface ConfigRepo {
  list(): Promise<ConfigRecord[]>;
  get(configName: string): Promise<ConfigRecord | undefined>;
  /** Creates the config at version 1 (the seed); false when it exists. */
  create(configName: string, data: ConfigData): Promise<boolean>;
  /** Replaces the data if the config is still at `version`; it is then at version + 1. */
  update(configName: string, data: ConfigData, version: number): Promise<UpdateOutcome<ConfigRecord>>;
}

interface Row {
  configName: string;
  data: string;
  version: number;
  updatedAt: number;
}

export function sqliteConfigRepo(db: Database, gate: Gate, now: () => number): ConfigRepo {
  const columns = 'config_name AS configName, data, version, updated_at AS updatedAt';
  const all = db.prepare<[], Row>(`SELECT ${columns} FROM configs ORDER BY config_name`);
  const one = db.prepare<[string], Row>(`SELECT ${columns} FROM configs WHERE config_name = ?`);
  const insert = db.prepare<[string, string, number]>(
    'INSERT INTO configs (config_name, data, version, updated_at) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING',
  );
  const swap = db.prepare<[string, number, string, number]>(
    'UPDATE configs SET data = ?, version = version + 1, updated_at = ? WHERE config_name = ? AND version = ?',
  );
  const parse = (row: Row): ConfigRecord => ConfigRecord.parse({ ...row, data: JSON.parse(row.data) });
  const read = (configName: string) => {
    const row = one.get(configName);
    return row && parse(row);
  };
  return {
    list: () => gate.run(() => all.all().map(parse)),
    get: (configName) => gate.run(() => read(configName)),
    create: (configName, data) => gate.run(() => insert.run(configName, JSON.stringify(data), now()).changes > 0),
    update: (configName, data, version) =>
      gate.run((): UpdateOutcome<ConfigRecord> => {
        if (swap.run(JSON.stringify(data), now(), configName, version).changes > 0) {
          const updated = read(configName);
          if (updated) return { status: 'updated', record: updated };
        }
        const current = read(configName);
        return current ? { status: 'conflict', current } : { status: 'missing' };
      }),
  };
}
