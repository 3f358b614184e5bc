/**
 * Where the console commits a frame's live changes (docs/architecture.md "Live data"): in the
 * frame's own callback, so the frame that follows an event paints it, or in a task of its own just
 * after the frame, painted by the next one.
 *
 * In the frame is the shortest way from a socket event to the screen, and on a desktop CPU a
 * frame's React work and rendering together take a few milliseconds. On a CPU several times slower
 * (a phone) they take several times longer, and a frame that also meets a rare cost (a style first
 * seen, a toast's first layout) becomes one task over the long-task line (50 ms), where an
 * operator's tap waits. Committing after the frame splits that task in two, at the price of one
 * frame of latency, so it is chosen only while the frames show a slow CPU: the median cost of the
 * recent frames (React's render and commit of a frame's changes, plus the rendering that paints
 * them) above AFTER_FRAME_ABOVE_MS. Measured in the firehose bench on the reference machine (a
 * shared 2-CPU machine also running the server and the bench): a median of 3.6 ms at 1,250
 * events/s and 4.9 ms at 2,500 at full speed; 9-12 ms at 250 events/s with the CPU 4× slower, and
 * 8.8 ms there once committed after the frame, hence the lower line to return (bench/README.md
 * "firehose").
 */

export type FramePacingMode = 'inFrame' | 'afterFrame';

/** How many recent frames the median is taken over (one to two seconds of a busy feed). */
export const FRAME_COST_WINDOW = 60;

/** Commits go after the frame once the frames' median cost is above this, in ms. */
export const AFTER_FRAME_ABOVE_MS = 7;

/** And into the frame again once it is below this (the gap keeps a noisy median from flapping). */
export const IN_FRAME_BELOW_MS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The mode for the next frames, given the costs (ms) of the recent frames, at most
 * FRAME_COST_WINDOW of them. Until half a window is known the current mode stays.
 */
export function framePacing(recentCostsMs: readonly number[], current: FramePacingMode): FramePacingMode {
  if (recentCostsMs.length < FRAME_COST_WINDOW / 2) return current;
  const cost = median(recentCostsMs);
  if (current === 'inFrame') return cost > AFTER_FRAME_ABOVE_MS ? 'afterFrame' : 'inFrame';
  return cost < IN_FRAME_BELOW_MS ? 'inFrame' : 'afterFrame';
}
