/**
 * Times as operators read them, in Chromium: 24-hour with the zone written out, in local time or UTC
 * as the header's switch says, on home and on /tx at once, remembered across a reload; the /tx date
 * filter reads and shows times the same way. The browser runs in Berlin so local time is not UTC.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, screenshot, signIn } from './browser.ts';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} GMT\+[12]$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;
const ANY_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT\+[12])/;

const zoneButton = (page: Page, name: 'Local' | 'UTC') => page.getByRole('group', { name: 'Time zone' }).getByRole('button', { name, exact: true });
/** The newest entry's time in the home screen's live user log. */
const feedTime = (page: Page) => page.getByRole('list', { name: 'User log' }).getByText(ANY_TIME).first();
/** The Time cell of the first row on /tx. */
const rowTime = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('button', { name: /^History of / }) }).first().getByRole('cell').filter({ hasText: ANY_TIME }).first();
const text = async (page: Page, locator: (p: Page) => ReturnType<Page['getByText']>) => ((await locator(page).textContent()) ?? '').trim();

describe.skipIf(!hasChromium)('times follow the header time zone switch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)(
    'the header switch shows every time in UTC or local time at once, on home and /tx, and the choice survives a reload (%s)',
    async (colorScheme) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, colorScheme, timezoneId: 'Europe/Berlin' });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await signIn(page, adminKey);
      // A harmless change, so the home screen's user log shows a time.
      const api = await apiAs(adminKey);
      expect((await api('POST', '/settings/cache/results/clear')).status).toBeLessThan(300);

      expect(await zoneButton(page, 'Local').getAttribute('aria-pressed')).toBe('true');
      await feedTime(page).waitFor({ timeout: 15_000 });
      expect(await text(page, feedTime)).toMatch(LOCAL_TIME);
      await screenshot(page, `home-local-${colorScheme}`);

      await zoneButton(page, 'UTC').click();
      expect(await zoneButton(page, 'UTC').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => text(page, feedTime)).toMatch(UTC_TIME);
      await screenshot(page, `home-utc-${colorScheme}`);

      await page.getByRole('menuitem', { name: 'Transactions', exact: true }).click();
      await rowTime(page).waitFor({ timeout: 15_000 });
      expect(await text(page, rowTime)).toMatch(UTC_TIME);
      await screenshot(page, `tx-utc-${colorScheme}`);
      await zoneButton(page, 'Local').click();
      await expect.poll(() => text(page, rowTime)).toMatch(LOCAL_TIME);
      await screenshot(page, `tx-local-${colorScheme}`);

      await zoneButton(page, 'UTC').click();
      await page.reload();
      await rowTime(page).waitFor({ timeout: 15_000 });
      expect(await zoneButton(page, 'UTC').getAttribute('aria-pressed')).toBe('true');
      expect(await text(page, rowTime)).toMatch(UTC_TIME);
      await page.getByRole('menuitem', { name: 'Home', exact: true }).click();
      // The live feed holds what happened since this page connected: one more change to show.
      expect((await api('POST', '/settings/cache/results/clear')).status).toBeLessThan(300);
      await expect.poll(() => text(page, feedTime), { timeout: 15_000 }).toMatch(UTC_TIME);
      await zoneButton(page, 'Local').click();
      await expect.poll(() => text(page, feedTime)).toMatch(LOCAL_TIME);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it('the /tx date filter reads what is typed in the chosen zone and shows it back the same way', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await signIn(page, adminKey);
    await zoneButton(page, 'UTC').click();
    await page.goto('/tx');
    const from = page.getByRole('textbox', { name: 'From (UTC)' });
    await from.fill('2026-01-15 10:00');
    await from.press('Enter');
    /** A range end as the list keeps it in the address (react-admin's filter). */
    const filterOf = (key: string) => (JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>)[key];
    await expect.poll(() => filterOf('from')).toBe('2026-01-15T10:00:00.000Z');
    await expect.poll(() => from.inputValue()).toBe('2026-01-15 10:00:00');

    await zoneButton(page, 'Local').click();
    const local = page.getByRole('textbox', { name: 'From (GMT+1)' });
    await expect.poll(() => local.inputValue()).toBe('2026-01-15 11:00:00');
    const to = page.getByRole('textbox', { name: /^To / });
    await to.fill('2026-01-15 12:30');
    await to.press('Enter');
    // Typed in Berlin (GMT+1), the whole minute: its last millisecond.
    await expect.poll(() => filterOf('to')).toBe('2026-01-15T11:30:59.999Z');
    await to.fill('15/01/2026 1:30 PM');
    await to.press('Enter');
    expect(await page.getByText('Use YYYY-MM-DD HH:mm:ss').count()).toBe(1);
    expect(filterOf('to')).toBe('2026-01-15T11:30:59.999Z');
    await context.close();
  });
});
