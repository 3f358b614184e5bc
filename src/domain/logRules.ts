/** User log filtering and merging (live feed + older pages of POST /logs/more). */
import type { UserLog } from '../contract/index.ts';

/** Time range of a user log filter (ms), both ends included; either may be absent. */
export interface LogRange {
  from?: number;
  to?: number;
}

/** As the server reads it: user exact; action exact or a dotted prefix ("token" matches "token.update"); time in the range. */
export function matchesLog(log: UserLog, user: string, action: string, range: LogRange = {}): boolean {
  if (user !== '' && log.user !== user) return false;
  if (action !== '' && log.action !== action && !log.action.startsWith(`${action}.`)) return false;
  if (range.from !== undefined && log.time < range.from) return false;
  if (range.to !== undefined && log.time > range.to) return false;
  return true;
}

/** Newest first, each id once (§5 log entries are added only if their id is not present). */
export function mergeLogs(live: readonly UserLog[], older: readonly UserLog[]): UserLog[] {
  const seen = new Set<string>();
  const out: UserLog[] = [];
  for (const log of [...live, ...older]) {
    if (seen.has(log.id)) continue;
    seen.add(log.id);
    out.push(log);
  }
  return out.sort((a, b) => b.time - a.time);
}

const NAME_FIELDS = ['tokenName', 'bridgeName', 'configName', 'tradeId', 'name'] as const;

/**
 * The record an entry is about: a token, bridge, config or trade name, read from its own fields
 * (the structured details name it) or else from its before/after (older entries kept whole records).
 */
export function subjectOf(details: unknown): string {
  if (typeof details !== 'object' || details === null) return '';
  const record = details as Record<string, unknown>;
  for (const candidate of [record, record.after, record.before]) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    for (const field of NAME_FIELDS) {
      const value = (candidate as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return '';
}
