/**
 * One scheduler for every chart on the page: a chart marks itself dirty as often as events come,
 * and is redrawn once soon after (at most once per round, whatever the event rate).
 *
 * Rounds run when the page is idle (requestIdleCallback), as many redraws as the idle time allows
 * and the rest in the next idle time: a sparkline's picture changes with a point every 10 s, and
 * Home's thirty of them gain their point together. Drawn in one frame, that was a frame's longest
 * step on a 4x slower CPU (bench/README.md "firehose"), delaying the block heads painted in it.
 * A round waits at most ROUND_WAIT_MS for idle time; one that had to wait (a page never idle) draws
 * for BUSY_ROUND_MS and leaves the rest to rounds that wait NEXT_ROUND_WAIT_MS, so that drawing
 * never becomes a long task of its own. Without idle callbacks (tests, older browsers), a round is
 * the next frame and draws everything.
 */
const dirty = new Set<() => void>();
let scheduled = false;

/** The longest a redraw waits for the page to be idle. */
const ROUND_WAIT_MS = 1000;
/** The longest the rest of a started round waits. */
const NEXT_ROUND_WAIT_MS = 100;
/** Idle time (ms) left under which a round stops and leaves the rest for the next. */
const IDLE_MARGIN_MS = 1;
/** How long a round that ran on its timeout (no idle time came) draws. */
const BUSY_ROUND_MS = 4;

interface IdleDeadline {
  didTimeout: boolean;
  timeRemaining(): number;
}
type RequestIdle = (cb: (deadline: IdleDeadline) => void, options: { timeout: number }) => unknown;

/** Whether a round has to stop now and leave the rest for the next. */
function outOfTime(deadline: IdleDeadline, startedAt: number): boolean {
  return deadline.didTimeout ? performance.now() - startedAt >= BUSY_ROUND_MS : deadline.timeRemaining() < IDLE_MARGIN_MS;
}

function round(deadline?: IdleDeadline) {
  scheduled = false;
  const startedAt = performance.now();
  for (const redraw of [...dirty]) {
    dirty.delete(redraw);
    redraw();
    if (deadline && outOfTime(deadline, startedAt)) break;
  }
  if (dirty.size > 0) schedule(NEXT_ROUND_WAIT_MS);
}

function schedule(wait = ROUND_WAIT_MS) {
  if (scheduled) return;
  scheduled = true;
  const requestIdle = (globalThis as { requestIdleCallback?: RequestIdle }).requestIdleCallback;
  if (typeof requestIdle === 'function') requestIdle((deadline) => round(deadline), { timeout: wait });
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
