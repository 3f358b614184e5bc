/**
 * Times as operators read them: 24-hour, to the second, with the zone always written out
 * ("2026-11-24 23:41:07 UTC", "2026-11-24 23:41:07 GMT+1", "2026-07-01 09:00:00 EDT"), in either the
 * browser's own zone or UTC. Reading works the other way: what an operator types is read in the
 * chosen zone. Intl only (no date library: the home screen's bundle budget has no room for one).
 */

/** The header's choice: the browser's zone, or UTC. */
export type TimeZoneMode = 'local' | 'utc';
export const TIME_ZONE_MODES: readonly TimeZoneMode[] = ['local', 'utc'];
export const DEFAULT_TIME_ZONE_MODE: TimeZoneMode = 'local';

/** What was stored, if it is a mode; otherwise local time (the safe default: what the clock on the wall says). */
export function timeZoneModeOf(stored: unknown): TimeZoneMode {
  return TIME_ZONE_MODES.find((mode) => mode === stored) ?? DEFAULT_TIME_ZONE_MODE;
}

/**
 * The IANA zone a mode stands for. `localZone` is the browser's zone unless given: tests pin it, so
 * the rules can be checked in Berlin or New York from any machine.
 */
function zoneOf(mode: TimeZoneMode, localZone: string | undefined): string | undefined {
  return mode === 'utc' ? 'UTC' : localZone;
}

/** The span Date allows (±100,000,000 days): outside it Intl throws. */
const MAX_TIME = 8.64e15;
const isTime = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  zone: string;
}

// Building a DateTimeFormat costs far more than using one, and a table formats hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    // en-US for its zone names: UTC, the US abbreviations (EST/EDT, PST...), GMT+1 elsewhere.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function wallTime(ms: number, timeZone: string | undefined): WallTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts[type]);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute'), second: n('second'), zone: parts.timeZoneName ?? '' };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A time's text without its zone ("2026-11-24 23:41:07") and the zone's short name ("UTC", "GMT+1"). */
export function timeParts(ms: number, mode: TimeZoneMode, localZone?: string): { text: string; zone: string } | null {
  if (!isTime(ms)) return null;
  const t = wallTime(ms, zoneOf(mode, localZone));
  return { text: `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`, zone: t.zone };
}

/** "2026-11-24 23:41:07 UTC"; '' for what is not a time (a malformed record reads as an empty cell, not as "Invalid Date"). */
export function formatTime(ms: number, mode: TimeZoneMode, localZone?: string): string {
  const parts = timeParts(ms, mode, localZone);
  return parts ? `${parts.text} ${parts.zone}` : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 24 * 3600_000;

/**
 * A chart's time-axis labels in the console's one way of telling time (24-hour, in the header's
 * zone): "16:00" between ticks less than a day apart, and "Nov 24" at a day's start and between
 * ticks a day or more apart. (uPlot's own read "4pm", which a narrow chart cut to "4pn".)
 */
export function axisTimeLabels(ticks: readonly number[], stepMs: number, mode: TimeZoneMode, localZone?: string): string[] {
  return ticks.map((ms) => {
    if (!isTime(ms)) return '';
    const t = wallTime(ms, zoneOf(mode, localZone));
    const date = `${MONTHS[t.month - 1] ?? ''} ${t.day}`;
    if (stepMs >= DAY_MS || (t.hour === 0 && t.minute === 0)) return date;
    return `${pad(t.hour)}:${pad(t.minute)}`;
  });
}

/** The zone's short name at a given moment: a zone with summer time has two (GMT+1 and GMT+2). */
export function zoneLabel(ms: number, mode: TimeZoneMode, localZone?: string): string {
  return timeParts(ms, mode, localZone)?.zone ?? '';
}

/** The zone's offset from UTC at `ms`, in ms (Berlin in winter: +3,600,000). */
function offsetAt(ms: number, timeZone: string | undefined): number {
  const t = wallTime(ms, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** "2026-11-24", "2026-11-24 23:41", "2026-11-24 23:41:07" ('T' also separates), then optionally the zone's name. */
const TYPED_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?(?:\s+(\S+))?$/;

/** The instants a typed time names: from its first to its last millisecond. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** How to write a time, for hints and error messages (the parser also takes a day, or a minute, alone). */
export const TIME_INPUT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Reads a typed time in the chosen zone; null when it is not one. A day names the whole day, a
 * minute the whole minute, a second the whole second, so a range "to 2026-11-24 23:41" keeps
 * 23:41:30. A zone name may follow (a time copied from a table), but only the chosen zone's: read as
 * anything else it would silently mean another instant.
 *
 * Summer time, as Temporal's 'compatible' rule and JavaScript's Date do it: a wall time that happens
 * twice (the hour repeated when clocks go back) is the first of the two; one that never happens (the
 * hour skipped when clocks go forward) is moved on by the length of the gap.
 */
export function parseTime(typed: string, mode: TimeZoneMode, localZone?: string): TimeSpan | null {
  const match = TYPED_TIME.exec(typed.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, zone] = match;
  const fields = [y, mo, d, h ?? '0', mi ?? '0', s ?? '0'].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = fields;
  // Date.UTC reads years 0 to 99 as 1900 to 1999; no transaction is that old anyway.
  if (year < 1000 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February into March: a day the month does not have is a typing mistake.
  if (new Date(wall).getUTCDate() !== day) return null;
  const timeZone = zoneOf(mode, localZone);
  const instants = instantsOf(wall, timeZone);
  // A zone name picks between the two readings of a repeated hour ("02:30 GMT+2" or "02:30 GMT+1").
  const start = zone === undefined ? instants[0] : instants.find((ms) => zoneLabel(ms, mode, localZone).toUpperCase() === zone.toUpperCase());
  if (start === undefined) return null;
  if (h === undefined) {
    const [nextDay] = instantsOf(wall + 86_400_000, timeZone);
    return nextDay === undefined ? null : { start, end: nextDay - 1 };
  }
  return { start, end: start + (s === undefined ? 60_000 : 1000) - 1 };
}

/**
 * The instants a wall time (given as if it were UTC) is in a zone, earliest first: one, or two in a
 * repeated hour; in a skipped hour, the one the 'compatible' rule above moves it to.
 */
function instantsOf(wall: number, timeZone: string | undefined): number[] {
  if (!isTime(wall)) return [];
  // The offsets either side of the wall time: equal except within a day of a change.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const instants = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((ms) => wall - offsetAt(ms, timeZone) === ms)
    .sort((a, b) => a - b);
  // Skipped by the clocks: the wall time read with the offset before the change lands that much later.
  return instants.length > 0 ? instants : [wall - before];
}
