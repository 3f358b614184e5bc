/**
 * Time to a usable dashboard: headless Chromium against the local reference server with its
 * simulator, from navigation start to the worker controls showing the workers' state and at least
 * one block head painted. Measured on reloads of / with the stored session (signed in once through
 * the real login form and splash, which shows once per tab, so reloads go straight to the
 * dashboard), median of BENCH_LOAD_RUNS (default 7) each with the HTTP cache disabled (a first
 * visit's downloads) and enabled (an operator's daily reload). The sign-in path itself is not timed.
 * Builds the console into a temporary folder itself (works from a fresh clone after `npm ci`).
 *
 *   npm run bench -- dashboardLoad
 */
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { apiAs, buildConsole, launchChromium, signIn, sleep, startServer, withTimeout, type ConsoleServer } from './lib/liveConsole.ts';
import { BLOCK_HEAD_CLASS } from '../src/widgets/BlockHeads/BlockHeadButton.tsx';
import type { BenchResult } from './types.ts';

const ADMIN_KEY = 'bench-admin-access-key-0123456789';
const USABLE_TIMEOUT_MS = 60_000;
const log = (line: string) => process.stdout.write(`  dashboardLoad: ${line}\n`);

/**
 * In the page from its first script: the first frame painted after the dashboard became usable,
 * in ms since navigation start (a message posted from requestAnimationFrame runs after that frame).
 */
const USABLE_PROBE = `(() => {
  const usable = () => {
    const badge = document.querySelector('section[aria-label="Worker controls"] [aria-label^="Workers "]');
    const known = badge && !badge.getAttribute('aria-label').includes('unknown');
    return Boolean(known && document.querySelector('.${BLOCK_HEAD_CLASS}'));
  };
  const observer = new MutationObserver(() => {
    if (window.__usableAt !== undefined || !usable()) return;
    window.__usableAt = null;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__usableAt = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
})();`;

/** Polls with page.evaluate: the console's CSP forbids the eval behind waitForFunction(string). */
async function usableIn(page: Page): Promise<void> {
  const deadline = Date.now() + USABLE_TIMEOUT_MS;
  while ((await page.evaluate('typeof window.__usableAt === "number"')) !== true) {
    if (Date.now() > deadline) throw new Error(`the dashboard was not usable within ${USABLE_TIMEOUT_MS} ms`);
    await sleep(50);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Load {
  usableMs: number;
  domContentLoadedMs: number;
}

export async function run(): Promise<BenchResult[]> {
  const runs = Number(process.env.BENCH_LOAD_RUNS ?? 7);
  const build = await buildConsole(log);
  let server: ConsoleServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer(build.dir, { ADMIN_KEY, SIM: 'on', SIM_SEED: '4242', LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    const { call } = await apiAs(server.baseURL, ADMIN_KEY);
    await call('POST', '/workers/start', {});
    browser = await launchChromium();

    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN_KEY);
    await page.addInitScript({ content: USABLE_PROBE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');

    const measure = async (cache: 'cold' | 'warm'): Promise<Load[]> => {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: cache === 'cold' });
      const loads: Load[] = [];
      for (let i = 0; i < runs; i += 1) {
        await page.reload({ waitUntil: 'commit' });
        await usableIn(page);
        const load = (await withTimeout(
          page.evaluate(`({ usableMs: window.__usableAt, domContentLoadedMs: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd })`),
          10_000,
          'reading the load timings',
        )) as Load;
        loads.push(load);
        log(`${cache} cache run ${i + 1}: usable at ${Math.round(load.usableMs)} ms (DOMContentLoaded ${Math.round(load.domContentLoadedMs)} ms)`);
        await sleep(500);
      }
      return loads;
    };
    const cold = await measure('cold');
    const warm = await measure('warm');
    await context.close();
    return [
      { name: `dashboard: navigation to usable, reload, cold cache (median of ${runs})`, figure: median(cold.map((l) => l.usableMs)), unit: 'ms' },
      { name: 'dashboard: navigation to usable, reload, cold cache, slowest', figure: Math.max(...cold.map((l) => l.usableMs)), unit: 'ms' },
      { name: `dashboard: navigation to usable, reload, warm cache (median of ${runs})`, figure: median(warm.map((l) => l.usableMs)), unit: 'ms' },
      { name: 'dashboard: navigation to DOMContentLoaded, cold cache (median)', figure: median(cold.map((l) => l.domContentLoadedMs)), unit: 'ms' },
    ];
  } finally {
    if (browser) await withTimeout(browser.close(), 15_000, 'closing Chromium').catch((err: unknown) => log(String(err)));
    if (server) await server.stop();
    build.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) console.log(`${r.name.padEnd(72)} ${r.figure.toFixed(0).padStart(8)} ${r.unit}`);
}
