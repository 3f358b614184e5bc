import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, hasChromium, launchBrowser, newSession, screenshot, signIn } from './browser.ts';

async function bestAmount(page: Page, panel: string): Promise<string> {
  const route = page.getByRole('region', { name: panel }).getByRole('listitem', { name: 'Route 1' });
  await route.getByText('Best').waitFor({ timeout: 15_000 });
  // "3012.4501 USDC": the figure before the symbol.
  return ((await route.getByTestId('route-amount-out').textContent()) ?? '').trim().split(/\s+/)[0] ?? '';
}

describe.skipIf(!hasChromium)('floating swap-quote windows against the real quote engine', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('§2 a Swap window quotes from the engine, requotes on a new amount, and keeps its place across a reload', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
    const win = page.getByRole('dialog', { name: 'Window 1 Swap' });
    await win.waitFor();
    const box = await win.boundingBox();
    expect(box && Math.round(box.width)).toBe(360);
    expect(box && Math.round(box.height)).toBe(500);
    // §2 x 30, moved right of the menu (220 px wide here, and a 16 px gap) so as not to cover it.
    expect(box && Math.round(box.x)).toBe(220 + 16);

    const first = await bestAmount(page, 'Quote panel 1');
    expect(Number(first)).toBeGreaterThan(0);
    const amount = win.getByLabel('Amount', { exact: true });
    await amount.fill('2');
    // Twice the input buys a little less than twice the output (price impact), but far more than once.
    await expect
      .poll(async () => Number(await bestAmount(page, 'Quote panel 1')), { timeout: 15_000 })
      .toBeGreaterThan(Number(first) * 1.5);
    expect(Number(await bestAmount(page, 'Quote panel 1'))).toBeLessThan(Number(first) * 2.01);
    await screenshot(page, 'quote-window');

    // Drag by the title bar; the layout is saved when the drag ends.
    const handle = win.getByRole('button', { name: 'Move window 1 Swap' });
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + 250, h.y - 120, { steps: 8 });
    await page.mouse.up();
    const moved = (await win.boundingBox())!;
    expect(Math.round(moved.x)).not.toBe(30);

    await page.reload();
    await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
    const again = (await page.getByRole('dialog', { name: 'Window 1 Swap' }).boundingBox())!;
    expect(Math.abs(again.x - moved.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(again.y - moved.y)).toBeLessThanOrEqual(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2 a quote says how old its block is against the head; a quote far behind (a lagging backend) is marked stale and names no Best; Refresh brings Best back', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
    const panel = page.getByRole('region', { name: 'Quote panel 1' });
    await bestAmount(page, 'Quote panel 1');
    // The engine quotes at the chain head it announced: at it, or a block or two behind what arrived since.
    const age = panel.getByText(/^block \d+ · /);
    await expect.poll(() => age.textContent(), { timeout: 15_000 }).toMatch(/^block \d+ · (at the head|[12] blocks? behind)$/);

    // A backend whose quotes lag the chain by a thousand blocks.
    await page.route(/\/api\/proxy\/worker\/quoteUi/, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { block?: number };
      await route.fulfill({ response: answer, json: { ...body, block: (body.block ?? 0) - 1000 } });
    });
    await panel.getByRole('button', { name: 'Refresh quote' }).click();
    await expect.poll(() => age.textContent(), { timeout: 15_000 }).toMatch(/^block \d+ · 1,00[0-2] blocks behind: stale$/);
    const first = panel.getByRole('listitem', { name: 'Route 1' });
    expect(await first.getByText('Stale', { exact: true }).count()).toBe(1);
    expect(await panel.getByText('Best', { exact: true }).count()).toBe(0);
    await screenshot(page, 'quote-window-stale');

    await page.unroute(/\/api\/proxy\/worker\/quoteUi/);
    await panel.getByRole('button', { name: 'Refresh quote' }).click();
    await first.getByText('Best', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await age.textContent()).not.toContain('stale');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2 Ctrl-click on another network opens a second panel beside the first and widens the window to 650', async () => {
    const { page, context } = await newSession(browser, 'dark');
    await signIn(page, adminKey);
    await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
    const win = page.getByRole('dialog', { name: 'Window 1 Swap' });
    await bestAmount(page, 'Quote panel 1');
    const alternatives = win.getByRole('region', { name: 'Quote panel 1' }).getByRole('group', { name: 'From token' }).getByRole('button', { name: / on (?!Ethereum)/ });
    await alternatives.first().waitFor();
    await alternatives.first().click({ modifiers: ['Control'] });
    await page.getByRole('region', { name: 'Quote panel 2' }).waitFor();
    await expect.poll(async () => Math.round((await win.boundingBox())!.width)).toBe(650);
    await bestAmount(page, 'Quote panel 2');
    await screenshot(page, 'quote-two-panels-dark');
    await context.close();
  });

  it('§2/§9 the plus button adds a Swap window, at most 2 floating panels', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    const add = page.getByRole('button', { name: 'Add swap window' });
    await add.click();
    await page.getByRole('dialog', { name: 'Window 2 Swap' }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await context.close();
  });
});
