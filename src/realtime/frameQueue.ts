/**
 * The one frame queue of the console: everything asked for before a frame (the live store's flush,
 * the toast stack's) runs together in one callback, so React renders it all in one commit instead
 * of one each (bench/README.md "firehose").
 *
 * Where that callback runs is paced by what the frames cost (src/domain/framePacing.ts): in the
 * frame's own requestAnimationFrame callback, painted by that frame; or, while the recent frames
 * show a slow CPU, in a task posted from it, which runs after the frame's rendering and is painted
 * by the next frame. A frame's cost is its commit (React's render and commit of the batch) plus
 * the rendering that paints it: from the frame callback (or the commit, when it ran after the
 * previous frame) until a task posted from the frame runs, which is once the frame is rendered.
 */
import { FRAME_COST_WINDOW, framePacing, type FramePacingMode } from '../domain/framePacing.ts';

/** Runs a callback on the next frame (or soon, where there are no frames). */
export type FrameScheduler = (flush: () => void) => void;

export interface FrameEnv {
  /** requestAnimationFrame in a browser; a timer where there are no frames. */
  requestFrame(callback: () => void): void;
  /** Runs a callback in a task of its own, after the current task (and the frame's rendering, from a frame callback). */
  post(callback: () => void): void;
  /** A monotonic clock in ms (performance.now). */
  clock(): number;
}

export interface FrameQueue {
  schedule: FrameScheduler;
  /** The mode the next frame is committed in. */
  readonly mode: FramePacingMode;
  /**
   * 'measured' paces by the frames' cost; a mode pins it (component tests in jsdom, whose frames
   * are timers and whose rendering costs nothing, pin 'inFrame').
   */
  pace(pacing: 'measured' | FramePacingMode): void;
}

/**
 * A frame asked for longer ago than this is asked for again: a frame callback that never runs (a
 * test's fake timers put away with it pending) must not hold every later flush forever.
 */
const FRAME_ASKED_AGAIN_MS = 1000;

/**
 * A user-timing mark made each time the mode changes, its detail the new mode: seen in a DevTools
 * trace, and by the firehose bench, which reports how long each row was committed after the frame.
 */
export const FRAME_PACING_MARK = 'console:frame-pacing';

function runAll(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (err) {
      // One failing callback must not cost the others their frame; the error still surfaces.
      queueMicrotask(() => {
        throw err;
      });
    }
  }
}

export function createFrameQueue(env: FrameEnv): FrameQueue {
  let queue: (() => void)[] = [];
  let frameAsked = false;
  let frameAskedAt = 0;
  let pacing: 'measured' | FramePacingMode = 'measured';
  let mode: FramePacingMode = 'inFrame';
  const costs: number[] = [];
  let nextCost = 0;

  const setMode = (next: FramePacingMode) => {
    if (next === mode) return;
    mode = next;
    globalThis.performance?.mark?.(FRAME_PACING_MARK, { detail: next });
  };

  const record = (ms: number) => {
    if (costs.length < FRAME_COST_WINDOW) costs.push(ms);
    else costs[nextCost] = ms;
    nextCost = (nextCost + 1) % FRAME_COST_WINDOW;
    if (pacing === 'measured') setMode(framePacing(costs, mode));
  };

  /** After the frame: the last commit's time, added to the frame that renders it. */
  let committedMs: number | undefined;

  /** Runs a frame's callbacks; `then` gets their time, React's render and commit included. */
  const commit = (callbacks: readonly (() => void)[], then: (ms: number) => void) => {
    const start = env.clock();
    runAll(callbacks);
    // Queued after React's own microtask (asked for while the callbacks ran), so its work is in.
    queueMicrotask(() => then(env.clock() - start));
  };

  /** Times the frame being run now, from `from` until a task posted from it runs, after its rendering. */
  const timeFrame = (from: number, plusMs: number) => env.post(() => record(plusMs + env.clock() - from));

  const askFrame = () => {
    const now = Date.now();
    if (frameAsked && now - frameAskedAt < FRAME_ASKED_AGAIN_MS) return;
    frameAsked = true;
    frameAskedAt = now;
    env.requestFrame(onFrame);
  };

  function onFrame(): void {
    frameAsked = false;
    const start = env.clock();
    const callbacks = queue;
    queue = [];
    const carried = committedMs;
    committedMs = undefined;
    if (mode === 'inFrame') {
      if (callbacks.length > 0) commit(callbacks, () => timeFrame(start, carried ?? 0));
      return;
    }
    // This frame renders the last commit; its cost is that commit's and this rendering's.
    if (carried !== undefined) timeFrame(start, carried);
    if (callbacks.length === 0) return;
    env.post(() =>
      commit(callbacks, (ms) => {
        committedMs = ms;
        // The frame that renders this commit is timed even if nothing else asks for one.
        askFrame();
      }),
    );
  }

  return {
    schedule: (flush) => {
      queue.push(flush);
      askFrame();
    },
    get mode() {
      return mode;
    },
    pace: (next) => {
      pacing = next;
      setMode(next === 'measured' ? framePacing(costs, mode) : next);
    },
  };
}

function browserEnv(): FrameEnv {
  let channel: MessageChannel | undefined;
  const posted: (() => void)[] = [];
  const port = () => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => posted.shift()?.();
      // Node (a test, a script) would otherwise stay alive for an open port.
      (channel.port1 as { unref?: () => void }).unref?.();
    }
    return channel.port2;
  };
  return {
    // Looked up at each call, so a test's stub is the one used.
    requestFrame: (callback) => {
      if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => callback());
      else globalThis.setTimeout(callback, 16);
    },
    post: (callback) => {
      if (typeof MessageChannel !== 'function') {
        globalThis.setTimeout(callback, 0);
        return;
      }
      posted.push(callback);
      port().postMessage(null);
    },
    clock: () => globalThis.performance.now(),
  };
}

/** The console's one frame queue. */
export const frameQueue = createFrameQueue(browserEnv());

/** Runs a callback in the next frame's batch (see above). */
export const defaultFrameScheduler: FrameScheduler = (flush) => frameQueue.schedule(flush);
