/**
 * Where the page's main-thread time goes, from a Chromium trace (the JSON `browser.stopTracing()`
 * returns): time per top-level task kind, self time per kind of work (script, style, layout,
 * paint, GC), and, from the V8 CPU profiler's samples (ProfileChunk events), self and inclusive
 * time per function and per source file. The console is a production build, so React's own
 * profiler is not there and function names are minified; with the build's hidden source maps the
 * samples are mapped back to src/ files and original names, which is what says which widget's code
 * runs per event.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

export interface Entry {
  label: string;
  ms: number;
  count?: number;
}

export interface TraceSummary {
  seconds: number;
  /** Main-thread time inside top-level tasks, ms. */
  busyMs: number;
  /** Inclusive time per top-level task kind (its first traced child, e.g. "EventDispatch message"). */
  tasks: Entry[];
  /** Inclusive time of the outermost script callbacks (FunctionCall), by function, and of microtask checkpoints. */
  callbacks: Entry[];
  /** Self time per kind of work: script, style, layout, paint, gc, other. */
  work: Entry[];
  /** Sampled self time per function (original name and file where a source map says). */
  selfByFunction: Entry[];
  /** Sampled self time per source file or package. */
  selfByFile: Entry[];
  /** Sampled inclusive time per function from src/ (a component's render and what it calls). */
  inclusiveByAppFunction: Entry[];
  /** Sampled inclusive time per src/ function whose source-map name is PascalCase (a component): what renders. A minified name does not count. */
  inclusiveByComponent: Entry[];
  /** Sampled inclusive time per src/ file. */
  inclusiveByAppFile: Entry[];
  /** Total sampled time, ms (the denominator of the sampled tables). */
  sampledMs: number;
  /** Time in the bench's own probe's callbacks (inclusive), ms: measurement's share of busy time. */
  probeMs: number;
}

// --- source maps -------------------------------------------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** One mapping segment: generated column, then source index, original line and column, name index. */
type Segment = [number, number, number, number, number];

/** The decoded `mappings` of a source map v3: per generated line, segments sorted by column. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  for (const text of mappings.split(';')) {
    const segments: Segment[] = [];
    let generated = 0;
    for (const part of text.split(',')) {
      if (part === '') continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of part) {
        const digit = BASE64_VALUE.get(char);
        if (digit === undefined) throw new Error(`source map: bad character "${char}"`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generated += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1]!;
        line += values[2]!;
        column += values[3]!;
      }
      if (values.length >= 5) name += values[4]!;
      // A segment of one value maps to nothing; -1 marks it.
      segments.push(values.length >= 4 ? [generated, source, line, column, values.length >= 5 ? name : -1] : [generated, -1, -1, -1, -1]);
    }
    lines.push(segments);
  }
  return lines;
}

interface SourceMap {
  sources: string[];
  names: string[];
  lines: Segment[][];
}

export interface Original {
  /** Source path as the map names it, shortened to src/… or the package under node_modules. */
  file: string;
  line: number;
  name?: string;
}

/** Shortens a source map path: "../../src/widgets/BlockHeads/BlockHeads.tsx" → "src/widgets/BlockHeads/BlockHeads.tsx". */
export function shortSource(path: string): string {
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  const src = path.indexOf('src/');
  return src >= 0 ? path.slice(src) : path.replace(/^(\.\.\/)+/, '');
}

/** The original position of a generated one (0-based line and column), from a decoded map. */
function originalOf(map: SourceMap, line: number, column: number): Original | undefined {
  const segments = map.lines[line];
  if (!segments || segments.length === 0) return undefined;
  // The last segment at or before the column; V8 puts a function at its start, which the bundler
  // maps to its declaration, and the name of the declared binding is usually in the next segments.
  let lo = 0;
  let hi = segments.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]![0] <= column) {
      at = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  if (at < 0) at = 0;
  const segment = segments[at]!;
  if (segment[1] < 0) return undefined;
  let name: string | undefined;
  for (let i = at; i < Math.min(segments.length, at + 4) && name === undefined; i += 1) {
    const s = segments[i]!;
    if (s[4] >= 0 && s[1] === segment[1]) name = map.names[s[4]];
  }
  return { file: shortSource(map.sources[segment[1]] ?? '?'), line: segment[2] + 1, name };
}

/** Source maps of a build's scripts, looked up by URL path (/assets/x.js → <dir>/assets/x.js.map). */
export function buildSourceMaps(dir: string): (url: string, line: number, column: number) => Original | undefined {
  const maps = new Map<string, SourceMap | null>();
  return (url, line, column) => {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
    let map = maps.get(path);
    if (map === undefined) {
      const file = join(dir, `${path}.map`);
      map = null;
      if (existsSync(file)) {
        const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
        map = { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) };
      }
      maps.set(path, map);
    }
    return map ? originalOf(map, line, column) : undefined;
  };
}

// --- the trace ---------------------------------------------------------------------------------

const STYLE = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet']);
const LAYOUT = new Set(['Layout', 'UpdateLayerTree', 'HitTest']);
const PAINT = new Set(['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'PaintImage', 'Decode Image', 'PaintSetup']);
/** The scheduler's and IPC's own events: their self time is task overhead, not the page's work. */
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'Receive mojo message', 'Receive mojo reply', 'SimpleWatcher::OnHandleReady', 'BlinkScheduler_PerformMicrotaskCheckpoint']);
/** The events that say what a task was for (the first of them in a task names its kind). */
const FRAME = new Set(['FireAnimationFrame', ...STYLE, ...LAYOUT, ...PAINT]);
const MEANINGFUL = new Set([
  ...FRAME, 'FunctionCall', 'EventDispatch', 'TimerFire', 'RunMicrotasks', 'EvaluateScript', 'v8.compile', 'MajorGC', 'MinorGC', 'FireIdleCallback',
  'XHRReadyStateChange', 'ParseHTML',
]);

/** What kind of work an event's self time is. */
function workKind(event: TraceEvent): string {
  if (STYLE.has(event.name)) return 'style recalc';
  if (LAYOUT.has(event.name)) return 'layout';
  if (PAINT.has(event.name)) return 'paint (pre-paint, paint, layerize, commit)';
  if (/GC|garbage/i.test(event.name)) return 'garbage collection';
  if (TASK.has(event.name)) return 'task scheduling and IPC (and tracing itself)';
  return 'script (JS and the calls into it)';
}

/** A function call's label: its name and where it is, mapped to src/ where a source map says. */
type Locate = (url: string, line: number, column: number) => Original | undefined;

/** A call into the bench's probe (bench/lib/pageProbe.ts), an init script and so without a URL. */
const isProbeCall = (e: TraceEvent) => e.name === 'FunctionCall' && !e.args?.data?.url;

/** A top-level task's kind: the first event in it that says what it was for. */
function taskKind(task: TraceEvent, first: TraceEvent | undefined, original: Locate): string {
  if (!first) return `${task.name} (nothing traced in it)`;
  if (FRAME.has(first.name)) return 'rendering a frame (rAF callbacks, style, layout, paint)';
  const data = first.args?.data ?? {};
  if (first.name === 'EventDispatch') return `EventDispatch ${String(data.type ?? '?')}`;
  if (first.name === 'FunctionCall') {
    const fn = typeof data.functionName === 'string' && data.functionName ? data.functionName : '(anonymous)';
    const url = typeof data.url === 'string' ? data.url : '';
    // The bench's probe is an init script: it has no URL.
    if (!url) return `FunctionCall ${fn} (page init script: the bench's probe)`;
    // FunctionCall positions are 1-based, the CPU profile's and source maps' 0-based.
    const mapped = original(url, Number(data.lineNumber ?? 1) - 1, Number(data.columnNumber ?? 1) - 1);
    return `FunctionCall ${fn} (${mapped ? `${mapped.file}:${mapped.line}` : (url.split('/').pop() ?? url)})`;
  }
  return first.name;
}

const top = (map: Map<string, { ms: number; count: number }>, n: number): Entry[] =>
  [...map]
    .map(([label, v]) => ({ label, ms: v.ms, count: v.count }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n);

function add(map: Map<string, { ms: number; count: number }>, key: string, ms: number): void {
  const entry = map.get(key);
  if (entry) {
    entry.ms += ms;
    entry.count += 1;
  } else {
    map.set(key, { ms, count: 1 });
  }
}

/**
 * Summarises a trace. Only the page's renderer main threads (thread name CrRendererMain) are
 * counted, and of them the one busiest in traced work: the page under test, not an idle renderer.
 */
export function summariseTrace(
  events: readonly TraceEvent[],
  original: Locate = () => undefined,
  topN = 15,
): TraceSummary {
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mainThreads.has(key) || e.dur === undefined || (e.cat ?? '').includes('cpu_profiler')) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const busy = (list: readonly TraceEvent[]) => list.filter((e) => TASK.has(e.name)).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const [threadKey, complete = []] = [...byThread].sort((a, b) => busy(b[1]) - busy(a[1]))[0] ?? ['', []];

  // Self time by a stack walk: events sorted by start, longer first when they start together. A
  // task appears as several nested events (RunTask, ThreadControllerImpl::RunTask, Receive mojo
  // message); only the outermost counts as the task.
  const sorted = [...complete].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const work = new Map<string, { ms: number; count: number }>();
  const tasks = new Map<string, { ms: number; count: number }>();
  const stack: { event: TraceEvent; childUs: number; kind?: TraceEvent }[] = [];
  let busyMs = 0;
  let probeMs = 0;
  const callbacks = new Map<string, { ms: number; count: number }>();
  const close = (frame: (typeof stack)[number]) => {
    add(work, workKind(frame.event), Math.max(0, (frame.event.dur ?? 0) - frame.childUs) / 1000);
    if (stack.length === 0) {
      const ms = (frame.event.dur ?? 0) / 1000;
      busyMs += ms;
      add(tasks, taskKind(frame.event, MEANINGFUL.has(frame.event.name) ? frame.event : frame.kind, original), ms);
    }
  };
  let first = Infinity;
  let last = -Infinity;
  for (const event of sorted) {
    first = Math.min(first, event.ts);
    last = Math.max(last, event.ts + (event.dur ?? 0));
    while (stack.length > 0 && stack[stack.length - 1]!.event.ts + (stack[stack.length - 1]!.event.dur ?? 0) <= event.ts) close(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) parent.childUs += event.dur ?? 0;
    // The probe's WebSocket listener runs before the console's in the same task; the console's
    // handler names the task, the probe's only when nothing else ran in it.
    const root = stack[0];
    if (root && MEANINGFUL.has(event.name) && (root.kind === undefined || isProbeCall(root.kind))) {
      if (root.kind === undefined || !isProbeCall(event)) root.kind = event;
    }
    if (isProbeCall(event)) probeMs += (event.dur ?? 0) / 1000;
    // Outermost script callbacks wherever they run (a WebSocket task's microtasks run React's
    // work, for one): which code the tasks' time is spent in.
    if ((event.name === 'FunctionCall' || event.name === 'RunMicrotasks') && !stack.some((f) => f.event.name === 'FunctionCall')) {
      add(callbacks, event.name === 'RunMicrotasks' ? 'RunMicrotasks (all of it, the calls below included)' : taskKind(event, event, original).replace(/^FunctionCall /, ''), (event.dur ?? 0) / 1000);
    }
    stack.push({ event, childUs: 0 });
  }
  while (stack.length > 0) close(stack.pop()!);

  // CPU profiler samples of the same thread: nodes and samples arrive in chunks per profile id,
  // from the profiler's own thread, tied by that id to a Profile event on the main thread.
  const [pid, tid] = threadKey.split(':').map(Number);
  const ids = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  interface Profile {
    nodes: Map<number, ProfileNode>;
    samples: number[];
    deltas: number[];
  }
  const profiles = new Map<string, Profile>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id === undefined || !ids.has(e.id)) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    const profile: Profile = profiles.get(e.id) ?? { nodes: new Map(), samples: [], deltas: [] };
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.samples.push(...(data?.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data?.timeDeltas ?? []));
    profiles.set(e.id, profile);
  }
  const selfByFunction = new Map<string, { ms: number; count: number }>();
  const selfByFile = new Map<string, { ms: number; count: number }>();
  const inclusiveByFunction = new Map<string, { ms: number; count: number }>();
  const inclusiveByFile = new Map<string, { ms: number; count: number }>();
  const inclusiveByComponent = new Map<string, { ms: number; count: number }>();
  let sampledMs = 0;
  const describe = new Map<string, { fn: string; file: string; component: boolean }>();
  const describeNode = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName}|${url}|${lineNumber}|${columnNumber}`;
    let found = describe.get(key);
    if (!found) {
      const mapped = url ? original(url, lineNumber, columnNumber) : undefined;
      const file = mapped?.file ?? (url ? (url.split('/').pop() ?? url) : functionName.startsWith('(') ? functionName : '(native)');
      const name = mapped?.name ?? (functionName || '(anonymous)');
      found = { fn: mapped ? `${name} (${file}:${mapped.line})` : `${name}${url ? ` (${file})` : ''}`, file, component: mapped?.name !== undefined && /^[A-Z][A-Za-z0-9]*$/.test(mapped.name) };
      describe.set(key, found);
    }
    return found;
  };
  for (const profile of profiles.values()) {
    profile.samples.forEach((id, i) => {
      // A sample stands for the time since the previous one (its delta); the first has none.
      const ms = Math.max(0, profile.deltas[i + 1] ?? profile.deltas[i] ?? 0) / 1000;
      let node = profile.nodes.get(id);
      if (!node) return;
      sampledMs += ms;
      const self = describeNode(node);
      add(selfByFunction, self.fn, ms);
      add(selfByFile, self.file, ms);
      const seenFn = new Set<string>();
      const seenFile = new Set<string>();
      while (node) {
        const d = describeNode(node);
        if (d.file.startsWith('src/')) {
          if (!seenFn.has(d.fn)) add(inclusiveByFunction, d.fn, ms);
          if (!seenFn.has(d.fn) && d.component) add(inclusiveByComponent, d.fn, ms);
          if (!seenFile.has(d.file)) add(inclusiveByFile, d.file, ms);
          seenFn.add(d.fn);
          seenFile.add(d.file);
        }
        node = node.parent === undefined ? undefined : profile.nodes.get(node.parent);
      }
    });
  }
  return {
    seconds: Number.isFinite(first) ? (last - first) / 1e6 : 0,
    busyMs,
    tasks: top(tasks, topN),
    callbacks: top(callbacks, topN),
    work: top(work, topN),
    selfByFunction: top(selfByFunction, topN),
    selfByFile: top(selfByFile, topN),
    inclusiveByAppFunction: top(inclusiveByFunction, topN),
    inclusiveByComponent: top(inclusiveByComponent, topN),
    inclusiveByAppFile: top(inclusiveByFile, topN),
    sampledMs,
    probeMs,
  };
}

/** The summary as lines to print (ms and share of the total each table is of). */
export function formatSummary(title: string, s: TraceSummary): string[] {
  const pct = (ms: number, of: number) => (of > 0 ? `${((100 * ms) / of).toFixed(1)}%` : '-');
  const table = (heading: string, entries: readonly Entry[], of: number) => [
    `  ${heading}`,
    ...entries.map((e) => `    ${e.ms.toFixed(0).padStart(7)} ms ${pct(e.ms, of).padStart(6)}  ${e.label}${e.count === undefined ? '' : ` ×${e.count}`}`),
  ];
  return [
    `${title}: ${s.seconds.toFixed(1)} s traced, main thread busy ${s.busyMs.toFixed(0)} ms (${pct(s.busyMs, s.seconds * 1000)}; wall time, so a loaded machine inflates it), ` +
      `${s.probeMs.toFixed(0)} ms of it in the bench's probe, ${s.sampledMs.toFixed(0)} ms sampled by the CPU profiler ((program) is native work: style, layout, paint, IPC, tracing)`,
    ...table('top-level tasks by kind (inclusive; share of busy time):', s.tasks, s.busyMs),
    ...table('outermost script callbacks, inclusive (share of busy time):', s.callbacks, s.busyMs),
    ...table('main-thread self time by kind of work (share of busy time):', s.work, s.busyMs),
    ...table('sampled self time by function (share of sampled time):', s.selfByFunction, s.sampledMs),
    ...table('sampled self time by source file or package:', s.selfByFile, s.sampledMs),
    ...table('sampled inclusive time by src/ function:', s.inclusiveByAppFunction, s.sampledMs),
    ...table('sampled inclusive time by src/ component (PascalCase function: a render and what it calls):', s.inclusiveByComponent, s.sampledMs),
    ...table('sampled inclusive time by src/ file:', s.inclusiveByAppFile, s.sampledMs),
  ];
}
