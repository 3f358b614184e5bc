/**
 * The Analytics screen (§2 /analytics, docs/protocol.md "Stats") in Chromium against the reference
 * server (its seeded history and live simulator): the Analytics screen shows the figures GET
 * /api/stats/trades answered it, a range choice asks the stats for that range, a row opens
 * /tx/trades filtered to its group, and a backend answering the stats 404 gets one sentence on the
 * screen and no toast. One Operator session; screenshots of both themes at 1440×900 and 390×844
 * (SCREENSHOTS=dir).
 */
import type { Page, Response as PwResponse } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TradeJourney, TradeStatsResponse } from '../../src/contract/index.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, type Api, type Session, stillAnswers } from './browser.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero', maximumFractionDigits: 2, minimumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US');

/** The page's own request of the stats grouped by `group`, and its answer. */
function statsAnswer(page: Page, group: string): Promise<PwResponse> {
  return page.waitForResponse((r) => r.url().includes('/api/stats/trades?') && new URL(r.url()).searchParams.get('groupBy') === group, { timeout: 30_000 });
}

describe.skipIf(!hasChromium)('§2 the Analytics screen against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    session = await newSession(browser);
  }, 90_000);

  afterAll(async () => {
    await session?.context.close();
    await browser?.close();
  });

  it('Stats (protocol): Analytics shows the figures the stats answered, by token, bridge, route and error code, its axis labels whole on a phone; 30 d asks for 30 days by day; a custom range asks for what was typed', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = session;
    await signIn(page, operatorKey);
    const byToken = statsAnswer(page, 'token');
    const byCode = statsAnswer(page, 'errCode');
    await page.getByRole('menuitem', { name: /^Analytics$/ }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const tokenResponse = await byToken;
    const tokens = TradeStatsResponse.parse(await tokenResponse.json());
    const asked = new URL(tokenResponse.url()).searchParams;
    expect(asked.get('bucket')).toBe('hour');
    expect(Number(asked.get('to')) - Number(asked.get('from'))).toBe(24 * 3_600_000);

    // The period's figures, as the stats answered them.
    const period = page.getByRole('region', { name: 'The period' });
    await period.waitFor();
    const figure = (term: string) => period.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(await figure('Trades').textContent()).toBe(whole.format(tokens.totals.trades));
    expect(await figure('Profit').textContent()).toBe(usd.format(tokens.totals.profit));
    expect(tokens.totals.trades).toBeGreaterThan(0);

    // Every token's row says the trades and profit of its group.
    const tokenTable = page.getByRole('table', { name: 'By token' });
    await tokenTable.waitFor();
    for (const group of tokens.groups ?? []) {
      const row = tokenTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: group.key, exact: true }) });
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells[0], group.key).toBe(whole.format(group.trades));
      expect(cells.at(-1), group.key).toBe(usd.format(group.profit));
    }
    // The chart beside it says what it shows, to screen readers: not as prose repeating the table.
    const chart = page.getByRole('img', { name: 'By token: trades, completed against failed' });
    const describedBy = (await chart.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toBeTruthy();
    const description = page.locator(`[id="${describedBy}"]`);
    expect(await description.textContent()).toMatch(/^By token over the last 24 h: /);
    const box = await description.boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0), 'the text alternative takes no room on screen').toBeLessThanOrEqual(1);

    // At 1280 every table fits its card: nothing to scroll sideways, the Profit column whole.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(() =>
        page.locator('section table').evaluateAll((tables) =>
          tables
            // Shown tables only (a chart's table for screen readers is hidden in a 1 px box).
            .filter((t) => (t.parentElement?.clientWidth ?? 0) > 1 && t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1)
            .map((t) => `${t.closest('section')?.querySelector('h2')?.textContent ?? '?'}: ${t.scrollWidth} in ${t.parentElement?.clientWidth ?? 0}`),
        ),
      )
      .toEqual([]);
    await screenshot(page, 'analytics-light-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Error codes with their §8 message.
    const codes = TradeStatsResponse.parse(await (await byCode).json());
    for (const group of (codes.groups ?? []).slice(0, 3)) {
      expect(await page.getByRole('table', { name: 'By error code' }).getByRole('rowheader', { name: new RegExp(`^${group.key}: \\S`) }).count()).toBe(1);
    }
    for (const name of ['By bridge', 'By route']) await page.getByRole('table', { name }).waitFor();

    // Sorting a column re-orders the rows: by profit, largest first.
    await tokenTable.getByRole('button', { name: 'Profit' }).click();
    const sortedProfits = [...(tokens.groups ?? [])].sort((a, b) => b.profit - a.profit).map((g) => usd.format(g.profit));
    await expect.poll(async () => (await tokenTable.getByRole('row').allTextContents()).length).toBe(sortedProfits.length + 1);
    const shownProfits = await tokenTable.locator('tbody tr td:last-child').allTextContents();
    expect(shownProfits).toEqual(sortedProfits);

    for (const [theme, scheme] of [['light', 'light'], ['dark', 'dark']] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, `analytics-${theme}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(1500);
      await screenshot(page, `analytics-${theme}-390`);
      // Axis labels are whole: no chart draws into its canvas's last columns, where a time label
      // centred on the last tick was cut ("4pm" read "4pn" on a phone).
      const inkAtRightEdge = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLCanvasElement>('.uplot canvas')].flatMap((canvas, i) => {
          const ctx = canvas.getContext('2d');
          if (!ctx || canvas.width < 4 || canvas.height < 4) return [];
          const { data } = ctx.getImageData(canvas.width - 3, 0, 3, canvas.height);
          let inked = 0;
          for (let a = 3; a < data.length; a += 4) if ((data[a] ?? 0) > 0) inked += 1;
          return inked > 0 ? [`chart ${i + 1}: ${inked} pixels drawn in its last 3 columns`] : [];
        }),
      );
      expect(inkAtRightEdge).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });

    const month = statsAnswer(page, 'token');
    await page.getByRole('button', { name: '30 d' }).click();
    const monthAsked = new URL((await month).url()).searchParams;
    expect(monthAsked.get('bucket')).toBe('day');
    expect(Number(monthAsked.get('to')) - Number(monthAsked.get('from'))).toBe(30 * 86_400_000);

    // A custom range, typed in the header's zone (UTC here): the stats are asked for exactly the
    // typed span (its end minute whole), by the hour up to a week; an end before the start is named
    // and asks nothing.
    await page.getByRole('group', { name: 'Time zone' }).getByRole('button', { name: 'UTC', exact: true }).click();
    await page.getByRole('button', { name: 'Custom' }).click();
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const spanFrom = Date.parse(`${day(3)}T00:00:00Z`);
    const spanTo = Date.parse(`${day(1)}T00:00:00Z`);
    const customAsked = page.waitForResponse((r) => {
      const q = new URL(r.url()).searchParams;
      return r.url().includes('/api/stats/trades?') && q.get('groupBy') === 'token' && Number(q.get('from')) === spanFrom && Number(q.get('to')) === spanTo;
    });
    const from = page.getByRole('textbox', { name: 'From (UTC)' });
    const to = page.getByRole('textbox', { name: 'To (UTC)' });
    await from.fill(`${day(3)} 00:00`);
    await from.press('Enter');
    await to.fill(`${day(2)} 23:59`);
    await to.press('Enter');
    expect(new URL((await customAsked).url()).searchParams.get('bucket')).toBe('hour');
    await page.getByText(new RegExp(`^From ${day(3)} 00:00:00 UTC to ${day(2)} 23:59:59 UTC, counted `)).waitFor();
    let askedSince = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/stats/trades?')) askedSince += 1;
    });
    await to.fill(`${day(4)} 00:00`);
    await to.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'The end is before the start.' }).waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(askedSince).toBe(0);
    // Back to a range with trades in it, for the next test's row.
    await page.getByRole('button', { name: '30 d' }).click();
    await page.getByRole('table', { name: 'By token' }).getByRole('link').first().waitFor();
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('§2 Analytics: a row opens /tx/trades filtered to its group and range', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = session;
    const tokenTable = page.getByRole('table', { name: 'By token' });
    const link = tokenTable.getByRole('link').first();
    const tokenName = (await link.textContent()) ?? '';
    expect(tokenName).not.toBe('');
    const listed = page.waitForResponse((r) => r.url().includes('/api/trades/?') && r.url().includes('tokenName'), { timeout: 30_000 });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/tx/trades');
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    expect(filter).toMatchObject({ tokenName });
    expect(typeof filter.from).toBe('number');
    const response = await listed;
    // The list's page in either form the console reads (the array with Content-Range, or { data, total }).
    const body = (await response.json()) as unknown;
    const data = z.array(TradeJourney).parse(Array.isArray(body) ? body : (body as { data: unknown }).data);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((trade) => trade.tokenName === tokenName && trade.startedAt >= (filter.from as number) && trade.startedAt <= (filter.to as number))).toBe(true);
    await page.getByRole('heading', { name: 'Trades', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: tokenName, exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('Stats (protocol): a backend answering the stats 404 gets one sentence on Analytics and no toast', { timeout: 60_000 }, async () => {
    const { page } = session;
    const refuse = (times: number) => admin('POST', '/sim/control', { action: 'refuse', method: 'GET', path: '/api/stats/trades', status: 404, error: 'not found', times });
    expect((await refuse(100)).status).toBe(200);
    try {
      const refused = page.waitForResponse((r) => r.url().includes('/api/stats/trades?'), { timeout: 30_000 });
      await page.getByRole('menuitem', { name: /^Analytics$/ }).click();
      expect((await refused).status()).toBe(404);
      await expect.poll(() => page.getByText('This backend does not provide stats.', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('table').count()).toBe(0);
      // No toast about it: nothing in the stack names the stats, a 404 or "not found".
      await page.waitForTimeout(1000);
      expect(await page.locator('.console-toasts').filter({ hasText: /stats|404|not found/i }).count()).toBe(0);
      await screenshot(page, 'analytics-404');
      await stillAnswers(page);
    } finally {
      await refuse(0);
    }
  });
});
