import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn } from './browser.ts';

/*
 * docs/protocol.md "Login and the session token", in Chromium against the real reference server:
 * Logout in the user menu asks the server to revoke the session (POST /api/logout with the
 * session's token), after which that token is refused everywhere; the console lands on the sign-in
 * screen without a "Disconnected from server" toast (its socket was closed before the server ended
 * it), and signing in again works.
 */
describe.skipIf(!hasChromium)('Login and the session token (protocol): sign-out revokes the session on the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('on a phone (390×844) the user menu names who is signed in and their role: beside its icon, in its accessible name, and at the top of the open menu', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, operatorKey);
    const button = page.getByRole('button', { name: 'Profile operator (Operator)', exact: true });
    await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(1);
    expect(await button.innerText()).toBe('operator');
    await button.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.locator('li').first().innerText()).toBe('Signed in as operator, Operator');
    // Text, not an item: Logout is the one thing to press, and it is on top where a person taps.
    expect(await menu.getByRole('menuitem').count()).toBe(1);
    await screenshot(page, 'light-operator-phone-user-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Logout sends POST /api/logout with the token; the token then gets 401; no disconnect toast; signing in again works', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    const loggedIn = page.waitForResponse((response) => response.url().endsWith('/api/login') && response.status() === 200);
    await signIn(page, operatorKey);
    const { token } = (await (await loggedIn).json()) as { token: string };
    const asOperator = (path: string) => fetch(`${baseURL}/api${path}`, { headers: { 'x-api-key': token } });
    expect((await asOperator('/txs/?perPage=1')).status).toBe(200);
    await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 10_000 }).toBe(1);

    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: /^Profile\b/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const answer = await revoked;
    expect(answer.request().method()).toBe('POST');
    expect(await answer.request().headerValue('x-api-key')).toBe(token);
    expect(answer.status()).toBe(204);

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Access key').waitFor();
    expect((await asOperator('/txs/?perPage=1')).status).toBe(401);
    expect((await asOperator('/proxy/worker/quoteUi?network=Ethereum')).status).toBe(401);
    // The server's stopReconnect for the revoked session never reached the leaving console.
    await page.waitForTimeout(500);
    expect(await page.getByText('Disconnected from server').count()).toBe(0);
    expect(await page.evaluate(() => document.title)).toBeTruthy();

    await signIn(page, operatorKey);
    await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 10_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  for (const status of [409, 503]) {
    it(`Logout refused by the server (${status}): the console still signs out and lands on sign-in, and still answers`, async () => {
      const admin = await apiAs(adminKey);
      const { page, context } = await newSession(browser);
      const loggedIn = page.waitForResponse((response) => response.url().endsWith('/api/login') && response.status() === 200);
      await signIn(page, operatorKey);
      const { token } = (await (await loggedIn).json()) as { token: string };
      const refusal = { action: 'refuse', method: 'POST', path: '/api/logout', status, error: 'session store unavailable' };
      expect((await admin('POST', '/sim/control', { ...refusal, times: 1 })).status).toBe(200);
      try {
        const refused = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
        await page.getByRole('button', { name: /^Profile\b/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        expect((await refused).status()).toBe(status);
        await page.waitForURL((url) => url.pathname === '/login');
        await page.getByLabel('Access key').waitFor();
        expect(await page.evaluate(() => 1 + 1)).toBe(2);
        // The server could not revoke it: the token the browser no longer holds is still a session there.
        expect((await fetch(`${baseURL}/api/txs/?perPage=1`, { headers: { 'x-api-key': token } })).status).toBe(200);
        await signIn(page, operatorKey);
        await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 10_000 }).toBe(1);
      } finally {
        await admin('POST', '/sim/control', { ...refusal, times: 0 });
      }
      await context.close();
    });
  }
});
