/**
 * Feedback, routing, per-user signals and Loading..., in Chromium against the reference server,
 * pressed as a person presses: the way back after stopReconnect ("Sign in again" in the stay-open
 * "Disconnected from server" toast), routing of unknown sub-paths for an Operator (§2), signal
 * state per user in one browser, "Loading..." before any script arrives, and the toasts of a
 * token's create, edit and delete.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, pressIfStillThere, screenshot, signIn, stillAnswers, type Api } from './browser.ts';

/** expect.poll with room for a loaded 2-core machine. */
function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 20_000, message });
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DISCONNECTED = 'Disconnected from server';
const LIVE = /^Server connection Live\b/;

/** The bell's unread count (0 when it says none). */
async function unread(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

/**
 * Closes every open toast with a real click on "Dismiss all" (or the one toast), so nothing covers
 * the header. The toasts here close by themselves too, so a press may find its target gone.
 */
async function dismissToasts(page: Page): Promise<void> {
  const all = page.getByRole('button', { name: 'Dismiss all', exact: true });
  if ((await all.count()) > 0) await pressIfStillThere(all);
  for (const toast of await page.getByTitle('Click to close', { exact: true }).all()) await pressIfStillThere(toast);
}

/** The `range` a GET /api/txs/ asks for, as sent ("[500,999]"). */
const rangeOf = (url: string) => new URL(url).searchParams.get('range');

/** "1-25 of 1140" (react-admin writes the total without separators). */
const firstPageOf = (total: number) => new RegExp(`^1-25 of (${total}|${total.toLocaleString('en-US')})$`);

/** The pages of 500 rows /api/txs/ is asked for (an export's, not the list's 25), and the files downloaded, in order. */
function watchExports(page: Page): { pages: string[]; downloads: string[] } {
  const pages: string[] = [];
  const downloads: string[] = [];
  page.on('request', (request) => {
    const range = request.url().includes('/api/txs/?') ? rangeOf(request.url()) : null;
    const [start, end] = range === null ? [] : (JSON.parse(range) as number[]);
    if (range !== null && start !== undefined && end === start + 499) pages.push(range);
  });
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  return { pages, downloads };
}

/**
 * /tx filtered to the failed Ethereum transactions up to now: a little over 1,000 of the seeded ones
 * (three export pages), and none the simulator adds while the test exports them.
 */
async function filteredTxs(page: Page) {
  const watched = watchExports(page);
  const filter = { status: 'failed', network: 'Ethereum', to: new Date().toISOString() };
  await page.goto(`/tx?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  const shown = page.getByText(/^1-25 of [\d,]+$/);
  await shown.waitFor({ timeout: 15_000 });
  const matching = Number(/of ([\d,]+)$/.exec((await shown.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(matching).toBeGreaterThan(500);
  expect(matching).toBeLessThan(3000);
  await dismissToasts(page);
  return { matching, ...watched };
}

/**
 * The records of a CSV as src/domain/csv.ts writes them (RFC 4180: a quoted cell may hold commas,
 * quotes as "" and line breaks; records end with CRLF), a leading byte-order mark dropped.
 */
function csvRecords(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

async function logout(page: Page): Promise<void> {
  await dismissToasts(page);
  await page.getByRole('button', { name: /^Profile\b/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe.skipIf(!hasChromium)('feedback, routing, per-user signals and Loading... in Chromium', () => {
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('§4 §8 after stopReconnect the stay-open "Disconnected from server" toast offers "Sign in again"; a click goes to /login and signing in works again', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    await eventually(() => page.getByLabel(LIVE).count()).toBe(1);
    expect((await admin('POST', '/sim/control', { action: 'stopReconnect' })).status).toBe(200);
    await page.getByText(DISCONNECTED, { exact: true }).waitFor({ timeout: 15_000 });
    const signInAgain = page.getByRole('button', { name: 'Sign in again', exact: true });
    await signInAgain.waitFor();
    await screenshot(page, 'light-operator-disconnected-sign-in-again');
    await signInAgain.click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('USER_API_KEY'))).toBeNull();

    // Signing in again, on this page, brings the console back live.
    await page.getByLabel('Access key').fill(operatorKey);
    const loggedIn = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await loggedIn).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Enter the console' }).click();
    await eventually(() => page.getByLabel(LIVE).count()).toBe(1);
    expect(await page.getByText(DISCONNECTED, { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('reconn'))).not.toBe('0');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2 an Operator at a path that is not a route of theirs, sub-paths included, ends at /', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    for (const path of ['/tsettings/tokens/create', '/settings/tokens/create', '/tx/new', '/a/b/c', '/tx/latest/extra']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ timeout: 15_000 });
      // Replaced, not pushed: Back does not return to the unknown path.
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
    // The routes an Operator has still open.
    await page.goto('/tsettings/tokens');
    await page.getByRole('heading', { level: 1, name: 'Token pins' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/tsettings/tokens');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('per-user signals: the Admin\'s notifications are not the Operator\'s: after the Admin signs out, the Operator signing in in the same browser sees none of them', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    // Home shows before the socket is live; a notice sent before that reaches no one.
    await eventually(() => page.getByLabel(LIVE).count()).toBe(1);
    const marker = unique('ADMINONLY');
    for (let i = 0; i < 5; i++) {
      // Warnings: the bell counts what needs a look, not routine info.
      expect((await admin('POST', '/sim/control', { action: 'notify', msg: `${marker} ${i}`, type: 'warning', autoClose: 3000 })).status).toBe(200);
    }
    await page.getByText(`${marker} 4`).first().waitFor({ timeout: 15_000 });
    await eventually(() => unread(page)).toBeGreaterThanOrEqual(5);
    const adminUnread = await unread(page);
    await logout(page);

    await signIn(page, operatorKey);
    // Right at sign-in: none of the Admin's unread (the Operator's own live signals may start to count).
    expect(await unread(page)).toBeLessThan(adminUnread);
    await dismissToasts(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const centre = page.getByRole('list', { name: 'Notifications, newest first' });
    await centre.waitFor({ timeout: 15_000 });
    expect(await centre.getByText(marker).count()).toBe(0);
    await screenshot(page, 'light-operator-centre-after-admin');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2 "Loading..." shows before any script arrives, and the app replaces it', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context } = await newSession(browser, scheme);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let scriptsAsked = 0;
      await page.route('**/assets/*.js', async (route) => {
        scriptsAsked++;
        await held;
        await route.continue();
      });
      // Not 'domcontentloaded': that waits for the (held) module scripts to run.
      await page.goto('/login', { waitUntil: 'commit' });
      const loading = page.getByText('Loading...', { exact: true });
      await loading.waitFor({ timeout: 15_000 });
      expect(scriptsAsked).toBeGreaterThan(0);
      // No script has run: the root holds exactly what index.html put there, readable in this theme.
      expect(await page.locator('#root').innerText()).toBe('Loading...');
      const colours = await loading.evaluate((el) => ({ text: getComputedStyle(el).color, page: getComputedStyle(document.body).backgroundColor }));
      expect(colours.text).not.toBe(colours.page);
      await screenshot(page, `${scheme}-boot-loading`);
      release();
      await page.getByLabel('Access key').waitFor({ timeout: 30_000 });
      expect(await page.getByText('Loading...', { exact: true }).count()).toBe(0);
      await context.close();
    }
  });

  it('§7 a token\'s create, edit and delete in the browser each say so in a toast naming the token', async () => {
    const tokenName = unique('E2EFB');
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.goto('/settings/tokens/create');
    await page.getByRole('textbox', { name: 'Token name' }).fill(tokenName);
    await page.getByRole('combobox', { name: 'Network 1', exact: true }).click();
    await page.getByRole('option', { name: 'Ethereum', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Address 1' }).fill('0x00000000000000000000000000000000000000f6');
    await page.getByRole('textbox', { name: 'Decimals 1' }).fill('6');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/tokens') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await page.getByText(`Token ${tokenName} created.`, { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'light-admin-token-created-toast');

    await page.goto(`/settings/tokens/${tokenName}`);
    await eventually(() => page.getByRole('textbox', { name: 'Token name' }).inputValue()).toBe(tokenName);
    await page.getByRole('textbox', { name: 'Decimals 1' }).fill('8');
    const updated = page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    await page.getByText(`Token ${tokenName} saved.`, { exact: true }).waitFor({ timeout: 15_000 });

    await page.getByRole('textbox', { name: 'Search' }).fill(tokenName);
    const row = page.getByRole('table', { name: 'Tokens' }).getByRole('row').filter({ hasText: tokenName });
    await eventually(() => row.count()).toBe(1);
    await dismissToasts(page);
    // From the keyboard, as in resources.e2e.ts: the row's Delete sits at the right, where toasts appear.
    await row.getByRole('button', { name: `Delete ${tokenName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete token' });
    const deleted = page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByText(`Token ${tokenName} deleted.`, { exact: true }).waitFor({ timeout: 15_000 });
    // Only one question was asked.
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§8 a list answer that breaks the contract (a bare array, no Content-Range) is said on /tx at once, with what was wrong; Try again loads once the backend answers right', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    // A backend that answers the list as a bare array: the records, but no total for the pages.
    let listCalls = 0;
    await page.route(/\/api\/txs\/\?/, async (route) => {
      listCalls++;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ id: 'bare-1', status: 'completed' }]) });
    });
    await page.goto('/tx');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load transactions' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain("the backend's answer to GET /txs/ could not be read: it has no Content-Range header, so the number of records is unknown");
    // Said at once, not after retries, and no table or pages of unknown length under it.
    expect(listCalls).toBe(1);
    expect(await page.getByRole('table', { name: 'Transactions' }).count()).toBe(0);
    expect(await page.getByText(/^\d+[–-]\d+ of \d+$/).count()).toBe(0);
    await screenshot(page, 'light-operator-tx-unreadable-list');
    await page.unroute(/\/api\/txs\/\?/);
    await dismissToasts(page);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Transactions' }).waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§7 docs/guide.md "Exports": more rows than an export holds (100,000) are asked about before anything is read, with a narrower filter offered instead', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    // The demo holds 100,000 transactions, the cap itself: the list is told it matches 250,000.
    await page.route(/\/api\/txs\/\?/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), 'content-range': (response.headers()['content-range'] ?? '').replace(/\/\d+$/, '/250000') };
      await route.fulfill({ response, headers });
    });
    const { pages, downloads } = watchExports(page);
    await page.goto('/tx');
    await page.getByText(firstPageOf(250_000)).waitFor({ timeout: 15_000 });
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const limit = page.getByRole('dialog', { name: 'Export the first 100,000 of 250,000 transactions?' });
    await limit.waitFor();
    expect(await limit.textContent()).toContain('narrow the filters');
    await screenshot(page, 'light-operator-export-limit');
    await limit.getByRole('button', { name: 'Narrow the filters' }).click();
    await limit.waitFor({ state: 'detached' });
    // Nothing read, nothing downloaded.
    expect(pages).toEqual([]);
    expect(downloads).toEqual([]);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§7 docs/guide.md "Exports": Export reads every row the filter matches in pages of 500, counting them in a dialog, and downloads one CSV with each row once', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    const { matching, pages, downloads } = await filteredTxs(page);
    // The second page waits a moment, so the dialog is seen mid-way however fast the server is.
    await page.route(/\/api\/txs\/\?/, async (route) => {
      if (rangeOf(route.request().url()) === '[500,999]') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    const before = pages.length;
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Exporting transactions' });
    await progress.getByText(`Exporting 500 of ${matching.toLocaleString('en-US')} transactions…`, { exact: true }).waitFor({ timeout: 15_000 });
    const bar = progress.getByRole('progressbar', { name: 'Exporting transactions' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeCloseTo((100 * 500) / matching, 0);
    expect(await progress.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await screenshot(page, 'light-operator-export-progress');

    const file = await download;
    const records = csvRecords(await readFile((await file.path()) ?? '', 'utf8'));
    const [header = [], ...rows] = records;
    expect(rows).toHaveLength(matching);
    const column = (name: string) => rows.map((row) => row[header.indexOf(name)]);
    expect(new Set(column('id')).size).toBe(matching);
    expect(new Set(column('status'))).toEqual(new Set(['failed']));
    expect(new Set(column('network'))).toEqual(new Set(['Ethereum']));
    // Newest first, as the list: the pages follow each other.
    const created = column('createdAt').map((t) => Date.parse(t ?? ''));
    expect(created.every((t, i) => i === 0 || (created[i - 1] ?? 0) >= t)).toBe(true);
    // One request per 500 rows, in order.
    expect(pages.slice(before)).toEqual(Array.from({ length: Math.ceil(matching / 500) }, (_, i) => `[${i * 500},${i * 500 + 499}]`));
    await progress.waitFor({ state: 'detached' });
    expect(downloads).toEqual(['transactions.csv']);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§7 docs/guide.md "Exports": Cancel stops at once; a page the server refuses stops the export and says so, downloading nothing, and Try again starts over', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    const { matching, pages, downloads } = await filteredTxs(page);
    const shown = page.getByText(firstPageOf(matching));

    // Cancel while the second page is on its way: the dialog goes, no further page is asked for.
    let held = (): void => undefined;
    await page.route(/\/api\/txs\/\?/, async (route) => {
      if (rangeOf(route.request().url()) === '[500,999]') await new Promise<void>((resolve) => (held = resolve));
      await route.fallback().catch(() => undefined);
    });
    let before = pages.length;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Exporting transactions' });
    await progress.getByText(`Exporting 500 of ${matching.toLocaleString('en-US')} transactions…`, { exact: true }).waitFor({ timeout: 15_000 });
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'detached', timeout: 2000 });
    held();
    await page.waitForTimeout(1000);
    expect(pages.slice(before)).toEqual(['[0,499]', '[500,999]']);
    expect(downloads).toEqual([]);
    await page.unroute(/\/api\/txs\/\?/);

    // The second page answers 500.
    await page.route(/\/api\/txs\/\?/, async (route) => {
      if (rangeOf(route.request().url()) !== '[500,999]') return route.fallback();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'the database is busy' }) });
    });
    before = pages.length;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const stopped = page.getByRole('dialog', { name: 'The export stopped' });
    await stopped.waitFor({ timeout: 15_000 });
    expect(await stopped.getByText(/^The export stopped at/).textContent()).toBe(
      `The export stopped at 500 of ${matching.toLocaleString('en-US')} transactions: the server answered 500: the database is busy. Nothing was downloaded.`,
    );
    await screenshot(page, 'light-operator-export-refused');
    expect(pages.slice(before)).toEqual(['[0,499]', '[500,999]']);
    expect(downloads).toEqual([]);
    await stopped.getByRole('button', { name: 'Close' }).click();
    await stopped.waitFor({ state: 'detached' });
    // The list behind is as it was.
    await shown.waitFor();
    expect(await page.getByRole('table', { name: 'Transactions' }).getByRole('row').count()).toBe(26);
    await stillAnswers(page);
    expect(downloads).toEqual([]);

    // The server answers again: Try again reads from the first page and downloads.
    await stopped.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await stopped.waitFor();
    await page.unroute(/\/api\/txs\/\?/);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await stopped.getByRole('button', { name: 'Try again' }).click();
    const [, ...rows] = csvRecords(await readFile((await (await download).path()) ?? '', 'utf8'));
    expect(rows).toHaveLength(matching);
    expect(downloads).toEqual(['transactions.csv']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
