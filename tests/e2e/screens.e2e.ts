/**
 * Every screen of the console reached by its address (§2 routes, §6 roles): each renders its
 * title without a page error; the sign-in screen in both themes. With SCREENSHOTS=<folder> each is saved full-page, to be
 * looked at by a person.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/config/access.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn } from './browser.ts';

const THEMES = ['light', 'dark'] as const;
const concrete = (path: string) => path.replace('/*', '');
const slug = (path: string) => (path === '/' ? 'home' : concrete(path).replace(/^\//, '').replace(/[/?=]/g, '-'));


/** The screen is drawn: its title is up and nothing is still loading. */
async function settled(page: Page, title: string, url: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { name: title, exact: true }).count(), { message: `${url}: heading ${title}`, timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => (await page.getByText('Loading...', { exact: true }).count()) + (await page.getByRole('progressbar').count()), {
      message: `${url}: still loading`,
      timeout: 15_000,
    })
    .toBe(0);
  // Fonts and the last paint of the live data.
  await page.waitForTimeout(400);
}

describe.skipIf(!hasChromium)('every screen by its address', () => {
  let browser: Browser;
  let txId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const operator = await apiAs(operatorKey);
    const list = (await (await operator('GET', '/txs/?perPage=1&filter={"side":"sell"}')).json()) as { data: { id: string }[] };
    txId = list.data[0]?.id ?? '';
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Reached by their addresses (a reload each) in the light theme; every screen of both roles in the
  // dark theme is drawn without a page error in layout.e2e.ts's dark case.
  for (const theme of ['light'] as const) {
    it(`§2 every admin route renders its title with no page error (${theme} theme)`, async () => {
      const { page, context, pageErrors } = await newSession(browser, theme);
      await signIn(page, adminKey);
      const visits = [
        ...ROUTES.filter((r) => r.access !== 'public').map((r) => ({ url: concrete(r.path), title: r.title, name: slug(r.path) })),
        { url: `/tx?id=${encodeURIComponent(txId)}`, title: `Transaction ${txId}`, name: 'tx-page' },
      ];
      for (const { url, title, name } of visits) {
        await page.goto(url);
        await settled(page, title, url);
        expect(pageErrors, url).toEqual([]);
        await screenshot(page, `${theme}-admin-${name}`);
      }
      // The token form as a new token's Save leaves it when nothing is filled in: each problem named.
      await page.goto('/settings/tokens');
      await page.getByRole('link', { name: 'New token' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('required').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
      await screenshot(page, `${theme}-admin-token-form-errors`);
      await context.close();
    });

    it(`§6 the operator's views (/tsettings, /tsettings/tokens, /tx) render with no page error (${theme} theme)`, async () => {
      const { page, context, pageErrors } = await newSession(browser, theme);
      await signIn(page, operatorKey);
      for (const route of ROUTES.filter((r) => r.access === 'any')) {
        const url = concrete(route.path);
        await page.goto(url);
        await settled(page, route.title, url);
        expect(pageErrors, url).toEqual([]);
        if (url.startsWith('/tsettings')) await screenshot(page, `${theme}-operator-${slug(route.path)}`);
      }
      await context.close();
    });
  }

  it('§2 the sign-in screen in both themes', async () => {
    for (const theme of THEMES) {
      const { page, context, pageErrors } = await newSession(browser, theme);
      await page.goto('/login');
      await page.getByLabel('Access key').waitFor();
      expect(pageErrors).toEqual([]);
      await screenshot(page, `${theme}-login`);
      await context.close();
    }
  });
});
