/**
 * The timeline extension (docs/protocol.md "Timeline", a console extension): one list of what
 * happened (health, workers, trades, alerts, operators' actions). A backend may leave it out (404);
 * the console then hides what depends on it.
 */
import { DAY_MS } from './stats.ts';

/** docs/protocol.md "Timeline": an answer holds at most this many events; `nextBefore` asks for more. */
export const TIMELINE_MAX_EVENTS = 500;
/** The longest `to - from` one request may ask for: a page is cheap, but a range is a promise of paging through it. */
export const TIMELINE_MAX_RANGE_MS = 31 * DAY_MS;
/** Without `from`, a request covers this long before `to`. */
export const TIMELINE_DEFAULT_RANGE_MS = DAY_MS;
/** The reference server keeps its own events this long (user log entries are the user log's). */
export const TIMELINE_KEEP_MS = 31 * DAY_MS;
/** The console's timeline screen refetches at most this often while events arrive. */
export const TIMELINE_REFRESH_MS = 5_000;
/** A trade's page shows what happened from this long before its start to this long after its last change. */
export const TIMELINE_SLICE_MARGIN_MS = 5 * 60_000;
