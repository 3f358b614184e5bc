/**
 * The header is always in view: after an operator scrolls to the end of a long list, the live
 * state, the countdown, the bell and the user menu are still on screen and on top, at 1280×800,
 * 1440×900, 1920×1080 and 390×844. The scroll is a person's (the mouse wheel over the list), and
 * the check is where a person would click: the element at the centre of the bell and of the user
 * menu is that control.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, signIn, type Api } from './browser.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

/** Screens whose lists run past the fold, with what shows once their rows are in. */
const LONG_LISTS = [
  { path: '/tx', rows: 'table' },
  { path: '/settings/tokens', rows: 'table' },
  { path: '/', rows: 'home' },
] as const;

/** Whether the element at the centre of `name`'s control is that control (nothing covers it), and where it is. */
async function onTopAtCentre(page: Page, name: RegExp): Promise<{ inView: boolean; onTop: boolean }> {
  const control = page.getByRole('banner').getByRole('button', { name }).first();
  const box = await control.boundingBox();
  if (!box) return { inView: false, onTop: false };
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const inView = box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  return { inView, onTop };
}

/** Scrolls the way a person does, with the wheel over the middle of the page, until the end is reached. */
async function scrollToEnd(page: Page): Promise<number> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  await page.mouse.move(viewport.width / 2, viewport.height * 0.6);
  let last = -1;
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, viewport.height);
    // The wheel's scroll lands on the next frame; wait until it has moved, or has stopped moving.
    const y = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
    if (y === last) break;
    last = y;
  }
  return last;
}

describe.skipIf(!hasChromium)('§2 the header is always in view, at every size, after scrolling to the end of a long list', () => {
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // Nothing by chance: the lists stay as they are while they are scrolled.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await browser?.close();
  });

  it.each(SIZES)('$width×$height: the bell and the user menu stay on screen and on top', async (size) => {
    const context = await browser.newContext({ baseURL, viewport: size });
    const page = await context.newPage();
    try {
      await signIn(page, adminKey);
      let scrolledSomewhere = false;
      for (const list of LONG_LISTS) {
        await page.goto(list.path);
        if (list.rows === 'table') {
          // A row with a cell (a table), or a phone list's item: the list has come.
          await page.locator('table[aria-label] tbody td[class*="column-"], main ul li a[href], main ul li [role="button"]').first().waitFor({ timeout: 30_000 });
        } else {
          await page.getByRole('region', { name: 'Service status' }).waitFor();
        }
        const scrollY = await scrollToEnd(page);
        const scrollable = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 40);
        if (scrollable) {
          expect(scrollY, `${list.path} scrolled`).toBeGreaterThan(0);
          scrolledSomewhere = true;
        }
        for (const name of [/^Notifications/, /^Profile/]) {
          expect({ at: `${list.path} ${name}`, ...(await onTopAtCentre(page, name)) }).toEqual({ at: `${list.path} ${name}`, inView: true, onTop: true });
        }
      }
      // The check means something only if some list ran past the fold at this size.
      expect(scrolledSomewhere).toBe(true);
    } finally {
      await context.close();
    }
  }, 180_000);
});
