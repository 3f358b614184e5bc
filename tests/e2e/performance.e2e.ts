/**
 * Home's Performance card (docs/protocol.md "Stats") and network sparklines against the real
 * reference server and its simulator: Home's Performance card shows the period's figures as GET
 * /api/stats/trades answers them, follows a new trade within a few seconds, and is gone (one line
 * says why, no error toast) when the stats answer 404; the Gas and balances table has each
 * network's sparklines with their text alternative. Screenshots of Home in both themes at 1440×900
 * and 390×844 (SCREENSHOTS=dir), the phone without sideways scroll.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERFORMANCE_PERIOD } from '../../src/config/performance.ts';
import { periodRange } from '../../src/domain/performance.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, type Api } from './browser.ts';

interface Totals {
  trades: number;
  completed: number;
  failed: number;
  profit: number;
}

/** The card's 24 h period now: whole hours, so it moves on an hour when one begins. */
function periodNow(): { from: number; to: number } {
  const { ms, bucketMs } = PERFORMANCE_PERIOD['24h'];
  return periodRange(Date.now(), ms, bucketMs);
}

/** GET /api/stats/trades for the card's 24 h period, as the card asks it, or from an earlier start. */
async function apiTotals(since?: number): Promise<Totals> {
  const api = await apiAs(operatorKey);
  const { bucket } = PERFORMANCE_PERIOD['24h'];
  const { from: periodFrom, to } = periodNow();
  const from = since ?? periodFrom;
  const answer = await api('GET', `/stats/trades?from=${from}&to=${to}&bucket=${bucket}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { totals: Totals }).totals;
}

const figure = (card: Locator, term: string) => card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const number = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

async function cardFigures(card: Locator): Promise<Totals> {
  return {
    trades: number(await figure(card, 'Trades').innerText()),
    completed: 0,
    failed: number(await figure(card, 'Failures').innerText()),
    profit: number(await figure(card, 'Profit').innerText()),
  };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(!hasChromium)('Stats (protocol): Home Performance card and network sparklines', () => {
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // The simulator quiet: the one trade is the test's, and no failure of its own (a trade, an
    // operator's tx) puts an error toast on the pages here.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await browser?.close();
  });

  it('Stats (protocol): the card shows the 24 h figures the API answers, and a new trade changes them within seconds; sparklines with their text alternative', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    const card = page.getByRole('region', { name: 'Performance' });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => figure(card, 'Trades').innerText(), { timeout: 15_000 }).not.toBe('…');

    // The figures the API answers for the same period (polled: a trade may land between the two reads).
    await expect
      .poll(async () => {
        const [shown, api] = [await cardFigures(card), await apiTotals()];
        return shown.trades === api.trades && shown.failed === api.failed && Math.abs(shown.profit - api.profit) < 0.01;
      }, { timeout: 15_000, interval: 1000 })
      .toBe(true);
    const before = await cardFigures(card);
    // The period the card showed them for (it only moves on, when an hour begins).
    const beforeFrom = periodNow().from;
    const rate = await figure(card, 'Success rate').innerText();
    expect(rate).toMatch(/^(–|\d+(\.\d)?%)$/);

    // Charts with their text alternative, and their figures in a table tools can read.
    await expect.poll(() => card.getByRole('img', { name: 'Cumulative profit over the last 24 h' }).count(), { timeout: 15_000 }).toBe(1);
    const description = await card.getByRole('img', { name: 'Cumulative profit over the last 24 h' }).getAttribute('aria-describedby');
    expect(await page.locator(`[id="${description}"]`).innerText()).toMatch(/^Profit over the last 24 h: .* over \d+ trades?, /);
    expect(await card.getByRole('table', { name: /^Trades per hour/ }).locator('tbody tr').count()).toBe(24);

    // A trade now (the simulator starts one only while the workers run): counted in the current bucket
    // within a few seconds, matching the API again. It completes: a failure's error toast would reach
    // the next test's page, which must show none.
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    try {
      await expect.poll(async () => (await admin('POST', '/sim/control', { action: 'trade', fail: false })).status, { timeout: 15_000, interval: 1000 }).toBe(200);
    } finally {
      await admin('POST', '/workers/stop');
    }
    // The trade is counted: over the period the card showed before, the API's count grew.
    await expect.poll(async () => (await apiTotals(beforeFrom)).trades, { timeout: 10_000, interval: 500 }).toBeGreaterThan(before.trades);
    await expect
      .poll(async () => (await cardFigures(card)).trades === (await apiTotals()).trades, { timeout: 10_000, interval: 1000 })
      .toBe(true);
    // Within the same hour the card's count grew with it. When an hour began meanwhile, the 24 h
    // dropped their oldest hour and the count may have fallen; matching the API says it followed.
    if (periodNow().from === beforeFrom) expect((await cardFigures(card)).trades).toBeGreaterThan(before.trades);

    // The period switch asks for the 7 days.
    const asked = page.waitForRequest((r) => r.url().includes('/api/stats/trades') && /from=\d+/.test(r.url()) && r.url().includes('bucket=hour'));
    await card.getByRole('button', { name: '7 d', exact: true }).click();
    const url = new URL((await asked).url());
    expect(Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'))).toBe(PERFORMANCE_PERIOD['7d'].ms);
    await card.getByRole('img', { name: 'Cumulative profit over the last 7 days' }).waitFor({ timeout: 10_000 });

    // Each network's sparklines, named and described.
    const networks = page.getByRole('region', { name: 'Gas and balances' });
    const gas = networks.getByRole('img', { name: /^Gas on Ethereum, last hour: (now .*over the last \d+ min|no data yet)$/ });
    await gas.waitFor({ timeout: 15_000 });
    await expect.poll(() => networks.getByRole('img', { name: /^Balance on \w+, last hour/ }).count()).toBeGreaterThan(3);
    await expect.poll(() => networks.getByRole('img', { name: /^Block interval on \w+, last hour/ }).count()).toBeGreaterThan(3);
    // A sparkline redraw costs no more than the table without them: each chart is laid out and
    // painted apart from the table (CSS containment, its size fixed), so a row's figures changing
    // do not make the table lay out every chart's canvas and wrappers again (bench/sparklines.bench.ts).
    const contain = await networks.locator('[data-sparkline]').evaluateAll((els) => els.map((el) => getComputedStyle(el).contain));
    expect(contain.length).toBeGreaterThan(9);
    expect(new Set(contain)).toEqual(new Set(['strict']));
    // ...and each line is a picture that changes only when its line does, not a canvas of its own:
    // with canvases, Chromium would snapshot every one of the 30 each time the table repaints.
    expect(await networks.locator('[data-sparkline] canvas').count()).toBe(0);
    const pictures = networks.locator('[data-sparkline] img[alt=""][aria-hidden="true"]:not([hidden])');
    await expect.poll(() => pictures.count(), { timeout: 30_000 }).toBeGreaterThan(9);
    const drawn = await pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    expect(drawn.every(Boolean)).toBe(true);
    await expect.poll(() => networks.getByText(/^\$[\d,.]+/).first().count()).toBe(1);

    await screenshot(page, 'home-performance-1440-light');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Stats (protocol): with /api/stats answering 404 the card is gone, one line says why, and no error toast appears', async () => {
    const { page, context, pageErrors } = await newSession(browser, 'dark');
    const stats: string[] = [];
    await page.route('**/api/stats/**', async (route) => {
      stats.push(route.request().url());
      await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'not found' }) });
    });
    await signIn(page, operatorKey);
    await page.getByText(/^Performance: this server does not provide trade statistics/).waitFor({ timeout: 20_000 });
    expect(stats.some((u) => u.includes('/api/stats/trades'))).toBe(true);
    expect(await page.getByRole('region', { name: 'Performance' }).count()).toBe(0);
    // The sparklines follow the socket alone, and say so.
    const networks = page.getByRole('region', { name: 'Gas and balances' });
    await networks.getByText('This server keeps no history: the lines start when this page opened.').waitFor({ timeout: 15_000 });
    await networks.getByRole('img', { name: /^Gas on \w+, last hour/ }).first().waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator('[data-toast-variant="error"]').count()).toBe(0);
    // The page still answers.
    await page.getByRole('region', { name: 'Worker controls' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Stats (protocol): Home with the card in both themes at 1440×900 and 390×844, no sideways scroll on the phone', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context, pageErrors } = await newSession(browser, scheme);
      await signIn(page, operatorKey);
      const card = page.getByRole('region', { name: 'Performance' });
      await card.getByRole('img', { name: 'Cumulative profit over the last 24 h' }).waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Gas and balances' }).getByRole('img', { name: /^Gas on / }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, `home-1440-${scheme}`);
      // Reloaded at phone size: narrowing a signed-in page from desktop width leaves the content
      // aria-hidden (the layout's own matter, not this card's).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await card.waitFor({ timeout: 20_000 });
      await expect.poll(() => card.getByRole('img', { name: 'Cumulative profit over the last 24 h' }).count()).toBe(1);
      await page.getByRole('region', { name: 'Gas and balances' }).getByRole('img', { name: /^Gas on / }).first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      expect(await noSidewaysScroll(page)).toBe(true);
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await screenshot(page, `home-390-${scheme}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});
