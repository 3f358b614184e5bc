/** User logs: who did what and when, with before/after details. Newest first. */
import type { Database } from 'better-sqlite3';
import { UserLog } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export interface UserLogPage {
  /** Only entries strictly older than this time (ms). */
  before?: number;
  limit: number;
}

export interface UserLogRepo {
  insert(log: UserLog): Promise<void>;
  list(page: UserLogPage): Promise<UserLog[]>;
}

interface Row {
  id: string;
  time: number;
  user: string;
  action: string;
  details: string | null;
}

export function sqliteUserLogRepo(db: Database, gate: Gate): UserLogRepo {
  const insert = db.prepare<[string, number, string, string, string | null]>(
    'INSERT INTO user_logs (id, time, user_name, action, details) VALUES (?, ?, ?, ?, ?)',
  );
  const page = db.prepare<[number, number], Row>(
    `SELECT id, time, user_name AS user, action, details FROM user_logs
     WHERE time < ? ORDER BY time DESC, rowid DESC LIMIT ?`,
  );
  const toLog = (row: Row): UserLog =>
    UserLog.parse({ ...row, details: row.details === null ? undefined : JSON.parse(row.details) });
  return {
    insert: (log) =>
      gate.run(() => {
        const details = log.details === undefined ? null : JSON.stringify(log.details);
        insert.run(log.id, log.time, log.user, log.action, details);
      }),
    list: ({ before = Number.MAX_SAFE_INTEGER, limit }) => gate.run(() => page.all(before, limit).map(toLog)),
  };
}
