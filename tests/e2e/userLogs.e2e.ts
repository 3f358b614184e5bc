/**
 * The user log in words (docs/protocol.md "The user log"), in Chromium against the reference
 * server: an Admin toggles Sell Only with a real click; after a reload home's User log card reads
 * "admin turned Sell Only on" (or off), loaded from POST /logs/more; /settings/userlogs lists it as
 * a sentence, filters by action as typed, and says "No user logs match." for a filter that matches
 * nothing.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn, type Api } from './browser.ts';

function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 20_000, message });
}

/** Past the splash loader if a reload shows it (§2: a click enters). */
async function enter(page: Page): Promise<void> {
  const splash = page.getByRole('button', { name: 'Enter the console' });
  if (await splash.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
    await splash.click();
    await splash.waitFor({ state: 'detached' });
  }
}

const logQueries = (requests: readonly Request[]) =>
  requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/logs/more').map((r) => r.postDataJSON() as Record<string, unknown>);

describe.skipIf(!hasChromium)('The user log (protocol): the user log in words, in Chromium', () => {
  let browser: Browser;
  let admin: Api;
  let sellOnlyAtStart: boolean | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
  });
  afterAll(async () => {
    if (sellOnlyAtStart !== undefined) await admin('PUT', '/settings/misc', { updates: { sellOnly: sellOnlyAtStart } });
    await browser?.close();
  });

  it('Sell Only clicked, home reloaded: the User log card says "admin turned Sell Only on/off"; /settings/userlogs lists it, filters by action, and says when nothing matches', async () => {
    const { context, page, pageErrors } = await newSession(browser);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await signIn(page, adminKey);

    // --- Sell Only, with a real click on the switch ------------------------------------------------
    const toggle = page.getByRole('region', { name: 'Worker controls' }).getByRole('switch', { name: 'Sell Only', exact: true });
    await eventually(() => toggle.isEnabled(), 'Sell Only enabled once misc settings arrive').toBe(true);
    sellOnlyAtStart = await toggle.isChecked();
    const wanted = !sellOnlyAtStart;
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/settings/misc'),
      toggle.click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ updates: { sellOnly: wanted } });
    await eventually(() => toggle.isChecked()).toBe(wanted);
    const sentence = `admin turned Sell Only ${wanted ? 'on' : 'off'}`;

    // --- Reload: the card loads the latest entries from the server -----------------------------------
    requests.length = 0;
    await page.reload();
    await enter(page);
    const card = page.getByRole('list', { name: 'User log' });
    await eventually(() => card.getByRole('listitem').first().textContent(), 'the newest entry after a reload').toContain(sentence);
    expect(logQueries(requests)).toContainEqual({ limit: 50 });
    expect(await page.getByText('No operator actions yet').count()).toBe(0);
    expect(await card.textContent()).not.toContain('settings.misc');
    await screenshot(page, 'userlog-home-after-reload');

    // --- /settings/userlogs: the sentence, the diff, the action filter typed -------------------------
    await page.goto('/settings/userlogs');
    const table = page.getByRole('table', { name: 'User logs' });
    const rows = table.getByRole('row');
    await eventually(() => rows.nth(1).textContent(), 'the newest entry in the list').toContain(sentence);
    expect(await rows.nth(1).textContent()).toContain(`Sell Only: ${wanted ? 'off → on' : 'on → off'}`);
    expect(await table.textContent()).not.toMatch(/[{}]/);
    await screenshot(page, 'userlog-list');

    requests.length = 0;
    const action = page.getByRole('textbox', { name: 'Action' });
    await action.click();
    await action.pressSequentially('settings.misc');
    await eventually(() => logQueries(requests).at(-1)?.action, 'the typed action goes to the server').toBe('settings.misc');
    await eventually(async () => (await rows.allTextContents()).slice(1).every((text) => text.includes('settings.misc'))).toBe(true);
    expect(await rows.nth(1).textContent()).toContain(sentence);

    await action.fill('');
    await action.pressSequentially('no.such.action');
    await eventually(() => page.getByText('No user logs match.').count(), 'an empty filtered list').toBe(1);
    expect(await page.getByText('No user logs yet.').count()).toBe(0);
    await screenshot(page, 'userlog-no-match');

    // Clear filters brings the entries back: the page still answers.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await eventually(() => rows.nth(1).textContent()).toContain(sentence);

    // The refusal path: a reversed time range is refused with 400 and names the field.
    const refused = await admin('POST', '/logs/more', { from: 2000, to: 1000 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('to');
    expect(await rows.nth(1).textContent()).toContain(sentence);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a token edit reads "admin changed token X: decimals on Base 6 → 18" with its changed fields as a diff; hovering the Details shows them all', async () => {
    const tokenName = `LOGE2E${Date.now().toString(36).toUpperCase()}`;
    const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
    const created = await admin('POST', '/tokens', { tokenName, networkData: { Base: { address: address(1), decimals: 6 }, Ethereum: { address: address(2), decimals: 6 } } });
    expect(created.status).toBe(200);
    const updated = await admin('PUT', `/tokens/${tokenName}`, {
      tokenName,
      networkData: { Base: { address: address(3), decimals: 18 }, Ethereum: { address: address(2), decimals: 8 } },
      version: 1,
    });
    expect(updated.status).toBe(200);

    const { context, page, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.goto('/settings/userlogs');
    const row = page.getByRole('table', { name: 'User logs' }).getByRole('row').filter({ hasText: `admin changed token ${tokenName}` });
    await eventually(() => row.count(), 'the update listed as a sentence').toBe(1);
    // Long values keep their start and end in the sentence (the Details keep them whole).
    expect(await row.textContent()).toContain(`admin changed token ${tokenName}: address on Base 0x000000…000001 → 0x000000…000003, decimals on Base 6 → 18 and 1 more`);
    // The Details cell: two changed fields and "+1 more"; hovering it lists the three.
    const details = row.getByRole('cell').filter({ hasText: '+1 more' });
    expect(await details.textContent()).toContain('decimals on Base: 6 → 18');
    await details.getByText('+1 more').hover();
    const tip = page.getByRole('tooltip');
    await eventually(() => tip.textContent(), 'the full list on hover').toContain('decimals on Ethereum: 6 → 8');
    expect(await tip.textContent()).toContain(`address on Base: ${address(1)} → ${address(3)}`);
    await screenshot(page, 'userlog-token-diff');
    expect(await page.getByRole('table', { name: 'User logs' }).textContent()).not.toMatch(/[{}]/);
    // Tables fit here too (tests/e2e/tables.e2e.ts): long ids wrap or are cut, the page does not
    // scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    expect(pageErrors).toEqual([]);
    await context.close();
    await admin('DELETE', `/tokens/${tokenName}`);
  });
});
