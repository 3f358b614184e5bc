/** Bridges by bridgeName (§3), each of a kind from BRIDGE_KINDS. */
import type { Database } from 'better-sqlite3';
import { Bridge } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';
import { sqliteNamedRecordRepo, type NamedRecordRepo } from './jsonRecords.ts';

export type BridgeRepo = NamedRecordRepo<Bridge>;

export function sqliteBridgeRepo(db: Database, gate: Gate, now: () => number): BridgeRepo {
  return sqliteNamedRecordRepo(db, gate, now, {
    table: 'bridges',
    nameColumn: 'bridge_name',
    schema: Bridge,
    nameOf: (bridge) => bridge.bridgeName,
  });
}
