/**
 * Counters installed in the page before any of its scripts run (page.addInitScript), read back with
 * `readProbe`. Plain JavaScript in a string on purpose: a function passed to Playwright is
 * serialised from tsx's output, which may reference helpers (`__name`) the page does not have.
 *
 * - events: socket.io events (`42[...]` packets) handed to the page's main thread, counted by a
 *   listener on every WebSocket the page opens: what the console absorbed, not just what arrived.
 *   A `batch` packet (docs/protocol.md "Batched delivery") counts as the events it carries; the
 *   probe parses it for that, a cost the page's figures include.
 * - frames: requestAnimationFrame callbacks, i.e. frames the page rendered.
 * - commits: React commits, seen through a minimal React DevTools hook (react-dom reports every
 *   commit to `__REACT_DEVTOOLS_GLOBAL_HOOK__` in production builds too).
 * - longTasks: PerformanceObserver 'longtask' entries (> 50 ms), buffered from page start.
 * - longFrames: 'long-animation-frame' entries (> 50 ms frames, possibly of many short tasks) with
 *   their longest scripts and their style and layout time: which callback made a frame long.
 * - pacing: the console's frame-pacing marks (src/realtime/frameQueue.ts): when it began to commit
 *   after the frame (a slow CPU) or in it again.
 * - arrivalLatencies: emit-to-arrival of the stamped blocks at the page's own socket, read from the
 *   raw packet in the probe's listener (the first of the message's task): what the page waits for
 *   before it can do anything, next to the bench's bare socket.
 * - worstFrameMs: the longest gap between two consecutive frames since the last read.
 * - paintLatencies: event-to-paint latencies in ms. With the simulator's block stamps
 *   (SIM_BENCH_STAMP=on, server/src/sim/plugin.ts) a block head's accessible name carries the
 *   wall-clock ms its newBlock left the server ("Base block <ms * 1000 + n>"). A MutationObserver
 *   sees the name change; the time it is painted is taken once the frame that paints it has
 *   rendered (a message posted during a frame's callbacks runs once that frame's rendering is
 *   done). A change made outside a frame (a socket message's task) is painted by the next frame: the
 *   probe posts from a requestAnimationFrame callback. A change made inside a frame's callbacks (the
 *   console's once-a-frame flush) is painted by that same frame: the probe posts at once. Before
 *   2026-11-29 it always waited for the next frame, which counted one frame too many (about 17 ms)
 *   against a console that renders in the frame, and nothing against one that renders per message.
 */
import type { Page } from 'playwright-core';
import { BATCH_EVENT } from '../../src/contract/index.ts';
import { FRAME_PACING_MARK } from '../../src/realtime/frameQueue.ts';

export interface LongTask {
  start: number;
  duration: number;
}

export interface LongFrameScript {
  /** e.g. "WebSocket.onmessage", "FrameRequestCallback", "MessagePort.onmessage", "TimerHandler:setTimeout". */
  invoker: string;
  duration: number;
  forcedLayout: number;
}

export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  /** Style, layout and paint at the end of the frame, in ms. */
  render: number;
  scripts: LongFrameScript[];
}

export interface PacingChange {
  start: number;
  /** 'inFrame' or 'afterFrame'. */
  mode: string;
}

/** How much of [from, to] the console spent committing after the frame, from its pacing marks (in frame before the first). */
export function afterFrameShare(changes: readonly PacingChange[], from: number, to: number): number {
  let mode = 'inFrame';
  let since = from;
  let after = 0;
  for (const change of [...changes].sort((x, y) => x.start - y.start)) {
    if (change.start <= from) {
      mode = change.mode;
      continue;
    }
    if (change.start >= to) break;
    if (mode === 'afterFrame') after += change.start - since;
    mode = change.mode;
    since = change.start;
  }
  if (mode === 'afterFrame') after += to - since;
  return to > from ? after / (to - from) : 0;
}

/** Block numbers above this are simulator stamps (ms since 1970 * 1000), not real block numbers. */
export const STAMPED_BLOCK_MIN = 1e15;

export interface ProbeReading {
  /** performance.now() in the page when read. */
  now: number;
  events: number;
  frames: number;
  commits: number;
  longTasks: LongTask[];
  longFrames: LongFrame[];
  /** Errors the page raised or logged with console.error. */
  errors: string[];
  /** When the console's frame queue changed where it commits (src/realtime/frameQueue.ts FRAME_PACING_MARK). */
  pacing: PacingChange[];
  worstFrameMs: number;
  paintLatencies: number[];
  /** Emit-to-arrival ms of stamped blocks at the page's own socket (before socket.io parses them). */
  arrivalLatencies: number[];
}

export const PAGE_PROBE_SOURCE = `(() => {
  const probe = { events: 0, frames: 0, commits: 0, longTasks: [], longFrames: [], errors: [], worstFrameMs: 0, paintLatencies: [], arrivalLatencies: [], pacing: [] };
  Object.defineProperty(window, '__firehoseProbe', { value: probe });
  // For commitProbe.ts: whether a commit happens inside a frame's callbacks.
  probe.inFrameNow = () => inFrame;

  // Whether the page is inside a frame's callbacks now: every requestAnimationFrame callback marks
  // it; a message posted from the frame (a task after its rendering) clears it, and so does every
  // socket message (the probe's listener is the first of its task) and timer, in case one runs first.
  let inFrame = false;

  const NativeWebSocket = window.WebSocket;
  class CountingWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        // A socket message is a task of its own, never part of a frame.
        inFrame = false;
        if (typeof event.data !== 'string' || !event.data.startsWith('42')) return;
        const arrivedAt = performance.timeOrigin + performance.now();
        // A stamped block's arrival at the page's own socket: the part of event-to-paint before the page.
        const arrived = (num) => {
          if (num >= ${STAMPED_BLOCK_MIN} && probe.arrivalLatencies.length < 200000) probe.arrivalLatencies.push(arrivedAt - Math.floor(num / 1000));
        };
        if (event.data.startsWith('42["${BATCH_EVENT}"')) {
          // A run of events in one message (docs/protocol.md "Batched delivery"): each one counts.
          let entries = null;
          try { entries = JSON.parse(event.data.slice(2))[1]; } catch { entries = null; }
          if (!Array.isArray(entries)) return;
          probe.events += entries.length;
          for (const entry of entries) if (Array.isArray(entry) && entry[0] === 'newBlock' && typeof entry[1]?.num === 'number') arrived(entry[1].num);
          return;
        }
        probe.events += 1;
        const stamp = event.data.startsWith('42["newBlock"') ? /"num":(\\d{16,})/.exec(event.data) : null;
        if (stamp) arrived(Number(stamp[1]));
      });
    }
  }
  window.WebSocket = CountingWebSocket;

  const frameEnd = new MessageChannel();
  frameEnd.port1.onmessage = () => { inFrame = false; };
  const nativeRequestFrame = window.requestAnimationFrame.bind(window);
  const markFrame = () => {
    if (inFrame) return;
    inFrame = true;
    frameEnd.port2.postMessage(0);
  };
  window.requestAnimationFrame = (callback) => nativeRequestFrame((t) => { markFrame(); callback(t); });
  // A timer is a task of its own too (the sampled figures' ticks, the one-second clocks).
  for (const name of ['setTimeout', 'setInterval']) {
    const native = window[name].bind(window);
    window[name] = (callback, ...rest) => native(typeof callback === 'function' ? (...args) => { inFrame = false; callback(...args); } : callback, ...rest);
  }

  let lastFrame = 0;
  const onFrame = (t) => {
    probe.frames += 1;
    if (lastFrame > 0 && t - lastFrame > probe.worstFrameMs) probe.worstFrameMs = t - lastFrame;
    lastFrame = t;
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  // Event-to-paint: stamped block numbers in block heads' accessible names (the text of each head's
  // hidden first span, "<network> block <number>", changed in place by React).
  const STAMP_MIN = ${STAMPED_BLOCK_MIN};
  let pending = [];
  const afterPaint = () => {
    const now = performance.timeOrigin + performance.now();
    for (const sentAt of pending) if (probe.paintLatencies.length < 200000) probe.paintLatencies.push(now - sentAt);
    pending = [];
  };
  const channel = new MessageChannel();
  channel.port1.onmessage = afterPaint;
  new MutationObserver((records) => {
    const first = pending.length === 0;
    for (const record of records) {
      const match = record.target.nodeType === Node.TEXT_NODE ? / block (\\d+)$/.exec(record.target.data) : null;
      const num = match ? Number(match[1]) : 0;
      if (num >= STAMP_MIN) pending.push(Math.floor(num / 1000));
    }
    if (!first || pending.length === 0) return;
    // Changed in a frame's callbacks: this frame paints it. Changed in a task: the next frame does.
    if (inFrame) channel.port2.postMessage(0);
    else requestAnimationFrame(() => channel.port2.postMessage(0));
  }).observe(document, { subtree: true, characterData: true });

  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => { probe.commits += 1; },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
  };

  const keep = (list, entry, max) => { if (list.length < max) list.push(entry); };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) keep(probe.longTasks, { start: e.startTime, duration: e.duration }, 20000);
    }).observe({ type: 'longtask', buffered: true });
  } catch (err) { probe.errors.push('no longtask observer: ' + err); }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const end = e.startTime + e.duration;
        const scripts = [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((s) => ({ invoker: String(s.invoker), duration: s.duration, forcedLayout: s.forcedStyleAndLayoutDuration }));
        keep(probe.longFrames, {
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          render: e.renderStart > 0 ? end - e.renderStart : 0,
          scripts,
        }, 20000);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (err) { probe.errors.push('no long-animation-frame observer: ' + err); }

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === ${JSON.stringify(FRAME_PACING_MARK)}) keep(probe.pacing, { start: e.startTime, mode: String(e.detail) }, 20000);
    }).observe({ type: 'mark', buffered: true });
  } catch (err) { probe.errors.push('no mark observer: ' + err); }

  window.addEventListener('error', (e) => keep(probe.errors, 'error: ' + e.message, 200));
  window.addEventListener('unhandledrejection', (e) => keep(probe.errors, 'unhandled rejection: ' + e.reason, 200));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    keep(probe.errors, 'console.error: ' + args.map(String).join(' ').slice(0, 300), 200);
    consoleError(...args);
  };
})();`;

export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PAGE_PROBE_SOURCE });
}

/** Counters so far; long tasks, long frames and errors are handed over once (drained from the page). */
export async function readProbe(page: Page): Promise<ProbeReading> {
  return (await page.evaluate(`(() => {
    const p = window.__firehoseProbe;
    return { now: performance.now(), events: p.events, frames: p.frames, commits: p.commits,
      longTasks: p.longTasks.splice(0), longFrames: p.longFrames.splice(0), errors: p.errors.splice(0), pacing: p.pacing.splice(0),
      worstFrameMs: p.worstFrameMs + (p.worstFrameMs = 0), paintLatencies: p.paintLatencies.splice(0),
      arrivalLatencies: p.arrivalLatencies.splice(0) };
  })()`)) as ProbeReading;
}
