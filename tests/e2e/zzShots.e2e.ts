import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminKey, baseURL, hasChromium, launchBrowser, signIn } from './browser.ts';

describe.skipIf(!hasChromium)('shots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      it(`${scheme} ${viewport.width}`, async () => {
        const context = await browser.newContext({ baseURL, viewport, colorScheme: scheme, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
        const page = await context.newPage();
        await signIn(page, adminKey);
        await page.goto('/tsettings');
        await page.getByRole('radiogroup', { name: 'Level for Trade failed' }).waitFor();
        await page.getByRole('region', { name: 'Notifications', exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/notify-shots/prefs-${scheme}-${viewport.width}.png` });
        await page.getByRole('region', { name: 'Notifications', exact: true }).screenshot({ path: `/tmp/notify-shots/prefs-region-${scheme}-${viewport.width}.png` });
        await page.goto('/');
        await page.getByRole('button', { name: '#1 Swap' }).click();
        await page.getByRole('dialog', { name: 'Window 1 Swap' }).getByRole('listitem', { name: 'Route 1' }).waitFor({ timeout: 20_000 }).catch(() => undefined);
        await page.screenshot({ path: `/tmp/notify-shots/window-${scheme}-${viewport.width}.png` });
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/notify-shots/centre-${scheme}-${viewport.width}.png` });
        await context.close();
      }, 90_000);
    }
  }
});
