/**
 * A failed transaction carries its reason (§8 trade error codes): the reference server fails
 * a trade with a given code (simulator control, as Admin), and an operator finds the failed tx on
 * /tx with the message for the code, narrows the list to that code with the Error filter, and
 * opens its transaction page, which says why it failed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeErrorMessage } from '../../src/notifications/index.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn } from './browser.ts';

const CODE = 17;
const MESSAGE = tradeErrorMessage(CODE);

/** The text of one column in every row of the page's transaction table. */
async function column(page: Page, label: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Transactions' });
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.trim() === label);
  expect(index, label).toBeGreaterThanOrEqual(0);
  const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^History of / }) });
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''), index);
}

describe.skipIf(!hasChromium)('§8 failed transactions in Chromium against the reference server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('§8 a trade failed with errCode 17 shows its message on /tx, is found by the Error filter, and its transaction page gives the reason', async () => {
    const admin = await apiAs(adminKey);
    // No trade starts while workers are stopped (§4): started for the trade, stopped again at once
    // (the trade still confirms), so the next tests find them stopped as seeded.
    expect((await admin('POST', '/workers/start', {})).status).toBe(200);
    let tradeId: string;
    try {
      const response = await admin('POST', '/sim/control', { action: 'trade', fail: true, errCode: CODE });
      expect(response.status).toBe(200);
      tradeId = ((await response.json()) as { tradeId: string }).tradeId;
    } finally {
      await admin('POST', '/workers/stop', {});
    }
    // The trade confirms 2 to 8 s after it was sent; then its failed tx is in the history.
    const filter = encodeURIComponent(JSON.stringify({ tradeId, status: 'failed' }));
    const failedTx = async () => ((await (await admin('GET', `/txs/?filter=${filter}`)).json()) as { data: { id: string; errCode?: number }[] }).data[0];
    await expect.poll(failedTx, { timeout: 20_000 }).toMatchObject({ errCode: CODE });
    const id = (await failedTx())!.id;

    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    await page.goto('/tx');
    // Newest first: the trade's legs lead the list, the failed one with its message.
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `History of ${id}`, exact: true }) });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByRole('cell', { name: MESSAGE, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: MESSAGE, exact: true }).getByTitle(`Error code ${CODE}`).textContent()).toBe(MESSAGE);

    // The Error filter asks the server for the code: every row then carries its message.
    const answered = page.waitForResponse((r) => r.url().includes('/api/txs') && decodeURIComponent(r.url()).includes(`"errCode":${CODE}`) && r.status() === 200);
    await page.getByRole('combobox', { name: 'Error', exact: true }).click();
    await page.getByRole('option', { name: `${CODE}: ${MESSAGE}`, exact: true }).click();
    await answered;
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ errCode: String(CODE) });
    await expect.poll(async () => [...new Set(await column(page, 'Error'))], { timeout: 15_000 }).toEqual([MESSAGE]);
    expect(new Set(await column(page, 'Status'))).toEqual(new Set(['failed']));
    await row.waitFor();
    await screenshot(page, 'tx-error-filter');

    // The transaction page says why it failed.
    await row.click();
    await page.waitForURL((u) => u.pathname === `/tx/${encodeURIComponent(id)}`);
    const article = page.getByRole('article', { name: `Transaction ${id}` });
    const reason = article.getByRole('alert', { name: 'Failure reason' });
    await reason.waitFor({ timeout: 15_000 });
    expect(await reason.textContent()).toBe(`Error ${CODE}: ${MESSAGE}`);
    await screenshot(page, 'tx-error-page');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a /tx load the server refuses (503) shows the reason and Try again, not "No transactions match" nor "0–0 of 0"; Try again loads', async () => {
    const admin = await apiAs(adminKey);
    const { page, context } = await newSession(browser);
    await signIn(page, operatorKey);
    // The first read and react-query's three retries are all refused.
    const refuse = { action: 'refuse', method: 'GET', path: '/api/txs/', status: 503, error: 'transaction store unavailable' };
    expect((await admin('POST', '/sim/control', { ...refuse, times: 4 })).status).toBe(200);
    try {
      await page.goto(`/tx?filter=${encodeURIComponent('{"status":"failed"}')}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Could not load transactions' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.textContent()).toContain('transaction store unavailable');
      expect(await page.getByText(/No transactions/).count()).toBe(0);
      expect(await page.getByText(/0[–-]0 of 0/).count()).toBe(0);
      await screenshot(page, 'tx-load-refused');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).waitFor({ timeout: 15_000 });
      expect(await page.getByText('Could not load transactions').count()).toBe(0);
      expect(await page.evaluate(() => 1 + 1)).toBe(2);
    } finally {
      await admin('POST', '/sim/control', { ...refuse, times: 0 });
    }
    await context.close();
  });
});
