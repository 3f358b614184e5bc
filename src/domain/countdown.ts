import { COUNTDOWN_DANGER_MS, COUNTDOWN_WARNING_MS } from '../config/constants.ts';

/** §4: light at 10 min or more remaining, warning under 10, danger under 5 minutes. */
export type CountdownColour = 'light' | 'warning' | 'danger';

export function countdownColour(msRemaining: number): CountdownColour {
  // NaN compares false with everything: read as nothing left, as formatMmSs shows it.
  if (Number.isNaN(msRemaining) || msRemaining < COUNTDOWN_DANGER_MS) return 'danger';
  if (msRemaining < COUNTDOWN_WARNING_MS) return 'warning';
  return 'light';
}

/** §2/§9: shown as mm:ss; never negative. */
export function formatMmSs(msRemaining: number): string {
  // Not a number (or -Infinity) reads as nothing left rather than "NaN:NaN".
  const totalSeconds = Number.isFinite(msRemaining) ? Math.max(0, Math.floor(msRemaining / 1000)) : 0;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
