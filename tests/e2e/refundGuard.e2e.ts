/**
 * docs/protocol.md "Guarded refunds" in Chromium against the reference server: an Admin refunds a
 * failed trade from /tx/new?op=refund with real clicks; a second refund is refused and the form
 * says so naming the earlier refund; "Refund again anyway" asks a second question that names it,
 * and only its Yes sends force: true. The trade's page then lists both refunds with who and when,
 * and the refund tx moves past "created" on its own (the simulator sends it).
 */
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn, type Api, type Session } from './browser.ts';

interface Listed {
  data: { id: string; tradeId: string | null; txType: string; status: string }[];
  total: number;
}

describe.skipIf(!hasChromium)('Guarded refunds (protocol): a refund is not sent twice by mistake', () => {
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
  });
  afterAll(async () => {
    // The simulator back at its usual pace whatever happened.
    await admin?.('POST', '/sim/control', { action: 'rate', rate: 1 });
    for (const { context } of sessions) await context.close();
    await browser?.close();
  });

  const refundsOf = async (tradeId: string) => {
    const query = new URLSearchParams({ perPage: '50', filter: JSON.stringify({ tradeId, txType: 'Refund' }) });
    return ((await (await admin('GET', `/txs/?${query}`)).json()) as Listed).data;
  };

  it('the second refund of a trade is refused naming the first; "Refund again anyway" asks again and sends force: true; the trade page lists both; the refund moves on', async () => {
    // A failed trade of the seeded month that nobody has refunded yet.
    const failedTrades = (await (await admin('GET', `/trades/?${new URLSearchParams({ perPage: '50', filter: JSON.stringify({ state: 'failed' }) })}`)).json()) as {
      data: { tradeId: string }[];
    };
    let tradeId = '';
    for (const { tradeId: candidate } of failedTrades.data) {
      if ((await refundsOf(candidate)).length === 0) {
        tradeId = candidate;
        break;
      }
    }
    expect(tradeId).not.toBe('');
    // Slowed down while the two refunds are made, so the first is surely still under way at the second.
    expect((await admin('POST', '/sim/control', { action: 'rate', rate: 0.02 })).status).toBe(200);

    const session = await newSession(browser);
    sessions.push(session);
    const { page, pageErrors } = session;
    const refundCalls: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/txs/refund') refundCalls.push(request);
    });
    await signIn(page, adminKey);
    await page.goto(`/tx/new?op=refund&tradeId=${encodeURIComponent(tradeId)}&reason=${encodeURIComponent('bridge failed')}`);
    const form = page.getByRole('form', { name: 'Refund form', exact: true });
    await form.waitFor();

    // First refund: the usual Yes/No.
    await form.getByRole('button', { name: 'Refund…', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm: Refund' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => form.getByText(/^Refund sent \(id /).count(), { timeout: 20_000 }).toBe(1);
    const [first] = await refundsOf(tradeId);
    expect(first).toBeDefined();
    const earlier = first!.id;

    // Again: confirmed, refused 409, said beside the form naming the earlier refund.
    await form.getByRole('button', { name: 'Refund…', exact: true }).click();
    const refusedAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/txs/refund');
    await page.getByRole('dialog', { name: 'Confirm: Refund' }).getByRole('button', { name: 'Yes' }).click();
    expect((await refusedAnswer).status()).toBe(409);
    const refusal = page.getByRole('alert', { name: 'Refund refused' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`Trade ${tradeId} was already refunded by tx ${earlier}.`);
    expect(await refusal.getByRole('link', { name: earlier }).getAttribute('href')).toBe(`/tx/${earlier}`);
    expect(refundCalls).toHaveLength(2);
    expect(refundCalls.map((r) => (r.postDataJSON() as { force?: boolean }).force)).toEqual([undefined, undefined]);
    await screenshot(page, 'refund-guard-refused');

    // "Refund again anyway": a second question naming the earlier refund; No sends nothing.
    await refusal.getByRole('button', { name: 'Refund again anyway' }).click();
    const again = page.getByRole('dialog', { name: 'Refund again anyway?' });
    await expect.poll(() => again.getByText(`Trade ${tradeId} was already refunded by tx ${earlier}. Send another refund?`).count()).toBe(1);
    await screenshot(page, 'refund-guard-question');
    await again.getByRole('button', { name: 'No' }).click();
    await again.waitFor({ state: 'detached' });
    expect(refundCalls).toHaveLength(2);
    await refusal.getByRole('button', { name: 'Refund again anyway' }).click();
    const forcedAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/txs/refund');
    await page.getByRole('dialog', { name: 'Refund again anyway?' }).getByRole('button', { name: 'Yes' }).click();
    expect((await forcedAnswer).status()).toBe(200);
    expect(refundCalls[2]!.postDataJSON()).toEqual({ tradeId, reason: 'bridge failed', force: true });
    await expect.poll(() => form.getByText(/^Refund sent \(id /).count()).toBe(1);
    await expect.poll(() => page.getByRole('alert', { name: 'Refund refused' }).count()).toBe(0);

    // On the server: two refund txs for the trade.
    const refunds = await refundsOf(tradeId);
    expect(refunds).toHaveLength(2);
    const second = refunds.find((tx) => tx.id !== earlier)!;

    // The trade's page lists both, who did each and when.
    await page.goto(`/tx/trades/${encodeURIComponent(tradeId)}`);
    const done = page.getByRole('region', { name: 'Done by operators' });
    await done.waitFor({ timeout: 20_000 });
    const items = done.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    for (const [i, id] of [earlier, second.id].entries()) {
      const text = (await items.nth(i).textContent()) ?? '';
      expect(text).toMatch(/^Refund by admin, /);
      expect(text).toMatch(/\d{2}:\d{2}/);
      expect(await items.nth(i).getByRole('link', { name: id }).getAttribute('href')).toBe(`/tx/${id}`);
    }
    await screenshot(page, 'refund-guard-trade-page');

    // Back at the usual pace, the refund the operations made moves past "created" by itself.
    expect((await admin('POST', '/sim/control', { action: 'rate', rate: 1 })).status).toBe(200);
    await expect
      .poll(async () => ((await (await admin('GET', `/txs/${earlier}`)).json()) as { status: string }).status, { timeout: 30_000, interval: 500 })
      .not.toBe('created');
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
