/** User logs: who did what and when, with before/after details. Newest first; never edited or deleted. */
import type { Database } from 'better-sqlite3';
import { UserLog } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export interface UserLogFilter {
  /** Exactly this user. */
  user?: string;
  /** Exactly this action, or any action under it: 'token' matches 'token.create'. */
  action?: string;
  /** Only entries at this time (ms) or later. */
  from?: number;
  /** Only entries at this time (ms) or earlier. */
  to?: number;
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
  AND (@action IS NULL OR action = @action OR substr(action, 1, length(@action) + 1) = @action || '.')
  AND (@from IS NULL OR time >= @from) AND (@to IS NULL OR time <= @to)`;

type FilterParams = { user: string | null; action: string | null; from: number | null; to: number | null };
const filterParams = ({ user, action, from, to }: UserLogFilter): FilterParams => ({
  user: user ?? null,
  action: action ?? null,
  from: from ?? null,
  to: to ?? null,
});

export function sqliteUserLogRepo(db: Database, gate: Gate): UserLogRepo {
  const insert = db.prepare<[string, number, string, string, string | null]>(
    'INSERT INTO user_logs (id, time, user_name, action, details) VALUES (?, ?, ?, ?, ?)',
  );
  const page = db.prepare<[FilterParams & { before: number; limit: number }], Row>(
    `SELECT id, time, user_name AS user, action, details FROM user_logs
     WHERE time < @before AND ${FILTER} ORDER BY time DESC, rowid DESC LIMIT @limit`,
  );
  const count = db.prepare<[FilterParams], { total: number }>(
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
    list: ({ before = Number.MAX_SAFE_INTEGER, limit, ...filter }) =>
      gate.run(() => page.all({ before, limit, ...filterParams(filter) }).map(toLog)),
    count: (filter = {}) => gate.run(() => count.get(filterParams(filter))?.total ?? 0),
  };
}
