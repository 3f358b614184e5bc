/** User logs: who did what and when, with before/after details. Newest first; never edited or deleted. */
import type { Database } from 'better-sqlite3';
import { UserLog } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export interface UserLogFilter {
  /** Exactly this user. */
  user?: string;
  /** Exactly this action, or any action under it: 'token' matches 'token.create'. */
  action?: string;
}

export interface UserLogPage extends UserLogFilter {
  /** Only entries strictly older than this time (ms). */
  before?: number;
  limit: number;
}

export interface UserLogRepo {
  insert(log: UserLog): Promise<void>;
  list(page: UserLogPage): Promise<UserLog[]>;
  /** How many entries match the filter. */
  count(filter?: UserLogFilter): Promise<number>;
}

interface Row {
  id: string;
  time: number;
  user: string;
  action: string;
  details: string | null;
}

// A NULL parameter switches its condition off, so one statement serves every combination.
const FILTER = `(@user IS NULL OR user_name = @user)
  AND (@action IS NULL OR action = @action OR substr(action, 1, length(@action) + 1) = @action || '.')`;

export function sqliteUserLogRepo(db: Database, gate: Gate): UserLogRepo {
  const insert = db.prepare<[string, number, string, string, string | null]>(
    'INSERT INTO user_logs (id, time, user_name, action, details) VALUES (?, ?, ?, ?, ?)',
  );
  const page = db.prepare<[{ before: number; limit: number; user: string | null; action: string | null }], Row>(
    `SELECT id, time, user_name AS user, action, details FROM user_logs
     WHERE time < @before AND ${FILTER} ORDER BY time DESC, rowid DESC LIMIT @limit`,
  );
  const count = db.prepare<[{ user: string | null; action: string | null }], { total: number }>(
    `SELECT COUNT(*) AS total FROM user_logs WHERE ${FILTER}`,
  );
  const toLog = (row: Row): UserLog =>
    UserLog.parse({ ...row, details: row.details === null ? undefined : JSON.parse(row.details) });
  return {
    insert: (log) =>
      gate.run(() => {
        const details = log.details === undefined ? null : JSON.stringify(log.details);
        insert.run(log.id, log.time, log.user, log.action, details);
      }),
    list: ({ before = Number.MAX_SAFE_INTEGER, limit, user, action }) =>
      gate.run(() => page.all({ before, limit, user: user ?? null, action: action ?? null }).map(toLog)),
    count: ({ user, action } = {}) => gate.run(() => count.get({ user: user ?? null, action: action ?? null })?.total ?? 0),
  };
}
