import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/config/access.ts';
import { API_KEY_STORAGE_KEY } from '../../src/config/constants.ts';
import { adminKey, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn } from './browser.ts';

/** A concrete URL for each route of the table (the bridges route has nested sub-routes). */
const concrete = (path: string) => path.replace('/*', '');
const signedInRoutes = ROUTES.filter((r) => r.access !== 'public');

describe.skipIf(!hasChromium)('foundation in Chromium against the reference server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('§2 an unauthenticated visit to any route but /login lands on /login, replacing the history entry', async () => {
    const { page, context } = await newSession(browser);
    await page.goto('/login');
    await page.getByLabel('Access key').waitFor();
    const baseline = await page.evaluate(() => history.length);
    for (const route of signedInRoutes) {
      const fresh = await context.newPage();
      await fresh.goto(concrete(route.path));
      await fresh.waitForURL((url) => url.pathname === '/login');
      await fresh.getByLabel('Access key').waitFor();
      expect(await fresh.evaluate(() => history.length), route.path).toBe(baseline);
      await fresh.close();
    }
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');
    await screenshot(page, 'login');
    await context.close();
  });

  it('§8 a wrong access key shows a clear message and stores nothing', async () => {
    const { page, context } = await newSession(browser);
    await page.goto('/login');
    await page.getByLabel('Access key').fill('definitely-not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid access key' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate((k) => localStorage.getItem(k), API_KEY_STORAGE_KEY)).toBeNull();
    await screenshot(page, 'login-error');
    await context.close();
  });

  it('§6 the session token is stored under USER_API_KEY, encrypted, never in plain text', async () => {
    const { page, context } = await newSession(browser);
    const tokenPromise = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.status() === 200);
    const signingIn = signIn(page, adminKey);
    const token = ((await (await tokenPromise).json()) as { token: string }).token;
    await signingIn;
    const stored = await page.evaluate((k) => localStorage.getItem(k), API_KEY_STORAGE_KEY);
    expect(stored).toBeTruthy();
    expect(stored).not.toContain(token);
    for (const part of token.split('.')) expect(stored).not.toContain(part);
    expect(stored).not.toContain(adminKey);
    await context.close();
  });

  it('§1 the header shows the build label with version 0.0.1 linking to /', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, operatorKey);
    await page.goto('/tx');
    await page.getByRole('link', { name: /Operator Console v0\.0\.1/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await screenshot(page, 'home-operator');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§8 a screen whose code fails to load raises vite:preloadError, is named with Try again, and loads once the network is back', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, operatorKey);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { preloadErrors: string[] }).preloadErrors = seen;
      window.addEventListener('vite:preloadError', (event) => seen.push(String((event as Event & { payload?: unknown }).payload)));
    });
    // The transactions list's code (the kit's list view) cannot be fetched (a network blip while it loads).
    const chunk = /\/assets\/ResourceList-[^/]+\.js$/;
    await context.route(chunk, (route) => route.abort('internetdisconnected'));
    await page.getByRole('menuitem', { name: 'Transactions', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load this screen.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Check the connection to the server, then try again.');
    expect(await page.evaluate(() => (window as unknown as { preloadErrors: string[] }).preloadErrors.length)).toBeGreaterThan(0);
    // The rest of the console goes on: the menu still works, and the failure does not follow to Home.
    await page.getByRole('menuitem', { name: 'Home', exact: true }).click();
    await page.getByRole('button', { name: 'Worker actions' }).waitFor();
    expect(await alert.count()).toBe(0);
    await page.goBack();
    await alert.waitFor();
    await screenshot(page, 'screen-load-failed');

    await context.unroute(chunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  for (const [who, key, isAdmin] of [
    ['Admin', adminKey, true],
    ['operator', operatorKey, false],
  ] as const) {
    it(`§2/§6 route matrix for an ${who}: allowed routes open, others and unknown paths go to /`, async () => {
      const { page, context } = await newSession(browser, isAdmin ? 'dark' : 'light');
      await signIn(page, key);
      for (const route of signedInRoutes) {
        const url = concrete(route.path);
        await page.goto(url);
        const allowed = route.access === 'any' || isAdmin;
        const expected = allowed ? url : '/';
        await page.waitForURL((u) => u.pathname === expected, { timeout: 15_000 });
        if (allowed) {
          await expect
            .poll(() => page.getByRole('heading', { name: route.title, exact: true }).count(), { message: url, timeout: 15_000 })
            .toBeGreaterThan(0);
        }
      }
      await page.goto('/definitely/unknown');
      await page.waitForURL((u) => u.pathname === '/');
      if (isAdmin) await screenshot(page, 'home-admin-dark');
      await context.close();
    });
  }
});
