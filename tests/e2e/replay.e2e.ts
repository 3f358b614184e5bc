import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, signIn } from './browser.ts';

/*
 * docs/protocol.md eventCache, in Chromium against the real reference server: after a reload, home
 * shows the last block head of a network that has sent nothing since (its head is stalled), from
 * the per-network list the server keeps, instead of "Waiting for block heads…".
 */
describe.skipIf(!hasChromium)('eventCache (protocol): replays the last block head per network after a reload', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a stalled network\'s block head is on screen at once after a reload, with the number it had', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    const api = await apiAs(adminKey);
    await signIn(page, adminKey);
    const ethereum = page.getByRole('button', { name: /^Ethereum block \d+$/ });
    await ethereum.waitFor({ timeout: 15_000 });
    // No newBlock for Ethereum from now on: whatever shows after the reload came from eventCache.
    expect((await api('POST', '/sim/control', { action: 'stall', network: 'Ethereum', ms: 60_000 })).status).toBe(200);
    // A head sent just before the stall may still be on its way. A notice sent after the stall comes
    // after it on the same socket: once the notice is up, so is that head, drawn on the next frame.
    const marker = `Replay marker ${Date.now().toString(36)}`;
    expect((await api('POST', '/sim/control', { action: 'notify', msg: marker, type: 'info', autoClose: 3000 })).status).toBe(200);
    await page.locator('.console-toasts').getByText(marker).waitFor({ timeout: 10_000 });
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    // The button's name: "Ethereum block <number>".
    const before = await ethereum.locator('span').first().textContent();

    await page.reload();
    const replayed = page.getByRole('button', { name: /^Ethereum block \d+$/ });
    await replayed.waitFor({ timeout: 10_000 });
    expect(await replayed.locator('span').first().textContent()).toBe(before);
    expect(await page.getByText('Waiting for block heads…').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Gas and balances per network' }).getByRole('row', { name: /^Ethereum/ }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    // Ends the stall: a stall sent to the control replaces its earlier one.
    await api('POST', '/sim/control', { action: 'stall', network: 'Ethereum', ms: 1 });
    await context.close();
  });
});
