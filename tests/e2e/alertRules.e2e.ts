/**
 * Alert rules in Chromium against the reference server: an operator sets a rule on Preferences, the
 * simulator holds a network's balance low (its `balance` control) and the console raises one
 * warning toast for it, however many low balances follow, and closes it when the balance is healthy
 * again. An Admin saves rules for everyone; an Operator is refused. Home's Gas and balances says
 * how many transactions a balance still pays for.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, signIn, type Session, stillAnswers } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

const eventually = <T>(read: () => Promise<T> | T, message?: string) => expect.poll(read, { timeout: 15_000, message });

/** Warning toasts on screen whose text starts with `start`. */
const warningToasts = (page: Page, start: string): Locator =>
  page.locator('[data-toast-variant="warning"]').filter({ hasText: new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

const BASE_RULE = 'Balance on Base below 0.5 ETH';
const OPTIMISM_RULE = 'Balance on Optimism below 0.5 ETH';

/** Adds "balance below `value` ETH on `network`" to this browser's rules, from Preferences' form. */
async function addBalanceRule(page: Page, network: string, value: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/tsettings') await page.goto('/tsettings');
  const form = page.getByRole('form', { name: 'New alert rule' });
  await form.getByRole('combobox', { name: 'Alert when' }).click();
  await page.getByRole('option', { name: 'Balance is below', exact: true }).click();
  await form.getByRole('combobox', { name: 'Network' }).click();
  await page.getByRole('option', { name: network, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await form.getByRole('textbox', { name: 'Balance below' }).fill(value);
  await form.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('list', { name: 'Alert rules of this browser' }).getByText(`Balance on ${network} below ${value} ETH`, { exact: true }).waitFor();
}

describe.skipIf(!hasChromium)('alert rules in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];
  const hold = (network: string, balance: number | null) => admin('POST', '/sim/control', { action: 'balance', network, balance });

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [] } })).status).toBe(200);
  });

  afterAll(async () => {
    // Nothing of this file is left for the next: balances back to the simulation, no shared rules.
    if (admin) {
      for (const network of ['Base', 'Optimism']) await hold(network, null);
      await admin('PUT', '/settings/misc', { updates: { alertRules: [] } });
    }
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });

  async function openConsole(key: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Session> {
    const session = await newSession(browser, colorScheme);
    sessions.push(session);
    await signIn(session.page, key);
    return session;
  }

  it('§3 an operator sets "balance below 0.5 ETH on Base"; a low balance makes exactly one warning toast with the rule\'s text, more low balances add none, a healthy one clears it; Pays for reads ≈ 0 txs in the danger colour', async () => {
    expect((await hold('Base', 3)).status).toBe(200);
    const { page, pageErrors } = await openConsole(operatorKey);
    await addBalanceRule(page, 'Base', '0.5');
    // A second rule, on another network, tells when the console has evaluated the balances sent before it.
    await addBalanceRule(page, 'Optimism', '0.5');
    await page.goto('/');
    expect(await warningToasts(page, BASE_RULE).count()).toBe(0);

    expect((await hold('Base', 0.01)).status).toBe(200);
    await eventually(() => warningToasts(page, BASE_RULE).count()).toBe(1);
    expect(await warningToasts(page, BASE_RULE).textContent()).toContain(`${BASE_RULE} (now 0.01 ETH)`);

    // More low balances; then Optimism's low balance, sent after them: once its toast is up, the
    // console has evaluated Base's latest balance too, and Base still has one toast, the first.
    for (const balance of [0, 0.02, 0]) expect((await hold('Base', balance)).status).toBe(200);
    expect((await hold('Optimism', 0.1)).status).toBe(200);
    await eventually(() => warningToasts(page, OPTIMISM_RULE).count()).toBe(1);
    expect(await warningToasts(page, BASE_RULE).count()).toBe(1);
    expect(await warningToasts(page, BASE_RULE).textContent()).toContain('(now 0.01 ETH)');

    // Home: at a balance of 0, Base pays for no transaction: danger colour, and said in words too.
    const cell = page.getByRole('row', { name: /^Base / }).getByRole('cell').last();
    await eventually(() => cell.textContent()).toBe('≈ 0 txs (low)');
    expect(await cell.getAttribute('data-low')).toBe('true');
    expect(await cell.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    expect(await page.getByRole('columnheader', { name: 'Pays for' }).count()).toBe(1);

    expect((await hold('Base', 3)).status).toBe(200);
    await eventually(() => warningToasts(page, BASE_RULE).count()).toBe(0);
    expect(await warningToasts(page, OPTIMISM_RULE).count()).toBe(1);
    await eventually(() => cell.textContent()).toMatch(/^≈ [\d.,]+[KMB]? txs$/);
    expect(await cell.getAttribute('data-low')).toBeNull();
    expect((await hold('Optimism', 2)).status).toBe(200);
    await eventually(() => warningToasts(page, OPTIMISM_RULE).count()).toBe(0);

    // Removing a rule from Preferences: the list is empty again.
    await page.goto('/tsettings');
    for (const rule of [BASE_RULE, OPTIMISM_RULE]) await page.getByRole('button', { name: `Remove rule: ${rule}`, exact: true }).click();
    await page.getByRole('list', { name: 'Alert rules of this browser' }).waitFor({ state: 'detached' });
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('§6 an Admin saves this browser\'s rules for everyone: another console without rules of its own shows them and fires on them; an Operator is refused 403 and has no Save for everyone', async () => {
    const operator = await openConsole(operatorKey);
    await operator.page.goto('/tsettings');
    const region = operator.page.getByRole('region', { name: 'Alert rules' });
    await region.getByText('None.').first().waitFor();
    expect(await region.getByRole('button', { name: 'Save for everyone' }).count()).toBe(0);
    const refused = await (await apiAs(operatorKey))('PUT', '/settings/misc', { updates: { alertRules: [] } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'only an Admin may change the alert rules' });

    const { page, pageErrors } = await openConsole(adminKey);
    await addBalanceRule(page, 'Base', '0.5');
    await page.getByRole('region', { name: 'Alert rules' }).getByRole('button', { name: 'Save for everyone' }).click();
    await page.getByRole('dialog', { name: 'Save for everyone?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Saved for everyone.', { exact: true }).waitFor();

    // The operator's console: the shared rule is listed, and fires there.
    await region.getByRole('list', { name: 'Alert rules for everyone' }).getByText(BASE_RULE, { exact: true }).waitFor();
    expect((await hold('Base', 0.01)).status).toBe(200);
    await eventually(() => warningToasts(operator.page, BASE_RULE).count()).toBe(1);
    expect((await hold('Base', 3)).status).toBe(200);
    await eventually(() => warningToasts(operator.page, BASE_RULE).count()).toBe(0);

    await stillAnswers(page);
    await stillAnswers(operator.page);
    expect(pageErrors).toEqual([]);
    expect(operator.pageErrors).toEqual([]);
  });
});
