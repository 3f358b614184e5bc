/**
 * Which chart library (docs/decisions.md "uPlot for charts; sparklines as pictures"). Measures
 * @mui/x-charts and uPlot in the same run:
 *
 * - bundle bytes: a throwaway Vite build (one minified IIFE) of a minimal line chart + stacked bar
 *   chart + sparklines with each library (bench/chartLibs/*.entry.ts), gzipped; and the same build
 *   with React, react-dom and MUI's theme only (what the console already ships), so the difference
 *   is what the library adds;
 * - update cost: 22 sparklines of 360 points (an hour at one point every 10 s) in headless
 *   Chromium, fed at 25 and 2,500 events/s for a few seconds, each event appending a point to one
 *   sparkline, dirty sparklines redrawn once per animation frame (as the console does): main-thread
 *   ms spent redrawing per second, frames per second, and event-to-paint p95 (an event's time to the
 *   start of the frame after the one that redrew it, i.e. after its paint). The "no chart" entry
 *   gives the harness's own floor.
 *
 * The console depends on uPlot only; install the other one beside it first, without saving it:
 *
 *   npm install --no-save @mui/x-charts@9.17.0
 *   npm run bench -- chartLibs
 *   BENCH_CHART_SECONDS=5 node --import tsx bench/chartLibs.bench.ts
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { launchChromium } from './lib/liveConsole.ts';
import type { BenchResult } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const LIBS = ['baseline', 'uplot', 'xcharts'] as const;
type Lib = (typeof LIBS)[number];
const LABEL: Record<Lib, string> = { baseline: 'no chart', uplot: 'uPlot 1.6.32', xcharts: '@mui/x-charts 9.17.0' };
const SPARKLINES = 22;
const POINTS = 360;
const RATES = [25, 2500];
const SECONDS = Number(process.env.BENCH_CHART_SECONDS ?? 5);

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

async function buildEntry(lib: Lib, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'error',
    root: here,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: join(here, 'chartLibs', `${lib}.entry.ts`), formats: ['iife'], name: 'chartLibBench', fileName: () => `${lib}.js` },
    },
  });
  const file = readdirSync(outDir).find((f) => f.endsWith('.js'));
  if (!file) throw new Error(`no JS built for ${lib}`);
  return readFileSync(join(outDir, file), 'utf8');
}

interface UpdateFigures {
  redrawMsPerSecond: number;
  fps: number;
  paintP95: number;
  events: number;
}

/** Runs in the page: feeds events, redraws dirty sparklines once per frame, measures. */
function harness(args: { sparklines: number; points: number; rate: number; seconds: number }): Promise<UpdateFigures> {
  const lib = window.chartLib!;
  const root = document.getElementById('root')!;
  const now0 = Date.now() / 1000;
  const series = Array.from({ length: args.sparklines }, (_, s) => ({
    xs: Array.from({ length: args.points }, (_, i) => now0 - (args.points - i) * 10),
    ys: Array.from({ length: args.points }, (_, i) => 100 + 10 * Math.sin((i + s) / 7)),
  }));
  lib.mountSparklines(root, series);
  const pending = new Map<number, number[]>();
  const painted: number[][] = [];
  const latencies: number[] = [];
  let sent = 0;
  let redrawMs = 0;
  let frames = 0;
  const start = performance.now();
  const end = start + args.seconds * 1000;
  return new Promise((resolve) => {
    const feed = setInterval(() => {
      const due = Math.floor(((performance.now() - start) / 1000) * args.rate);
      for (; sent < due; sent++) {
        const s = sent % args.sparklines;
        const target = series[s]!;
        target.xs.push(target.xs[target.xs.length - 1]! + 1);
        target.ys.push(100 + Math.random() * 20);
        target.xs.shift();
        target.ys.shift();
        const list = pending.get(s) ?? [];
        list.push(performance.now());
        pending.set(s, list);
      }
    }, 4);
    const frame = (at: number) => {
      // Events redrawn in the previous frame have been painted by now.
      for (const list of painted) for (const t of list) latencies.push(at - t);
      painted.length = 0;
      if (performance.now() >= end) {
        clearInterval(feed);
        latencies.sort((a, b) => a - b);
        resolve({
          redrawMsPerSecond: redrawMs / args.seconds,
          fps: frames / args.seconds,
          paintP95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
          events: sent,
        });
        return;
      }
      frames++;
      if (pending.size > 0) {
        const dirty = [...pending.keys()];
        const t0 = performance.now();
        lib.redraw(dirty);
        // uPlot commits its draw in a microtask: this one runs after it.
        queueMicrotask(() => {
          redrawMs += performance.now() - t0;
        });
        for (const list of pending.values()) painted.push(list);
        pending.clear();
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

export async function run(): Promise<BenchResult[]> {
  if (!installed('@mui/x-charts')) {
    console.warn('chartLibs: @mui/x-charts is not installed (`npm install --no-save @mui/x-charts@9.17.0`); skipped');
    return [];
  }
  const out = mkdtempSync(join(tmpdir(), 'chart-libs-'));
  const results: BenchResult[] = [];
  try {
    const code = {} as Record<Lib, string>;
    const gz = {} as Record<Lib, number>;
    for (const lib of LIBS) {
      code[lib] = await buildEntry(lib, join(out, lib));
      gz[lib] = gzipSync(code[lib]).length;
    }
    for (const lib of LIBS) {
      results.push({ name: `bundle, minimal line + stacked bars + sparklines: ${LABEL[lib]} (with React + MUI theme)`, figure: gz[lib] / 1000, unit: 'kB gz' });
    }
    const added = (lib: Lib) => (gz[lib] - gz.baseline) / 1000;
    results.push({ name: `bytes the library adds: ${LABEL.uplot}`, figure: added('uplot'), unit: 'kB gz', ratio: added('xcharts') / added('uplot') });
    results.push({ name: `bytes the library adds: ${LABEL.xcharts}`, figure: added('xcharts'), unit: 'kB gz' });

    const browser = await launchChromium();
    try {
      const figures = {} as Record<Lib, Record<number, UpdateFigures>>;
      for (const rate of RATES) {
        for (const lib of LIBS) {
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          await page.setContent('<!doctype html><html><body><div id="root"></div></body></html>');
          // tsx names inner functions with an __name helper the page does not have.
          await page.addScriptTag({ content: 'window.__name = (f) => f;' });
          await page.addScriptTag({ content: code[lib] });
          const f = await page.evaluate(harness, { sparklines: SPARKLINES, points: POINTS, rate, seconds: SECONDS });
          (figures[lib] ??= {})[rate] = f;
          await page.close();
        }
        for (const lib of ['uplot', 'xcharts'] as const) {
          const f = figures[lib][rate]!;
          const other = figures[lib === 'uplot' ? 'xcharts' : 'uplot'][rate]!;
          const tag = `${SPARKLINES} sparklines at ${rate} events/s, ${LABEL[lib]}`;
          results.push({ name: `${tag}: redraw ms per second (${f.events} events)`, figure: f.redrawMsPerSecond, unit: 'ms/s', ratio: lib === 'uplot' ? other.redrawMsPerSecond / f.redrawMsPerSecond : undefined });
          results.push({ name: `${tag}: event-to-paint p95 (no chart: ${figures.baseline[rate]!.paintP95.toFixed(1)} ms)`, figure: f.paintP95, unit: 'ms', ratio: lib === 'uplot' ? other.paintP95 / f.paintP95 : undefined });
          results.push({ name: `${tag}: frames per second`, figure: f.fps, unit: 'fps' });
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const r of await run()) console.log(`${r.name}: ${r.figure.toFixed(1)} ${r.unit}${r.ratio === undefined ? '' : ` (x-charts / uPlot: ${r.ratio.toFixed(1)}x)`}`);
}
