/**
 * The firehose profile mode's summary of a Chromium trace (bench/lib/traceSummary.ts), on a small
 * hand-made trace: a task appears as several nested events, the bench's probe runs first in a
 * socket task, and the CPU profiler's samples come from another thread. bench/README.md's "Where
 * the time goes" is read from this summary, so its bookkeeping is pinned here.
 */
import { describe, expect, it } from 'vitest';
import { summariseTrace } from '../../bench/lib/traceSummary.ts';

const PID = 1;
const MAIN = 10;
const PROFILER = 11;
const APP = 'http://127.0.0.1:1234/assets/boot.js';

const x = (name: string, ts: number, dur: number, data?: Record<string, unknown>, tid = MAIN) => ({ name, ph: 'X', ts, dur, pid: PID, tid, args: data ? { data } : {} });

const trace = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: 20, args: { name: 'Compositor' } },
  // A socket task (3 ms): RunTask wraps ThreadControllerImpl::RunTask; the probe's listener (no URL)
  // runs before the console's ws.onmessage, then React's work in a microtask.
  x('RunTask', 1000, 3000),
  x('ThreadControllerImpl::RunTask', 1000, 3000),
  x('FunctionCall', 1100, 100),
  x('FunctionCall', 1300, 500, { functionName: 'ws.onmessage', url: APP, lineNumber: 1, columnNumber: 1 }),
  x('RunMicrotasks', 1900, 2000),
  x('FunctionCall', 1950, 1900, { functionName: '', url: APP, lineNumber: 1, columnNumber: 50 }),
  // A frame (2 ms): rAF callbacks, style, layout and paint.
  x('RunTask', 5000, 2000),
  x('FireAnimationFrame', 5000, 400),
  x('UpdateLayoutTree', 5500, 600),
  x('Layout', 6200, 300),
  x('Paint', 6600, 400),
  // Work on another thread is not the page's main thread.
  x('RunTask', 1000, 9000, undefined, 20),
  // The CPU profile: its Profile event on the main thread, its chunks on the profiler's thread.
  { name: 'Profile', ph: 'P', ts: 0, pid: PID, tid: MAIN, id: '0x1', args: { data: {} } },
  {
    name: 'ProfileChunk',
    ph: 'P',
    ts: 0,
    pid: PID,
    tid: PROFILER,
    id: '0x1',
    args: {
      data: {
        cpuProfile: {
          nodes: [
            { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } },
            { id: 2, callFrame: { functionName: 'onmessage', url: APP, lineNumber: 0, columnNumber: 0 }, parent: 1 },
            { id: 3, callFrame: { functionName: 'decode', url: APP, lineNumber: 0, columnNumber: 10 }, parent: 2 },
          ],
          samples: [3, 3, 2],
        },
        timeDeltas: [0, 1000, 1000],
      },
    },
  },
];

describe('summariseTrace', () => {
  const original = (url: string, _line: number, column: number) =>
    url === APP ? (column < 10 ? { file: 'src/realtime/service.ts', line: 140, name: 'Handler' } : { file: 'socket.io-parser', line: 166, name: 'decodeString' }) : undefined;
  const summary = summariseTrace(trace, original);

  it('counts each task once, by its outermost event, on the page\'s main thread only', () => {
    expect(summary.busyMs).toBe(5);
    expect(summary.seconds).toBeCloseTo(0.006);
  });

  it('names a socket task by the console\'s handler, not the probe that runs first', () => {
    expect(summary.tasks).toEqual([
      { label: 'FunctionCall ws.onmessage (src/realtime/service.ts:140)', ms: 3, count: 1 },
      { label: 'rendering a frame (rAF callbacks, style, layout, paint)', ms: 2, count: 1 },
    ]);
    expect(summary.probeMs).toBeCloseTo(0.1);
  });

  it('splits self time into kinds of work', () => {
    const work = Object.fromEntries(summary.work.map((e) => [e.label, e.ms]));
    // The socket task's RunTask has no self time (its child lasts as long), ThreadControllerImpl::RunTask
    // 3 ms minus 0.1 + 0.5 + 2, the frame's RunTask 2 ms minus 0.4 + 0.6 + 0.3 + 0.4.
    expect(work['task scheduling and IPC (and tracing itself)']).toBeCloseTo(0.4 + 0.3);
    expect(work['style recalc']).toBeCloseTo(0.6);
    expect(work.layout).toBeCloseTo(0.3);
    expect(work['paint (pre-paint, paint, layerize, commit)']).toBeCloseTo(0.4);
    // The three calls and the microtask checkpoint (2 ms minus its 1.9 ms call), and the rAF.
    expect(work['script (JS and the calls into it)']).toBeCloseTo(0.1 + 0.5 + 0.1 + 1.9 + 0.4);
  });

  it('lists the outermost callbacks wherever they run', () => {
    const callbacks = Object.fromEntries(summary.callbacks.map((e) => [e.label, e.ms]));
    expect(callbacks['ws.onmessage (src/realtime/service.ts:140)']).toBeCloseTo(0.5);
    expect(callbacks['(anonymous) (page init script: the bench\'s probe)']).toBeCloseTo(0.1);
    expect(callbacks['RunMicrotasks (all of it, the calls below included)']).toBeCloseTo(2);
  });

  it('reads samples from the profiler\'s thread, self and inclusive, mapped through the source maps', () => {
    expect(summary.sampledMs).toBeCloseTo(3);
    expect(summary.selfByFunction[0]).toEqual({ label: 'decodeString (socket.io-parser:166)', ms: 2, count: 2 });
    expect(summary.selfByFile.map((e) => e.label)).toEqual(['socket.io-parser', 'src/realtime/service.ts']);
    // Every sample has the handler on its stack; only src/ code is listed inclusive.
    expect(summary.inclusiveByAppFile).toEqual([{ label: 'src/realtime/service.ts', ms: 3, count: 3 }]);
    expect(summary.inclusiveByComponent).toEqual([{ label: 'Handler (src/realtime/service.ts:140)', ms: 3, count: 3 }]);
  });
});
