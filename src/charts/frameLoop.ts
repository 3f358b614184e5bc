/**
 * One scheduler for every chart on the page: a chart marks itself dirty as often as events come,
 * and is redrawn once soon after (at most once per round, whatever the event rate).
 *
 * Rounds run when the page is idle (requestIdleCallback), as many redraws as the idle time allows
 * and the rest in the next idle time: a sparkline's picture changes with a point every 10 s, and
 * Home's thirty of them gain their point together. Drawn in one frame, that was a frame's longest
 * step on a 4x slower CPU (bench/README.md "firehose"), delaying the block heads painted in it.
 * A round waits at most ROUND_WAIT_MS for idle time, and one that had to wait draws everything.
 * Without idle callbacks (tests, older browsers), a round is the next frame.
 */
const dirty = new Set<() => void>();
let scheduled = false;

/** The longest a redraw waits for the page to be idle. */
const ROUND_WAIT_MS = 1000;
/** Idle time (ms) left under which a round stops and leaves the rest for the next. */
const IDLE_MARGIN_MS = 1;

interface IdleDeadline {
  didTimeout: boolean;
  timeRemaining(): number;
}
type RequestIdle = (cb: (deadline: IdleDeadline) => void, options: { timeout: number }) => unknown;

function round(deadline?: IdleDeadline) {
  scheduled = false;
  for (const redraw of [...dirty]) {
    dirty.delete(redraw);
    redraw();
    if (deadline && !deadline.didTimeout && deadline.timeRemaining() < IDLE_MARGIN_MS) break;
  }
  if (dirty.size > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  const requestIdle = (globalThis as { requestIdleCallback?: RequestIdle }).requestIdleCallback;
  if (typeof requestIdle === 'function') requestIdle((deadline) => round(deadline), { timeout: ROUND_WAIT_MS });
  else if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => round());
  else setTimeout(() => round(), 16);
}

export function redrawSoon(redraw: () => void): void {
  dirty.add(redraw);
  schedule();
}

export function cancelRedraw(redraw: () => void): void {
  dirty.delete(redraw);
}
