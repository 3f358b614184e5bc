/**
 * Where swap windows open and what they show at the default size, measured in Chromium at 1440 × 900:
 * clear of the menu and of each other, with the from box, the to box and the first route inside the
 * 360 × 500 window without scrolling.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesOverlap, type ScreenBox } from '../../src/domain/windowPlacement.ts';
import { adminKey, hasChromium, launchBrowser, newSession, screenshot, signIn } from './browser.ts';

async function boxOf(locator: Locator): Promise<ScreenBox> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x, y: box.y, w: box.width, h: box.height };
}

const inside = (inner: ScreenBox, outer: ScreenBox) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w + 0.5 && inner.y + inner.h <= outer.y + outer.h + 0.5;

/** The window's scrolling content area (below the title bar): it must not have been scrolled. */
const contentScrollTop = (win: Locator) => win.getByTestId('window-body').evaluate((el) => el.scrollTop);

async function openTwoWindows(page: Page): Promise<[Locator, Locator]> {
  await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
  await page.getByRole('button', { name: 'Add swap window' }).click();
  const windows = [page.getByRole('dialog', { name: 'Window 1 Swap' }), page.getByRole('dialog', { name: 'Window 2 Swap' })] as const;
  for (const win of windows) await win.getByRole('listitem', { name: 'Route 1' }).getByText('Best').waitFor({ timeout: 20_000 });
  return [windows[0], windows[1]];
}

describe.skipIf(!hasChromium)('§2 swap windows in Chromium at 1440 × 900', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)('§2 a new swap window covers neither the menu nor another window (%s)', async (colorScheme) => {
    const { page, context, pageErrors } = await newSession(browser, colorScheme);
    await signIn(page, adminKey);
    const [first, second] = await openTwoWindows(page);
    // The sidebar's menu lists (the screens, and the admin ones below them).
    const menus = await Promise.all((await page.getByRole('menu').all()).map(boxOf));
    expect(menus.length).toBeGreaterThan(0);
    const a = await boxOf(first);
    const b = await boxOf(second);
    expect(a).toMatchObject({ w: 360, h: 500 });
    expect(b).toMatchObject({ w: 360, h: 500 });
    for (const menu of menus) {
      expect(boxesOverlap(a, menu)).toBe(false);
      expect(boxesOverlap(b, menu)).toBe(false);
    }
    expect(boxesOverlap(a, b)).toBe(false);
    await screenshot(page, `swap-two-windows-${colorScheme}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2/§9 at the default 360 × 500 the from box, the to box and the first route show without scrolling', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    for (const win of await openTwoWindows(page)) {
      const frame = await boxOf(win);
      const panel = win.getByRole('region', { name: 'Quote panel 1' });
      for (const part of [
        panel.getByRole('group', { name: 'From token', exact: true }),
        panel.getByRole('group', { name: 'To token', exact: true }),
        panel.getByRole('listitem', { name: 'Route 1' }),
      ]) {
        expect(inside(await boxOf(part), frame)).toBe(true);
      }
      expect(await contentScrollTop(win)).toBe(0);
      // §9 the route list keeps its 256 px limit: the rest of the routes scroll inside it.
      expect(await panel.getByRole('list', { name: 'Routes' }).evaluate((el) => getComputedStyle(el).maxHeight)).toBe('256px');
    }
    await context.close();
  });
});
