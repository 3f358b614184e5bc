import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, operatorKey, screenshot, signIn } from './browser.ts';
import { loadAxe } from './axe.ts';
import { explorerTxUrl } from '../../src/config/networks.ts';

/*
 * Tables that fit, records that read, headers that are named: tables fit the screen (no sideways
 * scroll from 1280 px, the identifying column and the actions inside the viewport, long texts whole
 * on hover and focus, ids on one line), a phone gets a list instead of a table, a tx hash links to
 * its explorer, the history popup reads in words, and axe finds no empty table header.
 */

const FAILED = `/tx?${new URLSearchParams({ filter: JSON.stringify({ status: 'failed' }) }).toString()}`;

async function newPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  return context.newPage();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The box of the first cell of a column (by its header's class) is wholly inside the viewport. */
async function cellInside(page: Page, source: string): Promise<boolean> {
  return page.evaluate((s) => {
    const cell = document.querySelector(`table[aria-label] tbody td.column-${s}`);
    if (!cell) return false;
    const box = cell.getBoundingClientRect();
    return box.left >= 0 && box.right <= document.documentElement.clientWidth && box.width > 0;
  }, source);
}

async function loaded(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  await page.locator('table[aria-label] tbody td[class*="column-"], main ul li a[href], main ul li [role="button"]').first().waitFor({ timeout: 30_000 });
}

describe.skipIf(!hasChromium)('tables that fit, records that read, headers that are named', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [[1280, 800], [1440, 900]] as const) {
    for (const [role, key] of [['Admin', adminKey], ['Operator', operatorKey]] as const) {
      it(`tables that fit at ${width}×${height} as ${role}: /tx with failures, /tx/latest and /tx/trades do not scroll sideways; identifying column and actions in view; long errors whole on hover; trade ids on one line`, { timeout: 240_000 }, async () => {
        const page = await newPage(browser, width, height);
        await signIn(page, key);
        for (const [path, id, actions] of [[FAILED, 'createdAt', '_actions'], ['/tx/latest', 'createdAt', '_actions'], ['/tx/trades', 'tradeId', null]] as const) {
          await loaded(page, path);
          // The list's rows are drawn once its identifying cell is: the first cell of any column may
          // come first on a busy machine.
          await expect.poll(() => cellInside(page, id), { message: `${path} ${id}` }).toBe(true);
          if (actions) await expect.poll(() => cellInside(page, actions), { message: `${path} actions` }).toBe(true);
          expect(await noSidewaysScroll(page), `${path} scrolls sideways`).toBe(true);
          await screenshot(page, `tables-${role}-${width}-${path.split('?')[0]?.replace(/\//g, '_') ?? ''}`);
        }
        // Every kit list an Admin sees fits as well.
        if (role === 'Admin') {
          for (const path of ['/settings/tokens', '/settings/bridges', '/settings/configs', '/settings/cloudgroups', '/settings/userlogs']) {
            await page.goto(path);
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForTimeout(1500);
            expect(await noSidewaysScroll(page), `${path} scrolls sideways`).toBe(true);
          }
        }

        // /tx filtered to failures: an error cell's whole text is there (title, or the tooltip's description on focus).
        await loaded(page, FAILED);
        const errorCells = page.locator('tbody td.column-errCode');
        await errorCells.first().waitFor();
        const texts = await errorCells.evaluateAll((cells) => cells.map((c) => {
          const line = c.querySelector('.cut-text') as HTMLElement | null;
          return { shown: c.textContent ?? '', title: line?.parentElement?.getAttribute('title') ?? null, focusable: line?.tabIndex === 0, cut: line ? line.scrollWidth > line.clientWidth + 1 : false };
        }));
        expect(texts.length).toBeGreaterThan(0);
        for (const t of texts) {
          if (t.cut) expect(t.focusable, `cut error "${t.shown}" is reachable by keyboard`).toBe(true);
          else expect(t.title, 'an uncut error has its text as its title').toBe(t.shown);
        }
        const cut = page.locator('tbody td.column-errCode .cut-text[tabindex="0"]').first();
        if ((await cut.count()) > 0) {
          const whole = (await cut.getAttribute('title')) ?? '';
          expect(whole.length).toBeGreaterThan(0);
          await cut.focus();
          await expect.poll(async () => page.getByRole('tooltip').textContent(), { timeout: 5_000 }).toBe(whole);
          expect(await cut.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(whole);
        }
        // A trade id on one line: its cell is one line high.
        const trade = page.locator('tbody td.column-tradeId .cut-text').first();
        const lineBox = await trade.evaluate((el) => ({ h: el.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(el).lineHeight) || 20 }));
        expect(lineBox.h).toBeLessThan(lineBox.lh * 1.5);
        await page.context().close();
      });
    }
  }

  it('tables that fit at 390×844: /tx, /tx/latest, /tx/trades and the kit lists are SimpleLists (item links), nothing scrolls sideways', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, 390, 844);
    await signIn(page, adminKey);
    for (const path of ['/tx', '/tx/latest', '/tx/trades', '/settings/tokens', '/settings/configs']) {
      await loaded(page, path);
      await page.waitForTimeout(500);
      expect(await page.locator('main table').count(), `${path} has no table`).toBe(0);
      expect(await page.locator('main ul li a[href], main ul li [role="button"]').count(), `${path} list of row links`).toBeGreaterThan(0);
      expect(await noSidewaysScroll(page), `${path} scrolls sideways`).toBe(true);
      await screenshot(page, `tables-phone-${path.replace(/\//g, '_')}`);
    }
    // An item of /tx stands for the row: pressed, it opens the transaction page.
    await page.goto('/tx');
    const item = page.locator('main ul li [role="button"]').first();
    await item.waitFor();
    await item.click();
    await page.waitForURL((u) => /^\/tx\/[^/]+$/.test(u.pathname) && u.pathname !== '/tx/latest' && u.pathname !== '/tx/trades');
    await page.getByRole('article').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.context().close();
  });

  it('records that read: a tx hash on /tx/{id} links to its network explorer; the history popup shows whole formatted times and no raw JSON', { timeout: 180_000 }, async () => {
    const api = await apiAs(operatorKey);
    const list = (await (await api('GET', `/txs/?${new URLSearchParams({ filter: JSON.stringify({ status: 'completed' }), page: '1', perPage: '20' }).toString()}`)).json()) as unknown;
    const rows = (Array.isArray(list) ? list : (list as { data: unknown[] }).data) as { id: string; hash: string | null; network: string }[];
    const tx = rows.find((r) => r.hash);
    expect(tx).toBeDefined();
    if (!tx?.hash) return;
    const page = await newPage(browser, 1440, 900);
    await signIn(page, operatorKey);
    await page.goto(`/tx/${encodeURIComponent(tx.id)}`);
    const article = page.getByRole('article', { name: `Transaction ${tx.id}` });
    const link = article.getByRole('link', { name: tx.hash });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(explorerTxUrl(tx.network, tx.hash));
    expect(await link.getAttribute('target')).toBe('_blank');

    await article.getByRole('button', { name: /^History \(\d+\)$/ }).click();
    const popup = page.getByRole('dialog', { name: `History of ${tx.id}` });
    await popup.waitFor();
    const text = (await popup.textContent()) ?? '';
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+/);
    expect(text).not.toMatch(/[{}]/);
    expect(text).not.toMatch(/\b1\d{12}\b/);
    // The times are not cut: each time cell shows all it holds.
    const clipped = await popup.locator('td').evaluateAll((cells) => cells.filter((c) => /\d{2}:\d{2}:\d{2}/.test(c.textContent ?? '') && c.scrollWidth > c.clientWidth + 1).length);
    expect(clipped).toBe(0);
    const toggle = popup.getByRole('button', { name: /^Details of / }).first();
    await toggle.click();
    const details = popup.locator('dl').first();
    await details.waitFor();
    expect(await details.locator('dt').allTextContents()).toEqual(expect.arrayContaining(['Status', 'Network', 'Created', 'Amount in']));
    expect((await popup.textContent()) ?? '').not.toMatch(/[{}]|\b1\d{12}\b/);
    await screenshot(page, 'tables-history-popup');
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });
    expect(await article.isVisible()).toBe(true);
    await page.context().close();
  });

  it('§2 amounts read one way with their unit at 1280×800: on /tx and on a trade\'s page every amount is "1,192.60 USDC", on one line', { timeout: 240_000 }, async () => {
    // One format for every token amount (src/domain/numberFormat.ts): grouped thousands, 2 to 6
    // places, the unit after it; a screen that formats its own way fails here.
    // The unit is the row's token as named (other tests' tokens have lower-case letters too), or USD.
    const AMOUNT = /^\d{1,3}(,\d{3})*\.\d{2,6}( \S+)?$/;
    /** The legs whose amounts have a unit the protocol names (docs/protocol.md "Trades"): theirs must show. */
    const WITH_UNIT = new Set(['Swap', 'Bridge', 'Claim', 'Sell']);
    const page = await newPage(browser, 1280, 800);
    await signIn(page, operatorKey);
    await loaded(page, '/tx');
    // At this width the amounts are in the column chooser: the operator shows both, as this test does.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    for (const label of ['Amount in', 'Amount out']) await page.locator('.MuiPopover-paper').getByLabel(label, { exact: true }).check();
    await page.keyboard.press('Escape');
    const cells = page.locator('tbody td.column-amountIn');
    await cells.first().waitFor();
    await expect.poll(() => page.locator('tbody td.column-amountOut').count()).toBeGreaterThan(0);
    const rows = await page.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = (field: string) => tr.querySelector(`td.column-${field}`) as HTMLElement | null;
        const line = (field: string) => {
          const c = cell(field);
          const inner = c?.querySelector('span') ?? c;
          return {
            text: c?.textContent ?? '',
            // One line, nothing cut: the text is its own line's height and the cell shows all it holds.
            oneLine: inner ? inner.getBoundingClientRect().height < (parseFloat(getComputedStyle(inner).lineHeight) || 20) * 1.5 : false,
            whole: c ? c.scrollWidth <= c.clientWidth + 1 : false,
          };
        };
        return { type: cell('txType')?.textContent ?? '', amountIn: line('amountIn'), amountOut: line('amountOut') };
      }),
    );
    expect(rows.length).toBeGreaterThan(5);
    const amounts = rows.flatMap((r) => [r.amountIn, r.amountOut].filter((a) => a.text !== '').map((a) => ({ ...a, type: r.type })));
    expect(amounts.length).toBeGreaterThan(5);
    for (const a of amounts) {
      expect(a.text, `${a.type} amount`).toMatch(AMOUNT);
      expect(a.oneLine && a.whole, `"${a.text}" on one line, whole`).toBe(true);
      if (WITH_UNIT.has(a.type)) expect(a.text, `${a.type} amount with its unit`).toMatch(/ \S+$/);
    }
    // The table scrolls inside its card with the two columns added: scrolled to its right end for the
    // picture, so the last column shows beside the sticky actions rather than under them.
    await page.locator('tbody td.column-amountOut').first().evaluate((td) => {
      let box = td.parentElement;
      while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
      if (box) box.scrollLeft = box.scrollWidth;
    });
    await screenshot(page, 'tables-amounts-1280-tx');

    // A completed trade's page: its capital in USD, what the sell gave back in USD.
    const api = await apiAs(operatorKey);
    const list = (await (await api('GET', `/trades/?${new URLSearchParams({ filter: JSON.stringify({ state: 'completed' }), page: '1', perPage: '1' }).toString()}`)).json()) as unknown;
    const trade = ((Array.isArray(list) ? list : (list as { data: unknown[] }).data) as { tradeId: string }[])[0];
    expect(trade).toBeDefined();
    await page.goto(`/tx/trades/${encodeURIComponent(trade?.tradeId ?? '')}`);
    const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await field('Amount in').waitFor({ timeout: 30_000 });
    for (const label of ['Amount in', 'Amount out']) expect(await field(label).innerText(), label).toMatch(/^\d{1,3}(,\d{3})*\.\d{2,6} [A-Z0-9.]+$/);
    expect(await field('Expected profit').innerText()).toMatch(/^[+-]?\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await screenshot(page, 'tables-amounts-1280-trade');
    await page.context().close();
  });

  it('headers that are named: axe (all rules) finds no empty-table-header on /tx, /tx/latest, configs and user logs', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, 1440, 900);
    await signIn(page, adminKey);
    for (const path of ['/tx', '/tx/latest', '/settings/configs', '/settings/userlogs']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('table th').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(1000);
      await loadAxe(page);
      const found = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'rule', values: ['empty-table-header'] } });
        return result.violations.flatMap((v) => v.nodes.map((n) => n.html.slice(0, 120)));
      });
      expect(found, path).toEqual([]);
      // The header that names the row buttons says what they are.
      if (path !== '/settings/userlogs') expect(await page.locator('th.column-_actions').textContent()).toMatch(/Actions|History/);
    }
    await page.context().close();
  });
});
