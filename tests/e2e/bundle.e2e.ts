/**
 * Bundle budgets (docs/decisions.md "Bundle budgets and lazy chunks"), enforced: the gzipped JS
 * needed to show /login and the home screen after sign-in, and the largest lazy chunk, computed
 * from the build's Vite manifest (bench/lib/bundle.ts, where the budgets live). Byte counts are
 * deterministic, so unlike speed they are asserted. The computed sets are then checked against what
 * Chromium really fetches, so the figures cannot drift from what an operator downloads. Reads the
 * build the browser tests serve (E2E_STATIC_DIR or dist/).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BUNDLE_BUDGETS_KB, bundleFigures, kb, type BundleFigures } from '../../bench/lib/bundle.ts';
import { adminKey, hasChromium, launchBrowser, newSession, signIn } from './browser.ts';

const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const figures: BundleFigures = bundleFigures(staticDir);

const describeSet = (files: readonly string[]) =>
  files.map((f) => `${f} ${kb(figures.chunks.find((c) => c.file === f)?.gzipBytes ?? 0).toFixed(1)} kB`).join(', ');

describe('§2 bundle budgets (gzipped JS, from the Vite manifest)', () => {
  it(`/login needs at most ${BUNDLE_BUDGETS_KB.login} kB`, () => {
    expect(kb(figures.login.gzipBytes), `login set: ${describeSet(figures.login.files)}`).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB.login);
  });

  it(`the home screen after sign-in needs at most ${BUNDLE_BUDGETS_KB.home} kB`, () => {
    expect(kb(figures.home.gzipBytes), `home set: ${describeSet(figures.home.files)}`).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB.home);
  });

  it(`no lazy chunk is over ${BUNDLE_BUDGETS_KB.lazyChunk} kB`, () => {
    expect(kb(figures.largestLazy.gzipBytes), `largest lazy chunk: ${figures.largestLazy.file}`).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB.lazyChunk);
    // The home set contains the login set: signing in never downloads the login screen again.
    expect(figures.home.files).toEqual(expect.arrayContaining(figures.login.files));
  });
});

/** Every script the page requests from the console's own /assets/, as build-relative paths. */
function recordScripts(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.add(pathname.slice(1));
  });
  return fetched;
}

/**
 * Every script of `expected` fetched, however long a loaded machine takes between the waves lazy
 * chunks load in; then no new one for `quietMs`, so one the sets do not have is seen too.
 */
async function settled(fetched: Set<string>, expected: readonly string[], quietMs = 1500): Promise<string[]> {
  await expect.poll(() => expected.filter((file) => !fetched.has(file)), { timeout: 30_000, message: 'scripts not fetched yet' }).toEqual([]);
  let count = -1;
  while (count !== fetched.size) {
    count = fetched.size;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return [...fetched].sort();
}

describe.skipIf(!hasChromium)('§2 bundle budgets: the budgeted sets are the JS Chromium fetches', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/login fetches exactly the login set; the dashboard after sign-in exactly the home set', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    const fetched = recordScripts(page);
    await page.goto('/login');
    await page.getByLabel('Access key').waitFor();
    expect(await settled(fetched, figures.login.files)).toEqual(figures.login.files);

    await signIn(page, adminKey);
    await page.getByRole('region', { name: 'Worker controls' }).waitFor();
    await page.getByRole('button', { name: /^\w+ block \d+$/ }).first().waitFor({ timeout: 15_000 });
    // Then what home loads after its first paint (the Performance card, gas and balances, charts).
    const home = [...figures.home.files, ...figures.homeAfterPaint.files].sort();
    expect(await settled(fetched, home)).toEqual(home);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
