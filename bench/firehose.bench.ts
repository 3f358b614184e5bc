/**
 * The console under a firehose: the real server and its simulator at a high rate, the dashboard
 * (the busiest screen) open in headless Chromium, signed in as Admin with the workers running.
 * For each simulator rate of the ladder it reports the events/s the page absorbed, long tasks
 * (> 50 ms) per minute and the worst one, and frames rendered per second; then a soak at the top
 * rate reports JS heap and DOM growth between forced GCs. Issue target: 2,000 events/s with no
 * long task caused by the feed and bounded heap. Figures are printed, never asserted.
 *
 *   npm run bench -- firehose
 *   BENCH_RATES=10,100 BENCH_STEP_SECONDS=10 BENCH_SOAK_SECONDS=60 node --import tsx bench/firehose.bench.ts
 *
 * SIM_RATE 1 is about 25 events/s, so the default ladder 10, 50, 100, 200 offers about 250, 1,250,
 * 2,500 and 5,000. Default run: about 4 minutes.
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import {
  apiAs, buildConsole, countFeed, launchChromium, signIn, sleep, startServer, withTimeout, type ConsoleServer, type FeedCounter,
} from './lib/liveConsole.ts';
import { installProbe, readProbe, type LongFrame, type LongTask } from './lib/pageProbe.ts';
import type { BenchResult } from './types.ts';

const DEFAULT_RATES = [10, 50, 100, 200];
const SIM_SEED = 4242;
const ADMIN_KEY = 'bench-admin-access-key-0123456789';
/** Issue target: events/s absorbed at the top rate. */
const EVENTS_TARGET = 2000;
/** After a rate change, before measuring: the simulator re-rates at once, the page catches up. */
const SETTLE_MS = 2000;
/** After sign-in, before the first step: lazy chunks, JIT and the workers' route search settle. */
const WARM_UP_MS = 5000;
/** How often the soak prints a progress line (and samples the heap without a GC). */
const SOAK_PROGRESS_MS = 15_000;
/** Bound on any one call into the page or CDP: a page hung by the feed must not hang the bench. */
const PAGE_CALL_TIMEOUT_MS = 30_000;
const MB = 2 ** 20;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function envRates(): number[] {
  const raw = process.env.BENCH_RATES;
  if (!raw) return DEFAULT_RATES;
  const rates = raw.split(',').map((part) => Number(part.trim()));
  // The control route accepts rates up to 1000 (server/src/routes/sim.ts).
  if (rates.some((r) => !Number.isFinite(r) || r <= 0 || r > 1000)) throw new Error(`BENCH_RATES must be rates in (0, 1000], got "${raw}"`);
  return rates;
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
  readonly errors: string[] = [];
  readonly gaps: Gap[] = [];

  constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly feed: FeedCounter,
  ) {}

  async mark(): Promise<Mark> {
    const reading = await withTimeout(readProbe(this.page), PAGE_CALL_TIMEOUT_MS, 'reading the page probe');
    this.longTasks.push(...reading.longTasks);
    this.longFrames.push(...reading.longFrames);
    for (const error of reading.errors) {
      if (this.errors.length === 0) log(`page error: ${error}`);
      this.errors.push(error);
    }
    return { at: reading.now, events: reading.events, frames: reading.frames, commits: reading.commits, offered: this.feed.events };
  }

  private send<T>(call: Promise<T>, what: string): Promise<T> {
    return withTimeout(call, PAGE_CALL_TIMEOUT_MS, what);
  }

  async heapUsedMB(): Promise<number> {
    const heap = await this.send(this.cdp.send('Runtime.getHeapUsage'), 'Runtime.getHeapUsage');
    return heap.usedSize / MB;
  }

  /** Heap and DOM after a full GC: what the console really holds, not garbage awaiting collection. */
  async memoryAfterGC(): Promise<Memory> {
    const from = (await this.mark()).at;
    await this.send(this.cdp.send('HeapProfiler.collectGarbage'), 'HeapProfiler.collectGarbage');
    const heapMB = await this.heapUsedMB();
    const dom = await this.send(this.cdp.send('Memory.getDOMCounters'), 'Memory.getDOMCounters');
    this.gaps.push({ from, to: (await this.mark()).at });
    return { heapMB, nodes: dom.nodes, listeners: dom.jsEventListeners };
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
  longFrames: string;
}

const inWindow = (start: number, a: Mark, b: Mark, gaps: readonly Gap[], duration: number) =>
  start >= a.at && start < b.at && !gaps.some((g) => start < g.to && start + duration > g.from);

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
  const worst = Math.max(...frames.map((f) => f.duration));
  return (
    `${frames.length} long frames (${Math.round(total)} ms, worst ${Math.round(worst)} ms; ` +
    `style/layout/paint ${Math.round(render)} ms; scripts > 5 ms: ${scripts || 'none'})`
  );
}

function figuresBetween(session: Session, a: Mark, b: Mark): WindowFigures {
  if (b.events < a.events || b.frames < a.frames) throw new Error('the page reloaded during a measurement (counters went back)');
  const seconds = (b.at - a.at) / 1000;
  const tasks = session.longTasks.filter((t) => inWindow(t.start, a, b, session.gaps, t.duration));
  const frames = session.longFrames.filter((f) => inWindow(f.start, a, b, session.gaps, f.duration));
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
    longFrames: describeLongFrames(frames),
  };
}

function describe(f: WindowFigures): string {
  return (
    `${Math.round(f.absorbed)} events/s absorbed of ${Math.round(f.offered)} sent (fell behind by ${f.fellBehind}), ${f.fps.toFixed(1)} fps, ` +
    `${f.commits.toFixed(1)} React commits/s, ${f.longTasks} long tasks (worst ${Math.round(f.worstLongTaskMs)} ms); ` +
    f.longFrames
  );
}

function rows(label: string, f: WindowFigures, eventsTarget: string | undefined): BenchResult[] {
  return [
    { name: `${label}: events/s absorbed`, figure: f.absorbed, unit: 'events/s', target: eventsTarget },
    // Sent above absorbed means the page fell behind: the rest queues up on the way to it.
    { name: `${label}: events/s sent by the server`, figure: f.offered, unit: 'events/s' },
    { name: `${label}: long tasks`, figure: f.longTasksPerMin, unit: 'per min', target: '0 from the feed' },
    { name: `${label}: worst long task`, figure: f.worstLongTaskMs, unit: 'ms' },
    { name: `${label}: frames`, figure: f.fps, unit: 'fps' },
    { name: `${label}: React commits`, figure: f.commits, unit: 'per s' },
  ];
}

async function measure(session: Session, ms: number): Promise<WindowFigures> {
  const start = await session.mark();
  await sleep(ms);
  return figuresBetween(session, start, await session.mark());
}

async function soak(session: Session, rate: number, soakMs: number): Promise<BenchResult[]> {
  log(`soak at rate ${rate} for ${soakMs / 1000} s: heap and DOM after a forced GC at start, middle and end (${load()})`);
  const startMemory = await session.memoryAfterGC();
  const start = await session.mark();
  const began = Date.now();
  let middleMemory: Memory | null = null;
  let last = start;
  while (Date.now() - began < soakMs) {
    const elapsed = Date.now() - began;
    await sleep(Math.min(SOAK_PROGRESS_MS, soakMs - elapsed, middleMemory ? Infinity : Math.max(0, soakMs / 2 - elapsed)));
    if (!middleMemory && Date.now() - began >= soakMs / 2) {
      middleMemory = await session.memoryAfterGC();
      log(`soak middle: heap ${middleMemory.heapMB.toFixed(1)} MB after GC, ${middleMemory.nodes} DOM nodes`);
      continue;
    }
    const now = await session.mark();
    const f = figuresBetween(session, last, now);
    last = now;
    log(
      `soak ${Math.round((Date.now() - began) / 1000)} s: ${Math.round(f.absorbed)} events/s, ${f.fps.toFixed(1)} fps, ` +
        `${f.longTasks} long tasks, heap ${(await session.heapUsedMB()).toFixed(1)} MB (no GC), ${load()}`,
    );
  }
  const end = await session.mark();
  const endMemory = await session.memoryAfterGC();
  const middle = middleMemory ?? startMemory;
  const f = figuresBetween(session, start, end);
  log(`soak: ${describe(f)}`);
  log(
    `soak memory after GC: heap ${startMemory.heapMB.toFixed(1)} → ${middle.heapMB.toFixed(1)} → ${endMemory.heapMB.toFixed(1)} MB, ` +
      `DOM nodes ${startMemory.nodes} → ${middle.nodes} → ${endMemory.nodes}, ` +
      `listeners ${startMemory.listeners} → ${middle.listeners} → ${endMemory.listeners}`,
  );
  const label = `firehose soak (rate ${rate}, ${Math.round(f.seconds)} s)`;
  return [
    ...rows(label, f, `≥ ${EVENTS_TARGET}`),
    { name: 'firehose soak heap used at start (after GC)', figure: startMemory.heapMB, unit: 'MB' },
    { name: 'firehose soak heap growth', figure: endMemory.heapMB - startMemory.heapMB, unit: 'MB', target: 'flat after warm-up' },
    { name: 'firehose soak heap growth, second half', figure: endMemory.heapMB - middle.heapMB, unit: 'MB', target: 'flat after warm-up' },
    { name: 'firehose soak DOM nodes growth', figure: endMemory.nodes - startMemory.nodes, unit: 'nodes' },
    { name: 'firehose soak event listeners growth', figure: endMemory.listeners - startMemory.listeners, unit: 'listeners' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const rates = envRates();
  const stepMs = envNumber('BENCH_STEP_SECONDS', 20) * 1000;
  const soakMs = envNumber('BENCH_SOAK_SECONDS', 120) * 1000;
  const topRate = Math.max(...rates);

  const build = await buildConsole(log);
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  let feed: FeedCounter | null = null;
  try {
    server = await startServer(build.dir, {
      ADMIN_KEY,
      SIM: 'on',
      SIM_SEED: String(SIM_SEED),
      SIM_RATE: String(rates[0]),
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // As deployed: the server checks outgoing payloads against the contract only outside
      // production, and that would make it, not the console, the bottleneck at the top rates.
      NODE_ENV: 'production',
    });
    log(`server at ${server.baseURL} (SIM_SEED=${SIM_SEED}, SIM_RATE=${rates[0]})`);
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await installProbe(page);

    await signIn(page, ADMIN_KEY);
    await page.getByRole('region', { name: 'Worker controls' }).waitFor({ timeout: 30_000 });
    const { token, call: api } = await apiAs(server.baseURL, ADMIN_KEY);
    feed = await countFeed(server.baseURL, token);
    const session = new Session(page, await context.newCDPSession(page), feed);
    // Workers running is the dashboard at its busiest: iteration results, checker results, stats.
    await api('POST', '/workers/start', {});
    log('signed in as Admin on the dashboard, workers started');
    await sleep(WARM_UP_MS);

    const results: BenchResult[] = [];
    for (const rate of rates) {
      await api('POST', '/sim/control', { action: 'rate', rate });
      await sleep(SETTLE_MS);
      log(`rate ${rate} (~${rate * 25} events/s offered): measuring ${stepMs / 1000} s… (${load()})`);
      const f = await measure(session, stepMs);
      log(`rate ${rate}: ${describe(f)}`);
      results.push(...rows(`firehose rate ${rate}`, f, rate === topRate ? `≥ ${EVENTS_TARGET} at the top rate` : undefined));
    }

    await api('POST', '/sim/control', { action: 'rate', rate: topRate });
    results.push(...(await soak(session, topRate, soakMs)));
    results.push({ name: 'firehose page errors (console.error, uncaught)', figure: session.errors.length, unit: 'count' });
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
    console.log(`${r.name.padEnd(60)} ${r.figure.toFixed(1).padStart(10)} ${r.unit}${r.target ? `  (target ${r.target})` : ''}`);
  }
}
