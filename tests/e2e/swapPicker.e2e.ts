/**
 * The swap window (§2 "Swap quote window", "Floating window manager"), measured in Chromium at 1440
 * × 900 with real clicks: the token picker fits a 360 × 500 swap window with everything on it
 * visible, one area scrolls at a time, a click brings a covered window to the front, and the
 * network icons stay put and take their tooltip with them.
 */
import { createRequire } from 'node:module';
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
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.w <= outer.x + outer.w + 0.5 && inner.y + inner.h <= outer.y + outer.h + 0.5;

/** What a person's click at the element's centre would land on is the element itself (or inside it). */
const topmostAtCentre = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

/** The elements of the window that scroll: overflow auto/scroll with more content than room. */
const scrollersIn = (win: Locator) =>
  win.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((el) => {
      const { overflowY } = getComputedStyle(el);
      const scrolls = (overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight;
      return scrolls ? [el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.tagName] : [];
    }),
  );

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** axe-core's findings (all its rules, best practices included) inside the window, as it is now. */
async function axeIn(win: Locator): Promise<{ id: string; targets: string[] }[]> {
  await win.page().evaluate(axeSource);
  return win.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(root, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

const bestRoute = (win: Locator) => win.getByRole('listitem', { name: 'Route 1' }).getByText('Best').waitFor({ timeout: 20_000 });

/** The z-index of the window's positioned frame (react-rnd's element). */
const zIndexOf = (win: Locator) => win.evaluate((el) => Number(getComputedStyle(el.closest('[data-window-id]') ?? el).zIndex));

/** Drags a window by its move handle, with the mouse. */
async function drag(page: Page, win: Locator, dx: number, dy: number): Promise<void> {
  const handle = await boxOf(win.getByRole('button', { name: /^Move window/ }));
  await page.mouse.move(handle.x + handle.w / 2, handle.y + handle.h / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.w / 2 + dx, handle.y + handle.h / 2 + dy, { steps: 10 });
  await page.mouse.up();
}

describe.skipIf(!hasChromium)('§2 the swap window in Chromium at 1440 × 900', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)(
    '§2 the token picker fits a 360 × 500 window, title, Cancel, search, list and count all visible, and only its list scrolls (%s)',
    async (colorScheme) => {
      const { page, context, pageErrors } = await newSession(browser, colorScheme);
      await signIn(page, adminKey);
      await page.getByRole('button', { name: 'Add swap window' }).click();
      const win = page.getByRole('dialog', { name: 'Window 2 Swap' });
      await bestRoute(win);
      const frame = await boxOf(win);
      expect(frame).toMatchObject({ w: 360, h: 500 });
      // Without the picker: the window body does not scroll; at most the route list does.
      expect((await scrollersIn(win)).filter((name) => name !== 'Routes')).toEqual([]);
      expect(await axeIn(win)).toEqual([]);

      await win.getByRole('button', { name: /^Choose From token/ }).click();
      const picker = win.getByRole('dialog', { name: 'Select token' });
      const parts = {
        title: picker.getByRole('heading', { name: 'Select token' }),
        cancel: picker.getByRole('button', { name: 'Cancel' }),
        search: picker.getByRole('textbox', { name: 'Search tokens' }),
        first: picker.getByRole('list', { name: 'Tokens' }).getByRole('button').first(),
        count: picker.getByText(/^Showing 20 of \d+ tokens$/),
      };
      await parts.count.waitFor();
      expect(await parts.search.getAttribute('placeholder')).toBe('name/address [network]');
      for (const [name, part] of Object.entries(parts)) {
        expect({ name, inside: inside(await boxOf(part), frame) }).toEqual({ name, inside: true });
        expect({ name, topmost: await topmostAtCentre(part) }).toEqual({ name, topmost: true });
      }
      // One scroll area at a time: the list, and not the window body or the route list under it.
      expect(await scrollersIn(win)).toEqual(['Tokens']);
      expect(await axeIn(win)).toEqual([]);
      await screenshot(page, `swap-picker-${colorScheme}`);

      // The list scrolls under a fixed title, search and count.
      await picker.getByRole('list', { name: 'Tokens' }).hover();
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => picker.getByRole('list', { name: 'Tokens' }).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      for (const part of [parts.title, parts.cancel, parts.search, parts.count]) expect(await topmostAtCentre(part)).toBe(true);

      // Picking a token closes the picker, and the panel quotes it.
      await parts.search.fill('USDC');
      const requested = page.waitForRequest((request) => request.url().includes('/quoteUi?'));
      await picker.getByRole('list', { name: 'Tokens' }).getByRole('button').first().click();
      await picker.waitFor({ state: 'detached' });
      await requested;
      await expect.poll(() => win.getByRole('button', { name: /^Choose From token: USDC on / }).count()).toBe(1);
      await win.getByRole('button', { name: /^Choose To token/ }).click();
      await win.getByRole('dialog', { name: 'Select token' }).getByRole('button', { name: 'Cancel' }).click();
      await bestRoute(win);
      expect((await scrollersIn(win)).filter((name) => name !== 'Routes')).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it('§2 a window made short scrolls as one area (the route list stops scrolling of its own)', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    await page.getByRole('button', { name: 'Add swap window' }).click();
    const win = page.getByRole('dialog', { name: 'Window 2 Swap' });
    await bestRoute(win);
    // Shift + arrow up shortens the window by 10 px a press.
    await win.getByRole('button', { name: 'Move window 2 Swap' }).focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => Math.round((await boxOf(win)).h)).toBe(250);
    expect(await scrollersIn(win)).toEqual(['window-body']);
    // The picker still fits: the body is put away and only the list scrolls.
    await win.getByRole('button', { name: /^Choose From token/ }).click();
    const picker = win.getByRole('dialog', { name: 'Select token' });
    await picker.getByText(/^Showing 20 of \d+ tokens$/).waitFor();
    expect(await scrollersIn(win)).toEqual(['Tokens']);
    for (const part of [picker.getByRole('button', { name: 'Cancel' }), picker.getByRole('textbox', { name: 'Search tokens' }), picker.getByText(/^Showing 20 of/)]) {
      expect(inside(await boxOf(part), await boxOf(win))).toBe(true);
      expect(await topmostAtCentre(part)).toBe(true);
    }
    await context.close();
  });

  it('§2/§9 a click on a window another one covers brings it to the front', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.getByRole('button', { name: 'Add swap window' }).click();
    const second = page.getByRole('dialog', { name: 'Window 2 Swap' });
    await second.waitFor();
    await page.getByRole('button', { name: '#1 Swap', pressed: false }).click();
    const first = page.getByRole('dialog', { name: 'Window 1 Swap' });
    await bestRoute(first);
    // Window 2 is dragged over the left part of window 1 (a drag brings it to the front too).
    const a = await boxOf(first);
    const b = await boxOf(second);
    await drag(page, second, a.x - b.x - 160, a.y - b.y);
    const moved = await boxOf(second);
    expect(boxesOverlap(moved, a)).toBe(true);
    const overlap = { x: (Math.max(a.x, moved.x) + Math.min(a.x + a.w, moved.x + moved.w)) / 2, y: a.y + a.h / 2 };
    const windowAt = (x: number, y: number) =>
      page.evaluate(([px, py]) => document.elementFromPoint(px ?? 0, py ?? 0)?.closest('[role="dialog"][aria-label^="Window"]')?.getAttribute('aria-label') ?? null, [x, y]);
    expect(await windowAt(overlap.x, overlap.y)).toBe('Window 2 Swap');
    expect(await zIndexOf(second)).toBeGreaterThan(await zIndexOf(first));

    // A real click on the part of window 1 that shows (its body, near the right edge).
    await first.click({ position: { x: a.w - 20, y: a.h - 16 } });
    expect(await windowAt(overlap.x, overlap.y)).toBe('Window 1 Swap');
    expect(await zIndexOf(first)).toBeGreaterThan(await zIndexOf(second));
    // §9 windows stay at z-index 10000 or above.
    expect(Math.min(await zIndexOf(first), await zIndexOf(second))).toBeGreaterThanOrEqual(10000);

    // And back: a click on window 2's title bar brings it forward again.
    await second.getByRole('heading', { name: '#2 Swap' }).click({ position: { x: 10, y: 8 } });
    expect(await windowAt(overlap.x, overlap.y)).toBe('Window 2 Swap');
    await screenshot(page, 'swap-windows-raised');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§2 a network icon click leaves every icon in place, and no tooltip stays over the amount', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await page.getByRole('button', { name: 'Add swap window' }).click();
    const win = page.getByRole('dialog', { name: 'Window 2 Swap' });
    await bestRoute(win);
    // From USDC to WETH: a click on another network of USDC then quotes the pair there (§4).
    await win.getByRole('button', { name: 'Swap direction' }).click();
    await expect.poll(() => win.getByRole('button', { name: /^Choose From token: USDC on / }).count()).toBe(1);
    const icons = win.getByRole('region', { name: 'Quote panel 1' }).getByRole('group', { name: "From token's networks" }).getByRole('button');
    await icons.first().waitFor();
    const names = await icons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names.length).toBeGreaterThan(2);
    const chosenBefore = await icons.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-pressed') === 'true'));
    const target = chosenBefore === 1 ? 2 : 1;
    const network = /on (.+)$/.exec(names[target] ?? '')?.[1] ?? '';
    const box = await boxOf(icons.nth(target));

    const requested = page.waitForRequest((request) => request.url().includes('/quoteUi?') && new URL(request.url()).searchParams.get('network') === network);
    await icons.nth(target).click();
    await requested;
    await expect.poll(() => win.getByRole('button', { name: /^Choose From token/ }).getAttribute('aria-label')).toBe(`Choose From token: USDC on ${network}`);
    // The same icons in the same order, the clicked one at the same spot and now the chosen one.
    expect(await icons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(names);
    expect(await boxOf(icons.nth(target))).toEqual(box);
    expect(await icons.nth(target).getAttribute('aria-pressed')).toBe('true');

    // The pointer goes down to the amount field: no tooltip is left over it.
    const amount = await boxOf(win.getByLabel('Amount', { exact: true }));
    await page.mouse.move(amount.x + amount.w / 2, amount.y + amount.h / 2, { steps: 12 });
    await expect.poll(() => page.getByRole('tooltip').count(), { timeout: 5_000 }).toBe(0);
    expect(await topmostAtCentre(win.getByLabel('Amount', { exact: true }))).toBe(true);
    await bestRoute(win);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
