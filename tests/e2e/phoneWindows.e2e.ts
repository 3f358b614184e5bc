/**
 * On a phone, an open swap window never covers what the operator opens (§2/§9 windows sit over the
 * page, not over a dialog; docs/guide.md "Screens that fit"): a swap window is a sheet across the
 * screen's width, with its close control named and on top; with it open, the notification centre
 * opened from the bell is on top where the window is, its controls are the topmost elements at
 * their centre and answer taps, and the window folds away meanwhile; once the centre closes, the
 * window is back as it was. Real taps through Playwright's click().
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hasChromium, launchBrowser, operatorKey, signIn } from './browser.ts';

const PHONE = { width: 390, height: 844 } as const;

/** Whether the element at the centre of `box`'s area belongs to `owner`. */
async function ownsCentreOf(page: Page, owner: Locator, area: Locator): Promise<boolean> {
  const box = await area.boundingBox();
  if (!box) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  return owner.evaluate((el, [px, py]) => el.contains(document.elementFromPoint(px!, py!)), [x, y]);
}

describe.skipIf(!hasChromium)('§2 on a phone, the notification centre is on top of an open swap window', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a window is a full-width sheet; the centre opened from the bell covers it and answers taps; closed, the window is back as it was', async () => {
    const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, operatorKey);
      await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
      const win = page.getByRole('dialog', { name: 'Window 1 Swap' });
      await win.waitFor();
      expect(await ownsCentreOf(page, win, win), 'the window is on top of the page').toBe(true);

      // A sheet across the screen, not a window to drag about it; nothing scrolls sideways.
      const sheet = page.locator('[data-window-id="1"]');
      const box = await sheet.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(PHONE.width);
      expect(await win.getByRole('button', { name: /^Move / }).count(), 'a sheet is not moved').toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      const closeWindow = win.getByRole('button', { name: 'Close window 1 Swap' });
      expect(await ownsCentreOf(page, closeWindow, closeWindow), 'its close control is on top').toBe(true);
      // Something typed in it is still there after it folded away for the centre.
      const amount = win.getByLabel('Amount', { exact: true });
      await amount.click();
      await amount.fill('42');

      // With the centre open the page behind it, the window among it, is hidden from the
      // accessibility tree: the window is found by its place on the page instead.
      const winArea = page.locator('[data-window-id="1"]');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const centre = page.getByRole('dialog', { name: 'Notifications' });
      await centre.waitFor();
      // The window folds away while the centre is open; where it was, a tap reaches the centre.
      await expect.poll(() => winArea.isVisible(), { message: 'the window folds away' }).toBe(false);
      expect(await ownsCentreOf(page, centre, winArea), 'the centre is on top where the window is').toBe(true);
      const controls = [
        centre.getByRole('combobox', { name: 'Type' }),
        centre.getByRole('textbox', { name: 'Filter text' }),
        centre.getByRole('link', { name: 'Preferences' }),
        centre.getByRole('button', { name: 'Close' }),
      ];
      for (const control of controls) expect(await ownsCentreOf(page, control, control)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await centre.getByRole('textbox', { name: 'Filter text' }).click();
      await centre.getByRole('textbox', { name: 'Filter text' }).fill('no such notification text');
      await expect.poll(() => centre.getByText(/^(No notification matches the filter\.|Nothing yet\.)$/).count()).toBe(1);
      await centre.getByRole('button', { name: 'Close' }).click();
      await centre.waitFor({ state: 'detached' });

      await expect.poll(() => ownsCentreOf(page, win, win), { message: 'the window is on top again' }).toBe(true);
      expect(await amount.inputValue(), 'the window kept what was typed in it').toBe('42');
      await win.getByRole('button', { name: 'Close window 1 Swap' }).click();
      await win.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 120_000);
});
