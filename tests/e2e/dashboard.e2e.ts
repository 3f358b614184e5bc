import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLASH_PROMPT_TEXT } from '../../src/config/constants.ts';
import { tradeErrorToastText } from '../../src/notifications/index.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, type Api } from './browser.ts';

describe.skipIf(!hasChromium)('live dashboard in Chromium against the reference server and its simulator', () => {
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // The simulator quiet: no stall of its own keeps Base stale past the test's, and the only trade
    // is the test's own.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await browser?.close();
  });

  it('§2 a start on /login with no key in storage logs "api key not found"; the splash prompt appears after 4 s and a click enters', async () => {
    const { page, context } = await newSession(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/login');
    await expect.poll(() => errors).toContain('api key not found');
    await page.getByLabel('Access key').fill(operatorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const splash = page.getByRole('button', { name: 'Enter the console' });
    await splash.waitFor();
    const prompt = page.getByText(SPLASH_PROMPT_TEXT);
    expect(await prompt.count()).toBe(0);
    await prompt.waitFor({ state: 'visible', timeout: 6000 });
    await splash.click();
    await splash.waitFor({ state: 'detached' });
    await context.close();
  });

  it('§1 Gas and balances at 1280×800: every column inside its card, gas with its unit, the native coins\' value said to be USD', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    const table = page.getByRole('table', { name: 'Gas and balances per network' });
    await table.getByRole('row', { name: /^Ethereum/ }).waitFor({ timeout: 15_000 });
    const card = page.getByRole('region', { name: 'Gas and balances' });
    await expect
      .poll(async () => {
        const [t, c] = await Promise.all([table.boundingBox(), card.boundingBox()]);
        return t && c ? Math.round(c.x + c.width - (t.x + t.width)) : -1;
      })
      .toBeGreaterThanOrEqual(0);
    expect(await table.getByRole('columnheader').nth(1).innerText()).toBe('Gas\ngwei');
    expect(await table.getByRole('row', { name: /^Ethereum/ }).getByRole('cell').first().getAttribute('title')).toMatch(/in gwei/);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Native coins' value, USD: \$[\d,]+\.\d\d/);
    await screenshot(page, 'light-operator-home-1280-gas');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§4 worker start/stop round trip: click, POST, brainState, badge', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    const workers = page.getByRole('region', { name: 'Worker controls' });
    await workers.getByText('stopped', { exact: true }).waitFor();
    await workers.getByRole('button', { name: 'Start' }).click();
    await workers.getByText('working', { exact: true }).waitFor({ timeout: 15_000 });
    // Starting runs a route search; Stop stays disabled until it ends (§4).
    const stop = workers.getByRole('button', { name: 'Stop' });
    await expect.poll(() => stop.isEnabled(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'dashboard-working');
    await stop.click();
    await workers.getByText('stopped', { exact: true }).waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('docs/protocol.md "Batched delivery": the console asks for batches, and its block heads move with the batch messages the server sends', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    const socketUrls: string[] = [];
    // The newBlock numbers that reached the page inside batch messages, and any newBlock sent alone.
    const batchedBlocks: number[] = [];
    let plainBlocks = 0;
    page.on('websocket', (socket) => {
      socketUrls.push(socket.url());
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        if (payload.startsWith('42["newBlock"')) plainBlocks += 1;
        if (!payload.startsWith('42["batch"')) return;
        const [, entries] = JSON.parse(payload.slice(2)) as [string, [string, { num?: number }][]];
        for (const [event, block] of entries) if (event === 'newBlock' && typeof block.num === 'number') batchedBlocks.push(block.num);
      });
    });
    await signIn(page, operatorKey);
    const base = page.getByRole('button', { name: /^Base block \d+$/ });
    await base.waitFor({ timeout: 15_000 });
    expect(socketUrls.some((url) => new URL(url).searchParams.get('batch') === '1'), socketUrls.join(' ')).toBe(true);
    // The head's name is its hidden first words, "Base block <number>".
    const shown = async () => Number(/ block (\d+)$/.exec((await base.locator('span').first().textContent()) ?? '')?.[1]);
    const before = await shown();
    // The head moves on, to a number that came in a batch.
    await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(async () => batchedBlocks.includes(await shown()), { timeout: 20_000 }).toBe(true);
    expect(plainBlocks).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§4/§9 a stalled block head turns danger after its threshold and recovers', async () => {
    const { page, context } = await newSession(browser, 'dark');
    await signIn(page, operatorKey);
    const base = page.getByRole('button', { name: /^Base block \d+$/ });
    await base.waitFor({ timeout: 15_000 });
    expect(await base.getAttribute('data-stale')).toBe('false');
    const api = await apiAs(adminKey);
    expect((await api('POST', '/sim/control', { action: 'stall', network: 'Base', ms: 9000 })).status).toBe(200);
    await expect.poll(() => base.getAttribute('data-stale'), { timeout: 10_000, interval: 250 }).toBe('true');
    await screenshot(page, 'dashboard-stale-dark');
    await expect.poll(() => base.getAttribute('data-stale'), { timeout: 15_000, interval: 250 }).toBe('false');
    await context.close();
  });

  it('§8 a trade error code shows an error toast with the token name and the message for the code', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, operatorKey);
    const api = await apiAs(adminKey);
    // No trade starts while workers are stopped (§4), the control route's included.
    expect((await api('POST', '/sim/control', { action: 'trade', errCode: 8 })).status).toBe(409);
    expect((await api('POST', '/workers/start', {})).status).toBe(200);
    try {
      const response = await api('POST', '/sim/control', { action: 'trade', errCode: 8 });
      expect(response.status).toBe(200);
      const { tradeId } = (await response.json()) as { tradeId: string };
      // The toast names this trade's token (read back once the server has stored the trade).
      let tokenName = '';
      await expect
        .poll(async () => {
          const answer = await api('GET', `/trades/${encodeURIComponent(tradeId)}`);
          tokenName = answer.status === 200 ? ((await answer.json()) as { tokenName: string }).tokenName : '';
          return tokenName;
        })
        .not.toBe('');
      await page.getByText(tradeErrorToastText(tokenName, 8)).first().waitFor({ timeout: 15_000 });
    } finally {
      // The next tests find the workers stopped, as seeded.
      await api('POST', '/workers/stop', {});
    }
    await context.close();
  });

  it('markup in a pushed message stays inert text', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const api = await apiAs(adminKey);
    await api('POST', '/sim/control', { action: 'notify', msg: payload, type: 'info', autoClose: 8000 });
    await page.getByText(payload).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§4 stopReconnect: the error toast "Disconnected from server" stays and no retry follows', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, operatorKey);
    await expect.poll(() => page.getByLabel(/^Server connection Live/).count(), { timeout: 15_000 }).toBe(1);
    const api = await apiAs(adminKey);
    await api('POST', '/sim/control', { action: 'stopReconnect' });
    await page.getByText('Disconnected from server', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('reconn'))).toBe('0');
    // Well past the 5 s retry delay: still offline, the toast still open, no reconnecting warning.
    await page.waitForTimeout(6500);
    expect(await page.getByText('Disconnected from server', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Disconnected from server. Reconnecting...').count()).toBe(0);
    expect(await page.getByLabel(/^Server connection Offline/).count()).toBe(1);
    await context.close();
  });
});
