/**
 * Trades as journeys (docs/protocol.md "Trades", the console's extension) in Chromium against the
 * reference server: a trade whose bridge step is slow turns stuck live in the list and on home, its
 * page shows the stuck step, and Refund opens /tx/new with the trade filled in, still to be
 * confirmed (§7); an Operator gets no operations (§2, §6); a backend answering GET /api/trades/ 404
 * gets no Trades.
 *
 * This file runs its OWN reference server: no demo history (DEMO_TXS=0), so no seeded trade is stuck
 * beside the one made here, and a step counts as stuck after 9 s (STUCK_FLOOR_MS) instead of a minute: longer
 * than a whole ordinary simulated trade (2 to 8 s), so only the slow step here gets stuck.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/serverProcess.ts';
import { adminKey, apiAt, hasChromium, launchBrowser, operatorKey, screenshot, signIn, type Api, type Session, stillAnswers } from './browser.ts';

async function ok(response: Promise<Response>): Promise<unknown> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer.json();
}

describe.skipIf(!hasChromium)('Trades (protocol): the Trades screens and home\'s Stuck trades against the reference server', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];
  /** The trade made stuck by the first test, shown to the Operator by the second. */
  let stuckTradeId = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-trades-e2e-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_KEY: adminKey,
      OPERATOR_KEY: operatorKey,
      LOGIN_RATE_LIMIT: '1000',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      DEMO_TXS: '0',
      STUCK_FLOOR_MS: '9000',
      STUCK_CHECK_MS: '250',
    });
    browser = await launchBrowser();
    admin = await apiAt(server.url, adminKey);
    // Quiet, the simulator starts no trade of its own: the one trade here is the only one there is.
    await ok(admin('POST', '/sim/control', { action: 'quiet', quiet: true }));
  });

  afterAll(async () => {
    for (const s of sessions) await s.context.close();
    await browser?.close();
    await stopServerProcess(server?.child);
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  });

  async function session(theme: 'light' | 'dark' = 'light'): Promise<Session> {
    const context = await browser.newContext({ baseURL: server?.url, viewport: { width: 1440, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const made = { context, page, pageErrors };
    sessions.push(made);
    return made;
  }

  /**
   * A trade whose Bridge step takes minutes; the workers stop again after it. It must not fail (by
   * default the simulator fails 15% of trades at random), or it ends before its Bridge step and is
   * never stuck.
   */
  async function slowBridgeTrade(): Promise<string> {
    await ok(admin('POST', '/workers/start'));
    const { tradeId } = (await ok(admin('POST', '/sim/control', { action: 'trade', slowStep: 'Bridge', fail: false }))) as { tradeId: string };
    await ok(admin('POST', '/workers/stop'));
    return tradeId;
  }

  async function whenStuck(tradeId: string): Promise<void> {
    await expect
      .poll(async () => ((await ok(admin('GET', `/trades/${encodeURIComponent(tradeId)}`))) as { state: string }).state, { timeout: 40_000 })
      .toBe('stuck');
  }

  it('Trades (protocol), §2: a slow bridge step turns the trade stuck in the open list (live) and on home, above the fold at 1280×800; its page shows the stuck step; §7 Refund opens /tx/new with the trade filled in, still asking Yes/No', async () => {
    const { page, pageErrors } = await session();
    await signIn(page, adminKey);
    // The list is open before the trade starts: it must turn stuck there without a reload.
    // A resource's item says its unseen changes in its name ("Trades, 3 new changes").
    await page.getByRole('menuitem', { name: /^Trades(,|$)/ }).click();
    await page.getByRole('heading', { name: 'Trades', level: 1 }).waitFor();
    const tradeId = await slowBridgeTrade();
    stuckTradeId = tradeId;
    const row = page.getByRole('row').filter({ has: page.getByTitle(tradeId, { exact: true }) });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.getByText('stuck', { exact: true }).count(), { timeout: 40_000 }).toBe(1);
    await screenshot(page, 'trades-list-stuck');

    // Home: the count and the trade among the oldest stuck ones, a link to its page.
    await page.getByRole('menuitem', { name: 'Home' }).click();
    const panel = page.getByRole('region', { name: 'Stuck trades' });
    await expect.poll(() => panel.getByRole('link', { name: /^\d+ stuck$/ }).count(), { timeout: 15_000 }).toBe(1);
    const item = panel.getByRole('list', { name: 'Oldest stuck trades' }).getByRole('listitem').filter({ has: page.locator(`a[href="/tx/trades/${tradeId}"]`) });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    // The bridge step's number depends on the route (an approval may come first): the server says where it is.
    const detail = (await ok(admin('GET', `/trades/${encodeURIComponent(tradeId)}`))) as { currentStep: number; steps: { txType: string }[] };
    expect(detail.steps[detail.currentStep]?.txType).toBe('Bridge');
    await expect(item.textContent()).resolves.toMatch(new RegExp(`^\\S+ \\w+ → \\w+, step ${detail.currentStep + 1} pending for \\d+ (s|min)$`));
    const link = item.getByRole('link');
    // Home is ordered by urgency: at 1280×800, unscrolled, the stuck trade shows whole on the first
    // screen, above the routine figures.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => item.evaluate((el) => Math.round(el.getBoundingClientRect().bottom))).toBeLessThanOrEqual(800);
    expect(await item.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'trades-home-stuck');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The trade's page: why it is stuck, and the stuck step in the journey, current.
    await link.click();
    await page.waitForURL((url) => url.pathname === `/tx/trades/${tradeId}`);
    const why = page.getByRole('alert', { name: 'Why it is stuck' });
    await expect.poll(() => why.count(), { timeout: 15_000 }).toBe(1);
    await expect(why.textContent()).resolves.toMatch(new RegExp(`^Stuck at step ${detail.currentStep + 1}, Bridge on \\w+: pending for .+ of ≈ .+, over by .+\\.$`));
    const journey = page.getByRole('list', { name: `Journey of trade ${tradeId}` });
    const current = journey.locator('li[aria-current="step"]');
    // (Its text starts with the network icon's letters, hidden from screen readers.)
    // A trade under way does not know its later steps yet: "Step N", not "of M".
    await expect(current.textContent()).resolves.toMatch(new RegExp(`Step ${detail.currentStep + 1}: Bridge on \\w+ \\(buy side\\) stuck current stepPending for .+, over by `));
    // The steps sent so far: those that completed (the Swap, an approval where the route has one), and the Bridge.
    expect(await journey.getByRole('listitem').count()).toBe(detail.steps.length);
    await expect(journey.getByRole('listitem').first().textContent()).resolves.toMatch(new RegExp(`Step 1: ${detail.steps[0]?.txType} on \\w+ \\(buy side\\) completedTook `));
    await expect(journey.getByRole('listitem').first().getByRole('link', { name: /^Tx 0x[0-9a-f]{6}…[0-9a-f]{6} on \S+ \(opens a new tab\)$/ }).count()).resolves.toBe(1);
    await screenshot(page, 'trades-page-stuck');

    // §7 refund, one click away: the form filled in, and still confirmed.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/txs/')) posted.push(request.url());
    });
    await page.getByRole('link', { name: 'Refund…' }).click();
    await page.waitForURL((url) => url.pathname === '/tx/new' && url.searchParams.get('op') === 'refund');
    await page.getByRole('tab', { name: 'Refund', selected: true }).waitFor();
    const form = page.getByRole('form', { name: 'Refund form' });
    await expect(form.getByRole('textbox', { name: 'Trade id (or a Tx id)' }).inputValue()).resolves.toBe(tradeId);
    await expect(form.getByRole('textbox', { name: 'Tx id (or a Trade id)' }).inputValue()).resolves.toBe('');
    await expect(form.getByRole('textbox', { name: 'Reason (optional)' }).inputValue()).resolves.toMatch(new RegExp(`^Stuck at step ${detail.currentStep + 1}, Bridge on `));
    await screenshot(page, 'trades-refund-prefilled');
    await form.getByRole('button', { name: 'Refund…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm: Refund' });
    await expect(confirm.textContent()).resolves.toContain(`Refund trade ${tradeId} (reason: Stuck at step ${detail.currentStep + 1}`);
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(posted).toEqual([]);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('§2 §6 an Operator sees the stuck trade and why, but no operation links (/tx/new is for Admins)', async () => {
    if (stuckTradeId === '') {
      stuckTradeId = await slowBridgeTrade();
      await whenStuck(stuckTradeId);
    }
    const { page, pageErrors } = await session('dark');
    await signIn(page, operatorKey);
    await page.goto(`/tx/trades/${stuckTradeId}`);
    await expect.poll(() => page.getByRole('alert', { name: 'Why it is stuck' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('list', { name: `Journey of trade ${stuckTradeId}` }).waitFor();
    expect(await page.getByRole('region', { name: 'Operations on this trade' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^(Refund|Force again|Unlock nonce|Manual|Edit sell)/ }).count()).toBe(0);
    await screenshot(page, 'trades-page-operator-dark');
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('a failed trade\'s page: the steps skipped after the failure read "Not sent", with no hash and no link; the step that failed keeps its own', async () => {
    await ok(admin('POST', '/workers/start'));
    const { tradeId } = (await ok(admin('POST', '/sim/control', { action: 'trade', failStep: 'Swap' }))) as { tradeId: string };
    await ok(admin('POST', '/workers/stop'));
    await expect
      .poll(async () => ((await ok(admin('GET', `/trades/${encodeURIComponent(tradeId)}`))) as { state: string }).state, { timeout: 30_000 })
      .toBe('failed');
    const detail = (await ok(admin('GET', `/trades/${encodeURIComponent(tradeId)}`))) as { steps: { txType: string; status: string; hash?: string }[] };
    const skipped = detail.steps.filter((step) => step.status === 'skip');
    expect(skipped.length).toBeGreaterThan(0);
    // The backend itself keeps no hash on what it never sent.
    expect(skipped.filter((step) => step.hash !== undefined)).toEqual([]);

    const { page, pageErrors } = await session();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, adminKey);
    await page.goto(`/tx/trades/${tradeId}`);
    await expect.poll(() => page.getByRole('alert', { name: 'Why it failed' }).count(), { timeout: 15_000 }).toBe(1);
    const items = page.getByRole('list', { name: `Journey of trade ${tradeId}` }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(detail.steps.length);
    for (const [i, step] of detail.steps.entries()) {
      const item = items.nth(i);
      if (step.status === 'skip') {
        await expect(item.textContent()).resolves.toContain('Not sent: an earlier step failed');
        expect(await item.getByRole('link').count(), `step ${i + 1}`).toBe(0);
        await expect(item.textContent()).resolves.not.toMatch(/0x[0-9a-f]{6}…|No hash yet/);
      }
    }
    const failed = items.nth(detail.steps.findIndex((step) => step.status === 'failed'));
    expect(await failed.getByRole('link', { name: /^Transaction page of step / }).count()).toBe(1);
    await screenshot(page, 'trades-page-failed-skipped');
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('Trades (protocol): a backend answering GET /api/trades/ 404 has no Trades: no menu item, no Stuck trades on home, and /tx/trades says so plainly', async () => {
    await ok(admin('POST', '/sim/control', { action: 'refuse', method: 'GET', path: '/api/trades/', status: 404, error: 'not found', times: 100 }));
    try {
      const { page, pageErrors } = await session();
      await signIn(page, operatorKey);
      await page.getByRole('region', { name: 'Worker controls' }).waitFor();
      const trades = page.getByRole('menuitem', { name: /^Trades(,|$)/ });
      await expect.poll(() => trades.count(), { timeout: 15_000 }).toBe(0);
      expect(await page.getByRole('menuitem', { name: /^Transactions(,|$)/ }).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Stuck trades' }).count()).toBe(0);
      await screenshot(page, 'trades-404-home');

      await page.goto('/tx/trades');
      await expect
        .poll(() => page.getByText('This backend does not provide trades.', { exact: false }).count(), { timeout: 15_000 })
        .toBe(1);
      await page.getByRole('heading', { name: 'Trades', level: 1 }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      await expect.poll(() => trades.count(), { timeout: 15_000 }).toBe(0);
      await screenshot(page, 'trades-404-list');
      await stillAnswers(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await ok(admin('POST', '/sim/control', { action: 'refuse', method: 'GET', path: '/api/trades/', status: 404, error: 'not found', times: 0 }));
    }
  });
});
