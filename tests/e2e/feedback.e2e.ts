/**
 * Feedback, routing, per-user signals and Loading..., in Chromium against the reference server,
 * pressed as a person presses: the way back after stopReconnect ("Sign in again" in the stay-open
 * "Disconnected from server" toast), routing of unknown sub-paths for an Operator (§2), signal
 * state per user in one browser, "Loading..." before any script arrives, and the toasts of a
 * token's create, edit and delete.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, stillAnswers, type Api } from './browser.ts';

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

/** Closes every open toast with a real click on "Dismiss all" (or the one toast), so nothing covers the header. */
async function dismissToasts(page: Page): Promise<void> {
  const all = page.getByRole('button', { name: 'Dismiss all', exact: true });
  if ((await all.count()) > 0) await all.click();
  for (const toast of await page.getByTitle('Click to close', { exact: true }).all()) await toast.click().catch(() => undefined);
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

  it('§7 an export of more rows than it holds says so before the download ("the first 500 of 100,000"), and offers a narrower filter instead', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, operatorKey);
    await page.goto('/tx');
    await page.getByRole('table', { name: 'Transactions' }).waitFor({ timeout: 15_000 });
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const limit = page.getByRole('dialog', { name: /^Export the first 500 of [\d,]+ transactions\?$/ });
    await limit.waitFor();
    expect(await limit.textContent()).toContain('narrow the filters');
    await screenshot(page, 'light-operator-export-limit');
    await limit.getByRole('button', { name: 'Narrow the filters' }).click();
    await limit.waitFor({ state: 'detached' });
    expect(downloads).toEqual([]);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
