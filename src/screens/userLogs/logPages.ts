/**
 * User logs as react-admin pages over POST /logs/more, whose only cursor is `before` (a time): page
 * N starts where page N-1 ended. Each page is the server's entries merged with the live feed's
 * (the socket may be ahead of the last answer), newest first, each id once. The boundaries are
 * remembered per filter and page size; reading page 1 starts them afresh, and a jump to a later
 * page walks the pages between. Entries sharing the boundary's time are asked again (before the
 * time plus 1 ms) and those already shown dropped, so none is skipped or repeated.
 */
import type { GetListParams } from 'react-admin';
import type { UserLog } from '../../contract/index.ts';
import type { LogsMoreQuery } from '../../dataProvider/index.ts';
import { timeBounds } from '../../domain/filterTimes.ts';
import { matchesLog, mergeLogs, type LogRange } from '../../domain/logRules.ts';

/** POST /logs/more's largest page (LogsMoreRequest's limit). */
export const LOGS_MORE_MAX = 500;

/** Where a page starts: entries at `time` or older, except the ids already shown at that time. */
interface Cursor {
  time: number;
  shown: readonly string[];
}

export interface LogSource {
  logsMore: (query: LogsMoreQuery) => Promise<{ data: UserLog[]; total: number }>;
  /** The live feed's entries (newest first or not). */
  live: () => readonly UserLog[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function after(cursor: Cursor | undefined, page: readonly UserLog[]): Cursor | undefined {
  const last = page[page.length - 1];
  if (!last) return cursor;
  const shown = page.filter((l) => l.time === last.time).map((l) => l.id);
  return { time: last.time, shown: cursor?.time === last.time ? [...cursor.shown, ...shown] : shown };
}

export function createLogPager() {
  /** Boundaries per filter and page size: [i] is where page i + 2 starts. */
  const boundaries = new Map<string, (Cursor | undefined)[]>();

  async function readFrom(source: LogSource, cursor: Cursor | undefined, count: number, user: string, action: string, range: LogRange) {
    const skip = new Set(cursor?.shown ?? []);
    const { data, total } = await source.logsMore({
      limit: Math.min(LOGS_MORE_MAX, count + skip.size),
      ...(cursor ? { before: cursor.time + 1 } : {}),
      ...(user ? { user } : {}),
      ...(action ? { action } : {}),
      ...range,
    });
    const live = source.live().filter((l) => matchesLog(l, user, action, range));
    const inRange = (l: UserLog) => !skip.has(l.id) && (cursor === undefined || l.time <= cursor.time);
    const page = mergeLogs(live.filter(inRange), data.filter(inRange)).slice(0, count);
    return { page, total: Math.max(total, live.length) };
  }

  return async function read(params: Pick<GetListParams, 'pagination' | 'filter'>, source: LogSource) {
    const user = text(params.filter?.user);
    const action = text(params.filter?.action);
    // The range as the list keeps it (ISO UTC text) turned into the ms POST /logs/more takes.
    const range: LogRange = timeBounds((params.filter ?? {}) as Record<string, unknown>);
    const { from, to } = range;
    // An end before the start matches nothing (the input says so); the server would refuse it.
    if (from !== undefined && to !== undefined && from > to) return { data: [], total: 0 };
    const { page: wanted = 1, perPage = 25 } = params.pagination ?? {};
    const count = Math.min(perPage, LOGS_MORE_MAX);
    const key = JSON.stringify([user, action, from, to, count]);
    const known = wanted === 1 || !boundaries.has(key) ? [] : (boundaries.get(key) ?? []);
    boundaries.set(key, known);
    // Start at the nearest page whose beginning is known, then walk.
    let at = Math.min(wanted, known.length + 1);
    for (;;) {
      const cursor = at === 1 ? undefined : known[at - 2];
      const { page, total } = await readFrom(source, cursor, count, user, action, range);
      known[at - 1] = after(cursor, page);
      if (at === wanted) return { data: page, total };
      if (page.length < count) return { data: [], total };
      at++;
    }
  };
}
