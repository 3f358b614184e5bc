/**
 * The time range a timeline request may ask for (docs/protocol.md "Timeline"): both ends included,
 * `to` now when left out, `from` a day before `to`, at most TIMELINE_MAX_RANGE_MS long. Said here so
 * the console tells the operator before the server refuses.
 */
import { DAY_MS } from '../config/stats.ts';
import { TIMELINE_DEFAULT_RANGE_MS, TIMELINE_MAX_RANGE_MS } from '../config/timeline.ts';

export function timelineRangeProblem(from: number | null, to: number | null, now: number): string | null {
  const end = to ?? now;
  const start = from ?? end - TIMELINE_DEFAULT_RANGE_MS;
  if (start > end) return to === null ? 'The start is in the future.' : 'The end is before the start.';
  if (end - start > TIMELINE_MAX_RANGE_MS) return `Choose a range of at most ${TIMELINE_MAX_RANGE_MS / DAY_MS} days.`;
  return null;
}
