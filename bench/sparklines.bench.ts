/**
 * Home's Gas and balances sparklines under a firehose. The real console and server (simulator at
 * SIM_RATE 100, about 2,500 events/s, block heads stamped with their emit time), Home open in headless
 * Chromium at 1440×900 with the workers running; event-to-paint p95 of the stamped block heads
 * (bench/lib/pageProbe.ts), frames per second and long tasks, with the sparklines and without them
 * (today's console: localStorage "bench:noSparklines"), alternating A/B/A/B in the same run so drift
 * in the machine's load hits both. Target: with sparklines no worse than without. Also the CPU
 * Chromium's processes use per 1,000 events absorbed, which moves far less with the machine's load
 * than the p95 does. Figures are printed, never asserted.
 *
 * Then the same at SIM_RATE 20 (about 500 events/s): a rate the page keeps up with (60 fps) even
 * on a loaded shared machine, where what the sparklines themselves cost shows; at 2,500 events/s
 * on 2 busy cores the page is starved of CPU either way and the p95 moves by seconds between
 * rounds.
 *
 *   npm run bench -- sparklines
 *   BENCH_STEP_SECONDS=10 BENCH_SPARK_ROUNDS=1 BENCH_SPARK_RATES=100 node --import tsx bench/sparklines.bench.ts
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import {
  apiAs, buildConsole, launchChromium, signIn, sleep, startServer, withTimeout, type ApiCall, type ConsoleServer,
} from './lib/liveConsole.ts';
import { installProbe, readProbe } from './lib/pageProbe.ts';
import { NO_SPARKLINES_KEY } from '../src/widgets/NetworkStats/networkHistory.ts';
import type { BenchResult } from './types.ts';

const ADMIN_KEY = 'bench-admin-access-key-0123456789';
/** Simulator rates (about 25 events/s each): 2,500 events/s, then 500. */
const RATES = (process.env.BENCH_SPARK_RATES ?? '100,20').split(',').map(Number);
const CALM_RATE = 5;
const STEP_MS = Number(process.env.BENCH_STEP_SECONDS ?? 15) * 1000;
const ROUNDS = Number(process.env.BENCH_SPARK_ROUNDS ?? 2);
const WARM_UP_MS = 6000;
const log = (line: string) => process.stdout.write(`  sparklines: ${line}\n`);

interface Figures {
  latencies: number[];
  /** CPU seconds Chromium's processes (renderer, GPU, browser) used over the step. */
  cpu: number;
  frames: number;
  events: number;
  longTasks: number;
  seconds: number;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
};

/**
 * CPU seconds used so far by Chromium's processes (CDP SystemInfo.getProcessInfo): unlike the p95 and
 * the frames, the CPU the page's work costs hardly moves with what else runs on the machine.
 */
async function chromiumCpu(browser: Browser): Promise<Map<number, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; cpuTime: number }[] };
    return new Map(processInfo.map((p) => [p.id, p.cpuTime]));
  } finally {
    await cdp.detach();
  }
}

/** CPU seconds between two readings, of the processes alive at both (a closed page's renderer may exit between). */
const cpuBetween = (start: Map<number, number>, end: Map<number, number>) =>
  [...end].reduce((sum, [id, t]) => sum + (start.has(id) ? t - start.get(id)! : 0), 0);

async function measureHome(browser: Browser, server: ConsoleServer, api: ApiCall, rate: number, sparklines: boolean): Promise<Figures> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await installProbe(page);
    await page.addInitScript({ content: sparklines ? `localStorage.removeItem(${JSON.stringify(NO_SPARKLINES_KEY)});` : `localStorage.setItem(${JSON.stringify(NO_SPARKLINES_KEY)}, '1');` });
    // Signed in at a calm rate, then the firehose.
    await api('POST', '/sim/control', { action: 'rate', rate: CALM_RATE });
    await signIn(page, ADMIN_KEY);
    await page.getByRole('region', { name: 'Worker controls' }).waitFor({ timeout: 60_000 });
    const networks = page.getByRole('region', { name: 'Gas and balances' });
    await networks.getByRole('table').waitFor({ timeout: 60_000 });
    await api('POST', '/sim/control', { action: 'rate', rate });
    const sparks = await networks.getByRole('img', { name: /^Gas on / }).count();
    if (sparklines !== sparks > 0) throw new Error(`expected ${sparklines ? 'sparklines' : 'none'}, found ${sparks}`);
    if (sparklines) log(`  ${sparks} networks, ${sparks * 3} sparklines`);
    await sleep(WARM_UP_MS);
    const cpuStart = await chromiumCpu(browser);
    const start = await withTimeout(readProbe(page), 30_000, 'reading the probe');
    await sleep(STEP_MS);
    const end = await withTimeout(readProbe(page), 30_000, 'reading the probe');
    const cpu = cpuBetween(cpuStart, await chromiumCpu(browser));
    const seconds = (end.now - start.now) / 1000;
    return { cpu, latencies: end.paintLatencies, frames: end.frames - start.frames, events: end.events - start.events, longTasks: end.longTasks.length, seconds };
  } finally {
    await context.close();
  }
}

/** A/B/A/B rounds at one simulator rate, merged per mode. */
async function measureRate(browser: Browser, server: ConsoleServer, api: ApiCall, rate: number): Promise<BenchResult[]> {
  const at = `~${(rate * 25).toLocaleString('en-US')} events/s`;
  const all: Record<'with' | 'without', Figures[]> = { with: [], without: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['without', 'with'] as const) {
      log(`${at}, round ${round + 1}, ${mode} sparklines: measuring ${STEP_MS / 1000} s (load ${loadavg()[0]?.toFixed(1)})`);
      const f = await measureHome(browser, server, api, rate, mode === 'with');
      log(`  ${Math.round(f.events / f.seconds)} events/s, p95 ${Math.round(p95(f.latencies))} ms over ${f.latencies.length} paints, ${(f.frames / f.seconds).toFixed(1)} fps, ${f.longTasks} long tasks, Chromium CPU ${Math.round((f.cpu / f.seconds) * 1000)} ms/s`);
      all[mode].push(f);
    }
  }
  const merged = (mode: 'with' | 'without') => {
    const fs = all[mode];
    const seconds = fs.reduce((s, f) => s + f.seconds, 0);
    return {
      p95: p95(fs.flatMap((f) => f.latencies)),
      fps: fs.reduce((s, f) => s + f.frames, 0) / seconds,
      eventsPerSecond: fs.reduce((s, f) => s + f.events, 0) / seconds,
      longTasksPerMin: (fs.reduce((s, f) => s + f.longTasks, 0) / seconds) * 60,
      cpuPerKiloEvent: (fs.reduce((s, f) => s + f.cpu, 0) * 1000) / (fs.reduce((s, f) => s + f.events, 0) / 1000),
    };
  };
  const withS = merged('with');
  const without = merged('without');
  return [
    { name: `Home at ${at} without sparklines: event-to-paint p95`, figure: without.p95, unit: 'ms' },
    { name: `Home at ${at} with each network's sparklines: event-to-paint p95`, figure: withS.p95, unit: 'ms', target: 'no worse than without', ratio: without.p95 / withS.p95 },
    { name: `${at} without sparklines: frames`, figure: without.fps, unit: 'fps' },
    { name: `${at} with sparklines: frames`, figure: withS.fps, unit: 'fps', ratio: withS.fps / without.fps },
    { name: `${at} without sparklines: events absorbed`, figure: without.eventsPerSecond, unit: 'events/s' },
    { name: `${at} with sparklines: events absorbed`, figure: withS.eventsPerSecond, unit: 'events/s' },
    { name: `${at} without sparklines: long tasks`, figure: without.longTasksPerMin, unit: 'per min' },
    { name: `${at} with sparklines: long tasks`, figure: withS.longTasksPerMin, unit: 'per min' },
    { name: `${at} without sparklines: Chromium CPU per 1,000 events`, figure: without.cpuPerKiloEvent, unit: 'ms' },
    { name: `${at} with sparklines: Chromium CPU per 1,000 events`, figure: withS.cpuPerKiloEvent, unit: 'ms', ratio: without.cpuPerKiloEvent / withS.cpuPerKiloEvent },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const build = await buildConsole(log);
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer(build.dir, {
      ADMIN_KEY, SIM: 'on', SIM_SEED: '4242', SIM_RATE: String(CALM_RATE), SIM_BENCH_STAMP: 'on', LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn', NODE_ENV: 'production',
    });
    browser = await launchChromium();
    const { call: api } = await apiAs(server.baseURL, ADMIN_KEY);
    await api('POST', '/workers/start', {});
    const results: BenchResult[] = [];
    for (const rate of RATES) results.push(...(await measureRate(browser, server, api, rate)));
    return results;
  } finally {
    if (browser) await withTimeout(browser.close(), 15_000, 'closing Chromium').catch((err: unknown) => log(String(err)));
    if (server) await server.stop();
    build.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) {
    console.log(`${r.name.padEnd(72)} ${r.figure.toFixed(1).padStart(8)} ${r.unit}${r.ratio === undefined ? '' : `  (without/with ${r.ratio.toFixed(2)}x)`}`);
  }
}
