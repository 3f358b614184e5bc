/**
 * The console under a firehose: the real server and its simulator at a high rate, the dashboard
 * (the busiest screen) open in headless Chromium, signed in as Admin with the workers running.
 * For each simulator rate of the ladder (increasing) it reports the events/s the page absorbed,
 * long tasks (> 50 ms) per minute and the worst one, the worst frame (longest gap between two
 * frames), and event-to-paint latency p95: the simulator stamps every newBlock with its emit time
 * (SIM_BENCH_STAMP=on) and the page probe reads when the stamped block head is painted.
 *
 * The same ladder then runs against a naive baseline in the same run: the same console with its
 * live store telling subscribers after every event (localStorage "bench:renderPerEvent", i.e.
 * setState per message) instead of once per frame; the ratio column is baseline / console.
 *
 * The phone-class row runs on the console and on the baseline each just before its ladder: the same
 * page with Chromium's CPU throttled BENCH_PHONE_THROTTLE times (default 4; CDP
 * Emulation.setCPUThrottlingRate) at simulator rate BENCH_PHONE_RATE (default 10, about 250
 * events/s), i.e. a mid-range phone on a modest feed. BENCH_PHONE=off skips it.
 *
 * Then the status line (docs/guide.md "Alerts") at 2,500 events/s (rate 100): the console as it is,
 * then the same console with the line not drawn (localStorage "bench:statusLineOff"), each for a
 * step, back to back; the ratio is without / with (1.0x: the line adds nothing measurable).
 * BENCH_STATUS_LINE=off skips it.
 *
 * Then the memory mode: the console left open at the top rate for BENCH_MEMORY_MINUTES (default 10;
 * 0 skips it), JS heap and DOM nodes sampled after a forced GC each minute; growth is reported
 * after the first minute (warm-up). Targets: 2,000 events/s, event-to-paint p95 < 100 ms, no
 * long task from the feed, flat heap. Figures are printed, never asserted.
 *
 * After the table (bench/run.ts prints `afterTable()`), the guard against slipping back: each row's
 * event-to-paint p95 against the last figure recorded for it in bench/README.md (the json block of
 * "Recorded figures" under "## firehose", bench/lib/firehoseRecord.ts), as a ratio; > 1 is slower.
 * Printed, never asserted, like every figure here.
 *
 * BENCH_PROFILE=trace adds the profile mode, on the console's page after its ladder: a Chromium
 * trace (timeline, user timing and V8 CPU-profiler samples) of BENCH_PROFILE_SECONDS (default 4)
 * at rate 100 (about 2,500 events/s), then another at the phone-class rate and throttle (those of
 * BENCH_PHONE_RATE and BENCH_PHONE_THROTTLE, also with BENCH_PHONE=off), each
 * summarised (bench/lib/traceSummary.ts): main-thread time per top-level task kind and per kind of
 * work (script, style, layout, paint, GC), and sampled self and inclusive time per function and
 * source file, mapped back to src/ through source maps the build then writes (hidden: the served
 * scripts name no map). BENCH_PROFILE_DIR=<dir> also keeps the raw traces there (for DevTools) with
 * the build's maps under <dir>/assets.
 *
 * Builds the console into a temporary folder itself (works from a fresh clone after `npm ci`).
 *
 *   npm run bench -- firehose
 *   BENCH_RATES=10,100 BENCH_STEP_SECONDS=10 BENCH_MEMORY_MINUTES=2 node --import tsx bench/firehose.bench.ts
 *   BENCH_RATES=10,100 BENCH_STEP_SECONDS=8 BENCH_MEMORY_MINUTES=0 BENCH_STATUS_LINE=off npm run bench -- firehose
 *   BENCH_RATES=100 BENCH_STEP_SECONDS=3 BENCH_BASELINE=off BENCH_PHONE=off BENCH_STATUS_LINE=off BENCH_MEMORY_MINUTES=0 BENCH_PROFILE=trace npm run bench -- firehose
 *   BENCH_BASELINE=off skips the naive baseline.
 *   BENCH_BARE_SOCKET=plain: the bench's bare socket (server-to-socket) does not ask for batched
 *   delivery, so its emit-to-arrival is the plain transport's (one message per event); the page still
 *   asks for batches. By default it asks, as the console does.
 *
 * SIM_RATE 1 is about 25 events/s, so the default ladder 10, 50, 100, 200 offers about 250, 1,250,
 * 2,500 and 5,000. Default run: about 17 minutes (10 of them the memory mode).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  apiAs, buildConsole, countFeed, launchChromium, signIn, sleep, startServer, withTimeout, type ApiCall, type ConsoleServer, type FeedCounter,
} from './lib/liveConsole.ts';
import { installProbe, readProbe, type LongFrame, type LongTask, type PacingChange, afterFrameShare } from './lib/pageProbe.ts';
import { formatCommits, installCommitProbe, startCommits, stopCommits } from './lib/commitProbe.ts';
import { compareWithRecorded, parseRecorded, rowKey, type CurrentFigure } from './lib/firehoseRecord.ts';
import { buildSourceMaps, formatSummary, summariseTrace } from './lib/traceSummary.ts';
import { RENDER_PER_EVENT_KEY } from '../src/realtime/liveStore.ts';
import { STATUS_LINE_OFF_KEY } from '../src/config/constants.ts';
import type { BenchResult } from './types.ts';

const DEFAULT_RATES = [10, 50, 100, 200];
const SIM_SEED = 4242;
const ADMIN_KEY = 'bench-admin-access-key-0123456789';
/** The targets. */
const EVENTS_TARGET = 2000;
const PAINT_P95_TARGET_MS = 100;
/** After a rate change, before measuring: the simulator re-rates at once, the page catches up. */
const SETTLE_MS = 2000;
/** After sign-in, before the first step: lazy chunks, JIT and the workers' route search settle. */
const WARM_UP_MS = 5000;
/** Bound on any one call into the page or CDP: a page hung by the feed must not hang the bench. */
const PAGE_CALL_TIMEOUT_MS = 30_000;
const MINUTE_MS = 60_000;
const MB = 2 ** 20;
/** Trace categories of the profile mode: DevTools' Performance panel's, plus the CPU profiler's samples. */
const TRACE_CATEGORIES = [
  'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame',
  'v8.execute', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler',
];
const README = join(dirname(fileURLToPath(import.meta.url)), 'README.md');
/** The guard's lines, printed by bench/run.ts after its table (and by the direct run after its list). */
let guardLines: string[] = [];
export const afterTable = (): string[] => guardLines;

function envNumber(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function envRates(): number[] {
  const raw = process.env.BENCH_RATES;
  if (!raw) return DEFAULT_RATES;
  const rates = raw.split(',').map((part) => Number(part.trim()));
  // The control route accepts rates up to 1000 (server/src/routes/sim.ts).
  if (rates.some((r) => !Number.isFinite(r) || r <= 0 || r > 1000)) throw new Error(`BENCH_RATES must be rates in (0, 1000], got "${raw}"`);
  return [...rates].sort((a, b) => a - b);
}

const log = (line: string) => process.stdout.write(`  firehose: ${line}\n`);

/** These machines are shared: the 1-minute load average says how much the figures can be trusted. */
const load = () => `load ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs`;

/** Counters read from the page at one moment, and what the server had sent by then. */
interface Mark {
  /** performance.now() in the page. */
  at: number;
  events: number;
  frames: number;
  commits: number;
  /** Events the server had sent a socket subscribed like the console's (read just after the page). */
  offered: number;
  /** Paint latencies and the worst frame gathered since the previous mark. */
  latencies: number[];
  /** Emit-to-arrival ms at the bench's own socket since the previous mark (the transport's share). */
  deliveries: number[];
  /** Emit-to-arrival ms at the page's own socket since the previous mark. */
  arrivals: number[];
  worstFrameMs: number;
}

/** A page-time interval measurement itself caused (a forced GC): long tasks in it are not the feed's. */
interface Gap {
  from: number;
  to: number;
}

interface Memory {
  heapMB: number;
  nodes: number;
  listeners: number;
}

/** Everything the page reports over the run, drained from it at every read. */
class Session {
  readonly longTasks: LongTask[] = [];
  readonly longFrames: LongFrame[] = [];
  readonly pacing: PacingChange[] = [];
  readonly errors: string[] = [];
  readonly gaps: Gap[] = [];

  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    private readonly feed: FeedCounter,
  ) {}

  async mark(): Promise<Mark> {
    const reading = await withTimeout(readProbe(this.page), PAGE_CALL_TIMEOUT_MS, 'reading the page probe');
    this.longTasks.push(...reading.longTasks);
    this.longFrames.push(...reading.longFrames);
    this.pacing.push(...reading.pacing);
    for (const error of reading.errors) {
      if (this.errors.length === 0) log(`page error: ${error}`);
      this.errors.push(error);
    }
    return {
      at: reading.now, events: reading.events, frames: reading.frames, commits: reading.commits, offered: this.feed.events,
      latencies: reading.paintLatencies, deliveries: this.feed.drainDeliveries(), arrivals: reading.arrivalLatencies, worstFrameMs: reading.worstFrameMs,
    };
  }

  private send<T>(call: Promise<T>, what: string): Promise<T> {
    return withTimeout(call, PAGE_CALL_TIMEOUT_MS, what);
  }

  /** Heap and DOM after a full GC: what the console really holds, not garbage awaiting collection. */
  async memoryAfterGC(): Promise<Memory> {
    const from = (await this.mark()).at;
    await this.send(this.cdp.send('HeapProfiler.collectGarbage'), 'HeapProfiler.collectGarbage');
    const heap = await this.send(this.cdp.send('Runtime.getHeapUsage'), 'Runtime.getHeapUsage');
    const dom = await this.send(this.cdp.send('Memory.getDOMCounters'), 'Memory.getDOMCounters');
    this.gaps.push({ from, to: (await this.mark()).at });
    return { heapMB: heap.usedSize / MB, nodes: dom.nodes, listeners: dom.jsEventListeners };
  }
}

interface WindowFigures {
  seconds: number;
  absorbed: number;
  offered: number;
  /** How many more events the server sent than the page absorbed in the window: > 0 when it falls behind. */
  fellBehind: number;
  fps: number;
  commits: number;
  longTasks: number;
  longTasksPerMin: number;
  worstLongTaskMs: number;
  worstFrameMs: number;
  paints: number;
  paintP50: number;
  paintP95: number;
  deliveryP95: number;
  /** The same at the page's own socket. */
  pageArrivalP95: number;
  longFrames: string;
  /** Share of the window the console committed after the frame (a slow CPU), 0 to 1. */
  afterFrameShare: number;
}

const inWindow = (start: number, a: Mark, b: Mark, gaps: readonly Gap[], duration: number) =>
  start >= a.at && start < b.at && !gaps.some((g) => start < g.to && start + duration > g.from);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Which callbacks made frames long, and how much of them was style, layout and paint. */
function describeLongFrames(frames: readonly LongFrame[]): string {
  if (frames.length === 0) return 'no long frames';
  const byInvoker = new Map<string, number>();
  for (const frame of frames) {
    for (const script of frame.scripts) byInvoker.set(script.invoker, (byInvoker.get(script.invoker) ?? 0) + script.duration);
  }
  const scripts = [...byInvoker]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([invoker, ms]) => `${invoker} ${Math.round(ms)} ms`)
    .join(', ');
  const total = frames.reduce((sum, f) => sum + f.duration, 0);
  const render = frames.reduce((sum, f) => sum + f.render, 0);
  return `${frames.length} long frames (${Math.round(total)} ms; style/layout/paint ${Math.round(render)} ms; scripts > 5 ms: ${scripts || 'none'})`;
}

function figuresBetween(session: Session, a: Mark, b: Mark): WindowFigures {
  if (b.events < a.events || b.frames < a.frames) throw new Error('the page reloaded during a measurement (counters went back)');
  const seconds = (b.at - a.at) / 1000;
  const tasks = session.longTasks.filter((t) => inWindow(t.start, a, b, session.gaps, t.duration));
  const frames = session.longFrames.filter((f) => inWindow(f.start, a, b, session.gaps, f.duration));
  const latencies = [...b.latencies].sort((x, y) => x - y);
  return {
    seconds,
    absorbed: (b.events - a.events) / seconds,
    offered: (b.offered - a.offered) / seconds,
    fellBehind: b.offered - a.offered - (b.events - a.events),
    fps: (b.frames - a.frames) / seconds,
    commits: (b.commits - a.commits) / seconds,
    longTasks: tasks.length,
    longTasksPerMin: (tasks.length / seconds) * 60,
    worstLongTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
    worstFrameMs: b.worstFrameMs,
    paints: latencies.length,
    paintP50: percentile(latencies, 50),
    paintP95: percentile(latencies, 95),
    deliveryP95: percentile([...b.deliveries].sort((x, y) => x - y), 95),
    pageArrivalP95: percentile([...b.arrivals].sort((x, y) => x - y), 95),
    longFrames: describeLongFrames(frames),
    afterFrameShare: afterFrameShare(session.pacing, a.at, b.at),
  };
}

function describe(f: WindowFigures): string {
  return (
    `${Math.round(f.absorbed)} events/s absorbed of ${Math.round(f.offered)} sent (fell behind by ${f.fellBehind}), ` +
    `event-to-paint p50 ${Math.round(f.paintP50)} ms p95 ${Math.round(f.paintP95)} ms (${f.paints} paints; server-to-socket p95 ${Math.round(f.deliveryP95)} ms, to the page's socket ${Math.round(f.pageArrivalP95)} ms), ` +
    `${f.fps.toFixed(1)} fps, worst frame ${Math.round(f.worstFrameMs)} ms, ${f.commits.toFixed(1)} React commits/s, ` +
    `${f.longTasks} long tasks (worst ${Math.round(f.worstLongTaskMs)} ms); ${f.longFrames}; ` +
    `committed after the frame ${Math.round(f.afterFrameShare * 100)}% of the time`
  );
}

/** Baseline figure / console figure where both exist (> 1: the console is better for "lower is better" figures). */
const ratioOf = (baseline: number | undefined, figure: number): number | undefined =>
  baseline === undefined || !Number.isFinite(baseline) || !Number.isFinite(figure) || figure <= 0 ? undefined : baseline / figure;

function rows(label: string, f: WindowFigures, top: boolean, baseline?: WindowFigures): BenchResult[] {
  return [
    {
      name: `${label}: events/s absorbed`, figure: f.absorbed, unit: 'events/s', target: top ? `≥ ${EVENTS_TARGET} at the top rate` : undefined,
      ratio: baseline && ratioOf(f.absorbed, baseline.absorbed),
    },
    // Sent above absorbed means the page fell behind: the rest queues up on the way to it.
    { name: `${label}: events/s sent by the server`, figure: f.offered, unit: 'events/s' },
    { name: `${label}: event-to-paint p95`, figure: f.paintP95, unit: 'ms', target: `< ${PAINT_P95_TARGET_MS}`, ratio: ratioOf(baseline?.paintP95, f.paintP95) },
    // What a client that renders nothing sees: the part of event-to-paint the page cannot help.
    { name: `${label}: emit-to-arrival p95 at a bare socket`, figure: f.deliveryP95, unit: 'ms' },
    // The same at the page's own socket: what the page's main thread adds before it sees the event.
    { name: `${label}: emit-to-arrival p95 at the page's socket`, figure: f.pageArrivalP95, unit: 'ms' },
    { name: `${label}: long tasks`, figure: f.longTasksPerMin, unit: 'per min', target: '0 from the feed', ratio: ratioOf(baseline?.longTasksPerMin, f.longTasksPerMin) },
    { name: `${label}: worst frame`, figure: f.worstFrameMs, unit: 'ms', ratio: ratioOf(baseline?.worstFrameMs, f.worstFrameMs) },
    { name: `${label}: frames`, figure: f.fps, unit: 'fps' },
    { name: `${label}: React commits`, figure: f.commits, unit: 'per s' },
  ];
}

async function measure(session: Session, ms: number): Promise<WindowFigures> {
  const start = await session.mark();
  await sleep(ms);
  return figuresBetween(session, start, await session.mark());
}

interface OpenConsole {
  context: BrowserContext;
  session: Session;
}

/** A fresh browser context signed in on the dashboard; `perEvent` makes it the naive baseline, `noStatusLine` leaves the status line out. */
async function openConsole(browser: Browser, server: ConsoleServer, feed: FeedCounter, perEvent: boolean, noStatusLine = false, commits = false): Promise<OpenConsole> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await installProbe(page);
  if (commits) await installCommitProbe(page);
  if (perEvent) await page.addInitScript({ content: `localStorage.setItem(${JSON.stringify(RENDER_PER_EVENT_KEY)}, '1');` });
  if (noStatusLine) await page.addInitScript({ content: `localStorage.setItem(${JSON.stringify(STATUS_LINE_OFF_KEY)}, '1');` });
  await signIn(page, ADMIN_KEY);
  await page.getByRole('region', { name: 'Worker controls' }).waitFor({ timeout: 30_000 });
  return { context, session: new Session(page, await context.newCDPSession(page), feed) };
}

/** The phone-class settings: the simulator rate and how many times slower the page's CPU is. */
interface Phone {
  rate: number;
  throttle: number;
}

/** Chromium's CPU made `rate` times slower for this page (1: full speed). */
async function throttleCPU(session: Session, rate: number): Promise<void> {
  await withTimeout(session.cdp.send('Emulation.setCPUThrottlingRate', { rate }), PAGE_CALL_TIMEOUT_MS, 'Emulation.setCPUThrottlingRate');
}

/** The longest the phone-class step waits for a throttled page to drain what queued up before it. */
const CATCH_UP_MAX_MS = 20_000;

/**
 * Waits (bounded) until the page absorbs no more than is sent: a throttled page still draining a
 * backlog would report the backlog's age as its event-to-paint latency.
 */
async function waitForCatchUp(label: string, session: Session): Promise<void> {
  const deadline = Date.now() + CATCH_UP_MAX_MS;
  let a = await session.mark();
  while (Date.now() < deadline) {
    await sleep(1000);
    const b = await session.mark();
    // 10% and a few events of slack: socket.io's packets arrive in bursts.
    if (b.events - a.events <= (b.offered - a.offered) * 1.1 + 5) return;
    a = b;
  }
  log(`${label}: still draining a backlog after ${CATCH_UP_MAX_MS / 1000} s; what follows includes it`);
}

/**
 * One step at the phone-class rate with the CPU throttled, the throttle lifted again after it. It
 * runs before the ladder, from the page's start rate (the ladder's lowest), so that no backlog of a
 * higher rate is left to drain; waitForCatchUp covers the rest.
 */
async function phoneStep(label: string, session: Session, api: ApiCall, phone: Phone, stepMs: number): Promise<WindowFigures> {
  await api('POST', '/sim/control', { action: 'rate', rate: phone.rate });
  await throttleCPU(session, phone.throttle);
  try {
    await sleep(SETTLE_MS);
    await waitForCatchUp(`${label} phone-class`, session);
    await session.mark();
    log(`${label} phone-class: rate ${phone.rate} (~${phone.rate * 25} events/s offered), CPU ${phone.throttle}x slower: measuring ${stepMs / 1000} s… (${load()})`);
    const f = await measure(session, stepMs);
    log(`${label} phone-class: ${describe(f)}`);
    return f;
  } finally {
    await throttleCPU(session, 1);
  }
}

/** The rate that offers about 2,500 events/s, where the profile mode traces unthrottled. */
const PROFILE_RATE = 100;

/**
 * The profile modes' two settings, PROFILE_RATE at full speed and then the phone-class rate and
 * throttle: each set, settled and caught up before `measure` runs, the throttle lifted after it.
 */
async function atProfileSteps(
  mode: string,
  session: Session,
  api: ApiCall,
  phone: Phone,
  measure: (step: Phone, title: string) => Promise<void>,
): Promise<void> {
  for (const step of [{ rate: PROFILE_RATE, throttle: 1 }, phone]) {
    await api('POST', '/sim/control', { action: 'rate', rate: step.rate });
    await throttleCPU(session, step.throttle);
    try {
      await sleep(SETTLE_MS);
      await waitForCatchUp(`${mode} at rate ${step.rate}`, session);
      await measure(step, `${mode}: rate ${step.rate} (~${step.rate * 25} events/s), CPU ${step.throttle}x slower`);
    } finally {
      await throttleCPU(session, 1);
    }
  }
}

/** The profile mode: a trace at PROFILE_RATE, then one at the phone-class rate and throttle, each summarised. */
async function profile(browser: Browser, session: Session, api: ApiCall, buildDir: string, phone: Phone, seconds: number): Promise<void> {
  const outDir = process.env.BENCH_PROFILE_DIR;
  const original = buildSourceMaps(buildDir);
  if (outDir) {
    // The build is removed at the end of the run; its maps are kept so a kept trace can be
    // summarised again (summariseTrace with buildSourceMaps(<dir>)).
    mkdirSync(join(outDir, 'assets'), { recursive: true });
    for (const file of readdirSync(join(buildDir, 'assets'))) if (file.endsWith('.map')) copyFileSync(join(buildDir, 'assets', file), join(outDir, 'assets', file));
  }
  await atProfileSteps('profile', session, api, phone, async (step, title) => {
    log(`${title}: tracing ${seconds} s… (${load()})`);
    await withTimeout(browser.startTracing(session.page, { categories: TRACE_CATEGORIES }), PAGE_CALL_TIMEOUT_MS, 'starting the trace');
    await sleep(seconds * 1000);
    const buffer = await withTimeout(browser.stopTracing(), 120_000, 'stopping the trace');
    const loadAfter = load();
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      const file = join(outDir, `firehose-rate${step.rate}-cpu${step.throttle}x.json`);
      writeFileSync(file, buffer);
      log(`trace written to ${file} (${(buffer.length / MB).toFixed(1)} MB)`);
    }
    const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: Parameters<typeof summariseTrace>[0] };
    for (const line of formatSummary(`${title} (${loadAfter})`, summariseTrace(trace.traceEvents, original))) log(line);
  });
}

/** The commits mode: at PROFILE_RATE, then at the phone-class rate and throttle, which components render, in frames or not. */
async function commitsReport(session: Session, api: ApiCall, phone: Phone, seconds: number): Promise<void> {
  await atProfileSteps('commits', session, api, phone, async (_step, title) => {
    log(`${title}: counting ${seconds} s… (${load()})`);
    await withTimeout(startCommits(session.page), PAGE_CALL_TIMEOUT_MS, 'starting the commit count');
    await sleep(seconds * 1000);
    const reading = await withTimeout(stopCommits(session.page), PAGE_CALL_TIMEOUT_MS, 'reading the commit count');
    for (const line of formatCommits(`${title} (${load()})`, reading)) log(line);
  });
}

async function ladder(label: string, session: Session, api: ApiCall, rates: readonly number[], stepMs: number): Promise<WindowFigures[]> {
  const figures: WindowFigures[] = [];
  for (const rate of rates) {
    await api('POST', '/sim/control', { action: 'rate', rate });
    await sleep(SETTLE_MS);
    await session.mark(); // drops what the settling produced
    log(`${label} rate ${rate} (~${rate * 25} events/s offered): measuring ${stepMs / 1000} s… (${load()})`);
    const f = await measure(session, stepMs);
    log(`${label} rate ${rate}: ${describe(f)}`);
    figures.push(f);
  }
  return figures;
}

/** The rate that offers about 2,500 events/s (SIM_RATE 1 is about 25). */
const STATUS_LINE_RATE = 100;

/** Event-to-paint and events absorbed with the status line, then without it, back to back at the same rate. */
async function statusLineCost(browser: Browser, server: ConsoleServer, feed: FeedCounter, api: ApiCall, stepMs: number): Promise<BenchResult[]> {
  await api('POST', '/sim/control', { action: 'rate', rate: STATUS_LINE_RATE });
  const measured: WindowFigures[] = [];
  for (const noStatusLine of [false, true]) {
    const opened = await openConsole(browser, server, feed, false, noStatusLine);
    await sleep(WARM_UP_MS);
    await opened.session.mark();
    const label = noStatusLine ? 'without the status line' : 'with the status line';
    log(`${label} at rate ${STATUS_LINE_RATE}: measuring ${stepMs / 1000} s… (${load()})`);
    const f = await measure(opened.session, stepMs);
    log(`${label}: ${describe(f)}`);
    measured.push(f);
    await opened.context.close();
  }
  const [withLine, without] = measured as [WindowFigures, WindowFigures];
  return [
    { name: `status line at rate ${STATUS_LINE_RATE}: event-to-paint p95 with it (without: ${without.paintP95.toFixed(1)} ms)`, figure: withLine.paintP95, unit: 'ms', target: 'ratio ≈ 1.0', ratio: ratioOf(without.paintP95, withLine.paintP95) },
    { name: `status line at rate ${STATUS_LINE_RATE}: events/s absorbed with it (without: ${without.absorbed.toFixed(0)})`, figure: withLine.absorbed, unit: 'events/s', ratio: ratioOf(withLine.absorbed, without.absorbed) },
  ];
}

async function memoryMode(session: Session, rate: number, minutes: number): Promise<BenchResult[]> {
  log(`memory: rate ${rate} for ${minutes} min, heap and DOM after a forced GC each minute (${load()})`);
  const samples: Memory[] = [await session.memoryAfterGC()];
  const start = await session.mark();
  for (let minute = 1; minute <= minutes; minute += 1) {
    await sleep(MINUTE_MS);
    const sample = await session.memoryAfterGC();
    samples.push(sample);
    log(`memory minute ${minute}: heap ${sample.heapMB.toFixed(1)} MB, ${sample.nodes} DOM nodes, ${sample.listeners} listeners (${load()})`);
  }
  const f = figuresBetween(session, start, await session.mark());
  // Paint latencies are drained by the GC marks in between, so only throughput and long tasks here.
  log(`memory: ${Math.round(f.absorbed)} events/s absorbed, ${f.fps.toFixed(1)} fps, ${f.longTasks} long tasks outside the forced GCs (worst ${Math.round(f.worstLongTaskMs)} ms)`);
  // Minute 1 is the warm-up (buffers filling to their bounds); growth is measured after it.
  const warm = samples[Math.min(1, samples.length - 1)]!;
  const end = samples[samples.length - 1]!;
  log(`memory samples (MB): ${samples.map((m) => m.heapMB.toFixed(1)).join(' → ')}; DOM nodes: ${samples.map((m) => m.nodes).join(' → ')}`);
  const label = `firehose memory (rate ${rate}, ${minutes} min)`;
  return [
    { name: `${label}: events/s absorbed`, figure: f.absorbed, unit: 'events/s' },
    { name: `${label}: heap after warm-up (GC)`, figure: warm.heapMB, unit: 'MB' },
    { name: `${label}: heap growth after warm-up`, figure: end.heapMB - warm.heapMB, unit: 'MB', target: 'flat' },
    { name: `${label}: DOM nodes growth after warm-up`, figure: end.nodes - warm.nodes, unit: 'nodes', target: 'flat' },
    { name: `${label}: listeners growth after warm-up`, figure: end.listeners - warm.listeners, unit: 'listeners', target: 'flat' },
    { name: `${label}: long tasks`, figure: f.longTasksPerMin, unit: 'per min', target: '0 from the feed' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const rates = envRates();
  const stepMs = envNumber('BENCH_STEP_SECONDS', 20) * 1000;
  const memoryMinutes = envNumber('BENCH_MEMORY_MINUTES', 10, true);
  const withBaseline = process.env.BENCH_BASELINE !== 'off';
  // The profile mode traces at the phone-class settings even when the row itself is off.
  const phoneSettings: Phone = { rate: envNumber('BENCH_PHONE_RATE', 10), throttle: envNumber('BENCH_PHONE_THROTTLE', 4) };
  if (phoneSettings.rate > 1000 || phoneSettings.throttle < 1) throw new Error('BENCH_PHONE_RATE must be in (0, 1000] and BENCH_PHONE_THROTTLE at least 1');
  const phone = process.env.BENCH_PHONE === 'off' ? null : phoneSettings;
  const profileMode = process.env.BENCH_PROFILE;
  if (profileMode !== undefined && profileMode !== '' && profileMode !== 'trace' && profileMode !== 'commits') throw new Error(`BENCH_PROFILE must be "trace" or "commits", got "${profileMode}"`);
  const profileSeconds = envNumber('BENCH_PROFILE_SECONDS', 4);
  const topRate = Math.max(...rates);
  // Read first: a broken record should stop the run before minutes of measuring, not after.
  const recorded = parseRecorded(readFileSync(README, 'utf8'));
  guardLines = [];

  // The commits mode names components, which a minified build does not keep (its figures are then
  // those of an unminified build, a little slower).
  const build = await buildConsole(log, profileMode === 'trace' ? ['--sourcemap', 'hidden'] : profileMode === 'commits' ? ['--minify', 'false'] : []);
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  let feed: FeedCounter | null = null;
  try {
    server = await startServer(build.dir, {
      ADMIN_KEY,
      SIM: 'on',
      SIM_SEED: String(SIM_SEED),
      SIM_RATE: String(rates[0]),
      SIM_BENCH_STAMP: 'on',
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // As deployed: the server checks outgoing payloads against the contract only outside
      // production, and that would make it, not the console, the bottleneck at the top rates.
      NODE_ENV: 'production',
    });
    log(`server at ${server.baseURL} (SIM_SEED=${SIM_SEED}, SIM_RATE=${rates[0]}, block stamps on)`);
    browser = await launchChromium();
    const { token, call: api } = await apiAs(server.baseURL, ADMIN_KEY);
    feed = await countFeed(server.baseURL, token, { batched: process.env.BENCH_BARE_SOCKET !== 'plain' });
    // Workers running is the dashboard at its busiest: iteration results, checker results, stats.
    await api('POST', '/workers/start', {});

    // One page at a time: two would share the two CPUs and each would slow the other.
    const console_ = await openConsole(browser, server, feed, false, false, profileMode === 'commits');
    log('console signed in as Admin on the dashboard, workers started');
    await sleep(WARM_UP_MS);
    const phoneFigures = phone ? await phoneStep('console', console_.session, api, phone, stepMs) : undefined;
    const figures = await ladder('console', console_.session, api, rates, stepMs);
    if (profileMode === 'trace') await profile(browser, console_.session, api, build.dir, phoneSettings, profileSeconds);
    if (profileMode === 'commits') await commitsReport(console_.session, api, phoneSettings, profileSeconds);
    const errors = [...console_.session.errors];
    await console_.context.close();

    let baseline: WindowFigures[] = [];
    let phoneBaseline: WindowFigures | undefined;
    if (withBaseline) {
      await api('POST', '/sim/control', { action: 'rate', rate: rates[0] });
      const naive = await openConsole(browser, server, feed, true);
      log('baseline (render per event) signed in');
      await sleep(WARM_UP_MS);
      if (phone) phoneBaseline = await phoneStep('baseline', naive.session, api, phone, stepMs);
      baseline = await ladder('baseline', naive.session, api, rates, stepMs);
      await naive.context.close();
    }

    const results: BenchResult[] = [];
    rates.forEach((rate, i) => results.push(...rows(`firehose rate ${rate}`, figures[i]!, rate === topRate, baseline[i])));
    if (phone && phoneFigures) results.push(...rows(`firehose phone-class (rate ${phone.rate}, CPU ${phone.throttle}x slower)`, phoneFigures, false, phoneBaseline));
    if (withBaseline) {
      rates.forEach((rate, i) => {
        const b = baseline[i]!;
        results.push(
          { name: `baseline (render per event) rate ${rate}: events/s absorbed`, figure: b.absorbed, unit: 'events/s' },
          { name: `baseline (render per event) rate ${rate}: event-to-paint p95`, figure: b.paintP95, unit: 'ms' },
          { name: `baseline (render per event) rate ${rate}: long tasks`, figure: b.longTasksPerMin, unit: 'per min' },
          { name: `baseline (render per event) rate ${rate}: worst frame`, figure: b.worstFrameMs, unit: 'ms' },
        );
      });
      if (phone && phoneBaseline) {
        const label = `baseline (render per event) phone-class (rate ${phone.rate}, CPU ${phone.throttle}x)`;
        results.push(
          { name: `${label}: events/s absorbed`, figure: phoneBaseline.absorbed, unit: 'events/s' },
          { name: `${label}: event-to-paint p95`, figure: phoneBaseline.paintP95, unit: 'ms' },
          { name: `${label}: long tasks`, figure: phoneBaseline.longTasksPerMin, unit: 'per min' },
          { name: `${label}: worst frame`, figure: phoneBaseline.worstFrameMs, unit: 'ms' },
        );
      }
    }

    const current: CurrentFigure[] = rates.map((rate, i) => ({ key: rowKey(rate), p95: figures[i]!.paintP95 }));
    if (phone && phoneFigures) current.push({ key: rowKey(phone.rate, { throttle: phone.throttle }), p95: phoneFigures.paintP95 });
    rates.forEach((rate, i) => {
      if (baseline[i]) current.push({ key: rowKey(rate, { baseline: true }), p95: baseline[i].paintP95 });
    });
    if (phone && phoneBaseline) current.push({ key: rowKey(phone.rate, { throttle: phone.throttle, baseline: true }), p95: phoneBaseline.paintP95 });
    guardLines = [
      `firehose against the figures recorded in bench/README.md (event-to-paint p95, this run / recorded; ${load()} at the end):`,
      ...compareWithRecorded(current, recorded).map((line) => `  ${line}`),
    ];

    if (process.env.BENCH_STATUS_LINE !== 'off') results.push(...(await statusLineCost(browser, server, feed, api, stepMs)));

    if (memoryMinutes > 0) {
      await api('POST', '/sim/control', { action: 'rate', rate: topRate });
      const soak = await openConsole(browser, server, feed, false);
      await sleep(WARM_UP_MS);
      results.push(...(await memoryMode(soak.session, topRate, memoryMinutes)));
      errors.push(...soak.session.errors);
      await soak.context.close();
    }
    results.push({ name: 'firehose page errors (console.error, uncaught)', figure: errors.length, unit: 'count' });
    return results;
  } finally {
    feed?.close();
    if (browser) await withTimeout(browser.close(), 15_000, 'closing Chromium').catch((err: unknown) => log(String(err)));
    if (server) await server.stop();
    build.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) {
    const ratio = r.ratio === undefined ? '' : `  (baseline/console ${r.ratio.toFixed(1)}x)`;
    console.log(`${r.name.padEnd(64)} ${r.figure.toFixed(1).padStart(10)} ${r.unit}${r.target ? `  (target ${r.target})` : ''}${ratio}`);
  }
  for (const line of afterTable()) console.log(line);
}
