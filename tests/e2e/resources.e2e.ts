/**
 * Resource screens in Chromium against the reference server (§7, §4, §6): token CRUD
 * seen live by a second console, a stale edit refused with the conflict shown, an operator without
 * admin screens or admin calls, and the transaction history on the 100,000 seeded rows.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/config/access.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, type Session } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface TokenRecord {
  tokenName: string;
  version: number;
  networkData: Record<string, { address: string; decimals: number }>;
}

/** expect.poll with room for a loaded 2-core machine (its default gives up after 1 s). */
function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 15_000, message });
}

/** Unique per run, so this file never collides with seeded tokens or other files' tokens. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADDRESS_A = '0x00000000000000000000000000000000000000a1';
const ADDRESS_B = '0x00000000000000000000000000000000000000b2';

/** Picks an option of an MUI select (a combobox) by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The tokens list narrowed to one token by the search box; the row of that token. */
async function searchToken(page: Page, tokenName: string, listed = true): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search' }).fill(tokenName);
  const table = page.getByRole('table', { name: 'Tokens' });
  // The search has applied once the table lists just this token (the header and its row): a row of
  // the list before it may be replaced under the pointer.
  if (listed) await eventually(() => table.getByRole('row').count()).toBe(2);
  return table.getByRole('row').filter({ hasText: tokenName });
}

/** Opens a token's edit form from its row, and waits for the form (a click that lands as the list re-renders is pressed again). */
async function editFromRow(page: Page, row: Locator, tokenName: string): Promise<void> {
  const decimals = page.getByRole('textbox', { name: 'Decimals 1' });
  await eventually(async () => {
    if (!(await decimals.isVisible())) await row.getByRole('link', { name: `Edit ${tokenName}` }).click({ timeout: 5_000 }).catch(() => undefined);
    return decimals.isVisible();
  }).toBe(true);
}

/** The server's current record, read back through the 409 a stale PUT answers (there is no GET /tokens). */
async function currentToken(api: Api, token: TokenRecord): Promise<TokenRecord> {
  const res = await api('PUT', `/tokens/${token.tokenName}`, { ...token, version: 1_000_000 });
  expect(res.status).toBe(409);
  const body = (await res.json()) as { details: { current: TokenRecord } };
  return body.details.current;
}

/** A dialog's fade-in has ended (a screenshot mid-transition shows the page through it). */
async function opaque(dialog: Locator): Promise<void> {
  await eventually(() => dialog.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity)).toBe('1');
}

async function createToken(api: Api, tokenName: string): Promise<TokenRecord> {
  const res = await api('POST', '/tokens', { tokenName, networkData: { Ethereum: { address: ADDRESS_A, decimals: 18 } } });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenRecord;
}

describe.skipIf(!hasChromium)('resource screens in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  let operator: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    operator = await apiAs(operatorKey);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('§7 an Admin creates, edits and deletes a token; a second console sees each change live (§4 token create/update/delete done); user logs show the actions', async () => {
    const tokenName = unique('E2ECRUD');
    const a: Session = await newSession(browser);
    const b: Session = await newSession(browser);
    await signIn(a.page, adminKey);
    await signIn(b.page, operatorKey);
    await a.page.goto('/settings/tokens');
    await b.page.goto('/tsettings/tokens');
    const seenByB = await searchToken(b.page, tokenName, false);
    await eventually(() => b.page.getByText('No tokens match.').count()).toBe(1);

    // Create, through the form: the address is typed in upper case and saved lower-cased (§3).
    await a.page.getByRole('link', { name: 'New token' }).click();
    await a.page.getByRole('textbox', { name: 'Token name' }).fill(tokenName);
    await choose(a.page, 'Network 1', 'Ethereum');
    await a.page.getByRole('textbox', { name: 'Address 1' }).fill(ADDRESS_A.toUpperCase().replace('0X', '0x'));
    await a.page.getByRole('textbox', { name: 'Decimals 1' }).fill('6');
    const created = a.page.waitForResponse((r) => r.url().endsWith('/api/tokens') && r.request().method() === 'POST');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    const line = (network: string, address: string, decimals: number) =>
      seenByB.getByRole('listitem', { name: `${network}: ${address} (${decimals} decimals)`, exact: true });
    await eventually(() => line('Ethereum', ADDRESS_A, 6).count()).toBe(1);

    // Edit: the decimals and a second network.
    const rowA = await searchToken(a.page, tokenName);
    await editFromRow(a.page, rowA, tokenName);
    await a.page.getByRole('textbox', { name: 'Decimals 1' }).fill('8');
    await a.page.getByRole('button', { name: 'Add network' }).click();
    await choose(a.page, 'Network 2', 'Base');
    await a.page.getByRole('textbox', { name: 'Address 2' }).fill(ADDRESS_B);
    await screenshot(a.page, 'light-admin-token-form-edit');
    const updated = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    await eventually(async () => (await line('Ethereum', ADDRESS_A, 8).count()) + (await line('Base', ADDRESS_B, 18).count())).toBe(2);
    expect(await line('Ethereum', ADDRESS_A, 6).count()).toBe(0);

    // Delete, after the confirmation; No first keeps the token.
    const rowAfterEdit = await searchToken(a.page, tokenName);
    await rowAfterEdit.getByRole('button', { name: `Delete ${tokenName}` }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete token' });
    await eventually(() => confirm.getByText(`Delete token ${tokenName}?`).count()).toBe(1);
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await seenByB.count()).toBe(1);
    await rowAfterEdit.getByRole('button', { name: `Delete ${tokenName}` }).click();
    const deleted = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await deleted).status()).toBe(200);
    await eventually(() => seenByB.count()).toBe(0);
    await eventually(() => b.page.getByText('No tokens match.').count()).toBe(1);
    expect(new URL(b.page.url()).pathname).toBe('/tsettings/tokens');

    // The user logs screen shows the three actions, by admin, naming the token.
    await a.page.goto('/settings/userlogs');
    await a.page.getByRole('textbox', { name: 'Action' }).fill('token');
    const logRows = a.page.getByRole('table', { name: 'User logs' }).getByRole('row').filter({ hasText: tokenName });
    for (const action of ['token.create', 'token.update', 'token.delete']) {
      await eventually(() => logRows.filter({ hasText: action }).filter({ hasText: 'admin' }).count(), action).toBeGreaterThan(0);
    }
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('§4 no lost updates: a stale edit is refused (409) and the console shows theirs vs yours instead of overwriting', async () => {
    const tokenName = unique('E2ESTALE');
    const original = await createToken(admin, tokenName);
    const a = await newSession(browser);
    await signIn(a.page, adminKey);
    await a.page.goto('/settings/tokens');
    const row = await searchToken(a.page, tokenName);
    await editFromRow(a.page, row, tokenName);
    await a.page.getByRole('textbox', { name: 'Decimals 1' }).fill('9');

    // Meanwhile someone else saves the same token over the version console A loaded.
    const theirs = await admin('PUT', `/tokens/${tokenName}`, {
      tokenName,
      version: original.version,
      networkData: { Ethereum: { address: ADDRESS_B, decimals: 12 } },
    });
    expect(theirs.status).toBe(200);

    const refused = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(409);
    const conflict = a.page.getByRole('dialog', { name: `Token ${tokenName} was changed by someone else` });
    await conflict.waitFor();
    const theirsPane = conflict.getByRole('region', { name: 'Theirs (current)' });
    const yoursPane = conflict.getByRole('region', { name: 'Yours' });
    expect(await theirsPane.textContent()).toContain(ADDRESS_B);
    expect(await theirsPane.textContent()).toMatch(/"decimals": 12/);
    expect(await yoursPane.textContent()).toMatch(/"decimals": 9/);
    await opaque(conflict);
    await screenshot(a.page, 'light-admin-token-conflict');
    await conflict.getByRole('button', { name: 'Cancel' }).click();

    // The other change survived: the server still has it.
    const current = await currentToken(admin, original);
    expect(current.networkData.Ethereum).toEqual({ address: ADDRESS_B, decimals: 12 });
    expect(current.version).toBe(original.version + 1);

    // Take theirs: the form shows the current record and its next save goes over the new version.
    await a.page.getByRole('button', { name: 'Save' }).click();
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Take theirs' }).click();
    await eventually(() => a.page.getByRole('textbox', { name: 'Address 1' }).inputValue()).toBe(ADDRESS_B);
    expect(await a.page.getByRole('textbox', { name: 'Decimals 1' }).inputValue()).toBe('12');
    expect(a.pageErrors).toEqual([]);
    await a.context.close();
    expect((await admin('DELETE', `/tokens/${tokenName}`)).status).toBe(200);
  });

  it("§6 an operator's console has no admin screens, and the server refuses admin calls with the operator's token (403)", async () => {
    const o = await newSession(browser);
    await signIn(o.page, operatorKey);
    const nav = o.page.getByRole('navigation').or(o.page.locator('.RaSidebar-fixed'));
    for (const route of ROUTES.filter((r) => r.access === 'any')) {
      await eventually(() => nav.getByRole('menuitem', { name: route.title, exact: true }).count(), route.path).toBeGreaterThan(0);
    }
    expect(await nav.getByText('Admin', { exact: true }).count()).toBe(0);
    for (const title of ['New transaction', 'System settings', 'Networks', 'Configs', 'User logs', 'Bridges', 'Manage tokens']) {
      expect(await nav.getByRole('menuitem', { name: title, exact: true }).count(), title).toBe(0);
    }
    for (const path of ['/settings/tokens', '/tx/new', '/settings/configs', '/settings/userlogs', '/settings/bridges/', '/settings']) {
      await o.page.goto(path);
      await o.page.waitForURL((u) => u.pathname === '/');
    }

    const tokenName = unique('E2EOPS');
    const calls: [string, string, unknown?][] = [
      ['POST', '/tokens', { tokenName, networkData: { Ethereum: { address: ADDRESS_A, decimals: 18 } } }],
      ['PUT', `/tokens/${tokenName}`, { tokenName, version: 1, networkData: { Ethereum: { address: ADDRESS_A, decimals: 18 } } }],
      ['DELETE', `/tokens/${tokenName}`],
      ['GET', '/configs'],
      ['PUT', '/configs/worker', { version: 1, data: {} }],
      ['POST', '/bridges', { bridgeName: tokenName, kind: 'Stargate' }],
      ['POST', '/logs/more', {}],
      ['POST', '/txs/sell', { tokenName: 'WETH', network: 'Ethereum', amount: 1 }],
      ['POST', '/txs/unlock-nonce', { network: 'Ethereum', nonce: 1 }],
      ['POST', '/settings/cache/results/clear'],
      ['PUT', '/aws/groups', { groups: [] }],
    ];
    for (const [method, path, body] of calls) {
      expect((await operator(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // Nothing was created behind the refusal.
    expect((await admin('DELETE', `/tokens/${tokenName}`)).status).toBe(404);
    expect(o.pageErrors).toEqual([]);
    await o.context.close();
  });
  it('§7 /tx on the 100,000 seeded rows: server-side filters by status and network, sort, pagination kept in the URL, CSV export; a row opens its transaction page whose history groups Buy/Sell/Other (§2, §3 keys)', async () => {
    const o = await newSession(browser);
    await signIn(o.page, operatorKey);
    const page = o.page;
    await page.goto('/tx');
    const table = page.getByRole('table', { name: 'Transactions' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^History of / }) });
    // react-admin's pagination line: "1-25 of 100000".
    const shown = page.getByText(/^[\d,]+[–-][\d,]+ of [\d,]+$/);
    const totalOf = async () => Number(/of ([\d,]+)$/.exec((await shown.textContent({ timeout: 2000 })) ?? '')?.[1]?.replace(/,/g, ''));
    await eventually(totalOf).toBeGreaterThanOrEqual(100_000);
    const everything = await totalOf();
    expect(await rows.count()).toBe(25);

    /** The text of one column in every row on the page. */
    const column = async (label: string): Promise<string[]> => {
      const headers = await table.getByRole('columnheader').allTextContents();
      const index = headers.findIndex((h) => h.trim() === label);
      expect(index, label).toBeGreaterThanOrEqual(0);
      return rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''), index);
    };
    // A cell reads "1,192.60 USD": the figure before its unit.
    const amounts = async () => (await column('Amount in')).map((t) => Number(t.replace(/,/g, '').split(' ')[0]));
    const settled = (pathPart: string) => page.waitForResponse((r) => r.url().includes('/api/txs') && decodeURIComponent(r.url()).includes(pathPart) && r.status() === 200);

    // Filters: status failed on Ethereum, answered by the server with a smaller total.
    let answered = settled('"status":"failed"');
    await choose(page, 'Status', 'failed');
    await answered;
    answered = settled('"network":"Ethereum"');
    await choose(page, 'Network', 'Ethereum');
    await answered;
    // Read once the page shows both filters (the previous answer stays up until the new one lands).
    await eventually(async () => [...new Set(await column('Network'))]).toEqual(['Ethereum']);
    expect(new Set(await column('Status'))).toEqual(new Set(['failed']));
    const matching = await totalOf();
    expect(matching).toBeLessThan(everything);
    expect(matching).toBeGreaterThan(25);

    // Sort by amount in: descending first, then ascending, across pages.
    // ra-data-simple-rest's query: sort=["amountIn","DESC"]&range=[0,24].
    // At 1440 px Amount in is a low-priority column, kept in the column chooser so the table fits:
    // the operator shows it there first, as this test does.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.locator('.MuiPopover-paper').getByLabel('Amount in', { exact: true }).check();
    await page.keyboard.press('Escape');
    answered = settled('"amountIn","DESC"');
    await table.getByRole('button', { name: 'Amount in' }).click();
    await answered;
    await eventually(async () => { const a = await amounts(); return a.every((v, i) => i === 0 || (a[i - 1] ?? 0) >= v); }).toBe(true);
    answered = settled('"amountIn","ASC"');
    await table.getByRole('button', { name: 'Amount in' }).click();
    await answered;
    await eventually(async () => { const a = await amounts(); return a.every((v, i) => i === 0 || (a[i - 1] ?? 0) <= v); }).toBe(true);
    const firstPage = await amounts();
    answered = settled('range=[25,49]');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await answered;
    await eventually(() => shown.textContent()).toBe(`26-50 of ${matching}`);
    const secondPage = await amounts();
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);
    expect(new Set(await column('Status'))).toEqual(new Set(['failed']));

    // The view is in the address (react-admin's filter, sort, order, page): a reload comes back to the same filters, sort and page.
    const address = new URL(page.url()).searchParams;
    expect(JSON.parse(address.get('filter') ?? '{}')).toEqual({ status: 'failed', network: 'Ethereum' });
    expect([address.get('sort'), address.get('order'), address.get('page')]).toEqual(['amountIn', 'ASC', '2']);
    await page.reload();
    await eventually(() => shown.textContent()).toBe(`26-50 of ${matching}`);
    expect(await amounts()).toEqual(secondPage);

    // Export: every filtered row in this sort, as one CSV (read in pages; feedback.e2e.ts watches the progress).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    // Every text cell is quoted (no cell here holds a comma): the quotes off, the text.
    const unquote = (cell: string) => cell.replace(/^"(.*)"$/, '$1');
    const fields = (header?.split(',') ?? []).map(unquote);
    const cells = (name: string) => lines.map((l) => unquote(l.split(',')[fields.indexOf(name)] ?? ''));
    expect(lines).toHaveLength(matching);
    expect(new Set(cells('status'))).toEqual(new Set(['failed']));
    expect(new Set(cells('network'))).toEqual(new Set(['Ethereum']));
    const exported = cells('amountIn').map(Number);
    expect(exported.every((v, i) => i === 0 || (exported[i - 1] ?? 0) <= v)).toBe(true);

    // The transaction page of a sell leg: its history holds the trade's legs, grouped by side.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await choose(page, 'Side', 'sell');
    await eventually(async () => new Set(await column('Side'))).toEqual(new Set(['sell']));
    const historyLabel = (await rows.first().getByRole('button', { name: /^History of / }).getAttribute('aria-label')) ?? '';
    const id = historyLabel.replace('History of ', '');
    await rows.first().click();
    await page.waitForURL((u) => u.pathname === `/tx/${encodeURIComponent(id)}`);
    const article = page.getByRole('article', { name: `Transaction ${id}` });
    await article.getByRole('heading', { name: `Transaction ${id}` }).waitFor();
    const record = (await (await operator('GET', `/txs/${encodeURIComponent(id)}`)).json()) as { history: Record<string, unknown> };
    const keys = Object.keys(record.history);
    expect(keys.some((k) => k.startsWith('sell:'))).toBe(true);
    await article.getByRole('button', { name: `History (${keys.length})` }).click();
    const popup = page.getByRole('dialog', { name: `History of ${id}` });
    for (const [group, side] of [['Buy', 'buy:'], ['Sell', 'sell:']] as const) {
      const region = popup.getByRole('region', { name: group });
      const expected = keys.filter((k) => k.startsWith(side));
      expect(await region.getByRole('heading').textContent()).toBe(`${group} (${expected.length})`);
      // Each step in words, the backend's key on hover only (not "buy:1inch:1:Swap" as text).
      for (const key of expected) {
        expect(await region.getByTitle(key, { exact: true }).count(), key).toBe(1);
        expect(await region.getByText(key, { exact: true }).count(), key).toBe(0);
      }
    }
    const other = keys.filter((k) => !k.startsWith('buy:') && !k.startsWith('sell:'));
    expect(await popup.getByRole('region', { name: 'Other' }).getByRole('heading').textContent()).toBe(`Other (${other.length})`);
    await opaque(popup);
    await screenshot(page, 'light-operator-tx-history-popup');
    await popup.getByRole('button', { name: 'Close' }).click();
    await article.getByRole('button', { name: 'Raw record' }).click();
    const raw = page.getByRole('dialog', { name: `Transaction ${id} (raw record)` });
    expect(await raw.textContent()).toContain(`"id": "${id}"`);
    await raw.getByRole('button', { name: 'Close' }).click();

    // Back to the list, with the filter it had.
    await article.getByRole('button', { name: 'Transactions' }).click();
    await table.waitFor();
    expect(await page.getByRole('combobox', { name: 'Side', exact: true }).textContent()).toBe('sell');
    expect(o.pageErrors).toEqual([]);
    await o.context.close();
  });
});
