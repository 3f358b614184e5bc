/** Tokens by tokenName (§3), each with networkData per network. */
import type { Database } from 'better-sqlite3';
import { Token } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';
import { sqliteNamedRecordRepo, type NamedRecordRepo } from './jsonRecords.ts';

export type TokenRepo = NamedRecordRepo<Token>;

export function sqliteTokenRepo(db: Database, gate: Gate, now: () => number): TokenRepo {
  return sqliteNamedRecordRepo(db, gate, now, {
    table: 'tokens',
    nameColumn: 'token_name',
    schema: Token,
    nameOf: (token) => token.tokenName,
  });
}
