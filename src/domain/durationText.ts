/**
 * Durations as operators read them on a trade's journey: "4 min 10 s", "≈ 1 min" for what such
 * steps usually take, "over by 12 min" for a stuck step. Never raw milliseconds.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The two largest units, whole: "850 ms" under a second, "12 s", "4 min 10 s", "2 h 5 min", "3 d 4 h". */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < SECOND) return `${Math.round(ms)} ms`;
  const units: [number, string][] = [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'min'],
    [SECOND, 's'],
  ];
  const first = units.findIndex(([size]) => ms >= size);
  const [size, name] = units[first] as [number, string];
  const whole = Math.floor(ms / size);
  const next = units[first + 1];
  const rest = next ? Math.floor((ms - whole * size) / next[0]) : 0;
  return next && rest > 0 ? `${whole} ${name} ${rest} ${next[1]}` : `${whole} ${name}`;
}

/** An expected duration, rounded to one unit as an estimate deserves: "≈ 1 min", "≈ 40 s", "≈ 2 h". */
export function roughDurationText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < SECOND) return `≈ ${Math.max(1, Math.round(ms / 100) * 100)} ms`;
  if (ms < MINUTE) return `≈ ${Math.round(ms / SECOND)} s`;
  if (ms < HOUR) return `≈ ${Math.round(ms / MINUTE)} min`;
  return `≈ ${Math.round(ms / HOUR)} h`;
}

/** "4 min 10 s of ≈ 1 min"; just the duration when nothing is expected yet. */
export function durationAgainstExpected(durationMs: number, expectedMs: number | undefined): string {
  return expectedMs === undefined ? durationText(durationMs) : `${durationText(durationMs)} of ${roughDurationText(expectedMs)}`;
}

/** How far past the expected duration a step is: "over by 12 min"; null while it is not past it. */
export function overByText(durationMs: number, expectedMs: number | undefined): string | null {
  if (expectedMs === undefined || durationMs <= expectedMs) return null;
  return `over by ${durationText(durationMs - expectedMs)}`;
}
