/**
 * §2 the layout as a person meets it: every screen as Admin and as Operator (§2 routes, §6 roles),
 * at 1280×800, 1440×900, 1920×1080 and a phone's 390×844 in the light theme, and in the dark theme
 * at 1440×900 (layout does not depend on the theme), with the simulator's feeds and its workers
 * running and at least four toasts on screen. On each screen, and with the user menu, the volume
 * popover, a confirmation dialog and a swap window's token picker open:
 * (a) the page does not scroll sideways, nor downwards by a few pixels that show nothing more;
 * (b) no button label, column header or chip is clipped without its full text at hand (a title, an
 *     aria-label or a description on it or an ancestor within 2 levels);
 * (c) every visible control inside the viewport is the topmost element at its centre: a person's
 *     click there reaches it (no toast over Logout, a chip or a row), except what sits under an
 *     open modal; while a dialog is open, no toast sits over it;
 * (d) no page error.
 * Each role × case is one test, reporting every violation of every screen at once. With
 * SCREENSHOTS=<folder> each screen is saved as layout-<role>-<theme>-<w>x<h>-<screen>.png.
 * One browser; one context per test, signed in once; screens are reached by the router (no reload),
 * so the toasts stay up.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, operatorKey, screenshot, signIn, type Api } from './browser.ts';
import { cleanUp, fixturesFrom, routeTo, screensOf, settled, type Fixtures, type Role } from './consoleScreens.ts';

type Theme = 'light' | 'dark';
interface Size {
  width: number;
  height: number;
  phone: boolean;
}

const SIZES: Size[] = [
  { width: 1280, height: 800, phone: false },
  { width: 1440, height: 900, phone: false },
  { width: 1920, height: 1080, phone: false },
  { width: 390, height: 844, phone: true },
];
const ROLES: Role[] = ['admin', 'operator'];
/**
 * Layout does not depend on the theme, so every size is judged in the light theme, and the dark
 * theme at one desk size (its colours, and that it is on at all).
 */
const CASES: { theme: Theme; size: Size }[] = [
  ...SIZES.map((size) => ({ theme: 'light' as const, size })),
  { theme: 'dark', size: { width: 1440, height: 900, phone: false } },
];

/** Toasts that stay until closed, of every kind, with the long texts an incident brings. */
const TOASTS = [
  { type: 'error', msg: 'Refund of trade 7f3c2a91 failed: insufficient funds for gas on Ethereum (needs 0.0042 ETH, has 0.0007 ETH)' },
  { type: 'warning', msg: 'Route search is slow: Jupiter answered in 9.8 s (limit 5 s) for USDC → BONK on Solana' },
  { type: 'success', msg: 'Sell of 1,250.5 USDC on Base confirmed in block 18,402,118' },
  { type: 'info', msg: 'worker: saveStats done (14 networks, 2,311 tokens)' },
  { type: 'info', msg: 'Bridge ccip-lane-ethereum-base resumed after 3 min' },
] as const;
const MIN_TOASTS = 4;

/** What the page check found, by kind; each entry describes one element. */
interface Findings {
  sideways: string[];
  clipped: string[];
  covered: string[];
}

/**
 * The checks (a), (b), (c), run in the page. `scope`: a selector of the overlay whose items are
 * judged (the user menu…); without one, the whole page, or the open modal's content when there is one.
 */
function inspectInPage(scope: string | null): Findings {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);
  const describeEl = (el: Element | null): string => {
    if (!el) return 'nothing';
    const role = el.getAttribute('role');
    const name = norm(el.getAttribute('aria-label')) || norm(el.getAttribute('title')) || norm(el.textContent);
    const cls = [...el.classList].filter((c) => !/^css-/.test(c)).slice(0, 2).join('.');
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${cls ? `.${cls}` : ''}${name ? ` "${short(name)}"` : ''}`;
  };
  const where = (r: DOMRect) => `at (${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`;
  const seen = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: false, visibilityProperty: true });
  };

  const found: Findings = { sideways: [], clipped: [], covered: [] };
  // What a person presses: (a) counts it as content, (c) wants each on top where it is pressed.
  const CONTROLS =
    '.MuiChip-root, button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="tab"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="link"], [role="combobox"], [role="slider"], [role="option"]';
  const doc = document.documentElement;

  // The open modal (a menu, popover, drawer or dialog: MUI's Modal), the last one opened on top.
  const modals = [...document.querySelectorAll('.MuiModal-root:not(.MuiModal-hidden), [aria-modal="true"]')].filter(seen);
  const topModal = modals.at(-1) ?? null;
  const root: ParentNode = scope ? (document.querySelector(scope) ?? document) : (topModal ?? document);
  if (scope && !document.querySelector(scope)) found.covered.push(`the overlay ${scope} is not open`);

  // (a) No sideways scroll; no vertical scroll by a few pixels only. Judged on the screen itself;
  // with an overlay open it is the same page (each problem is reported once).
  if (!scope && !topModal) {
    if (doc.scrollWidth > doc.clientWidth) found.sideways.push(`the page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    const main = document.querySelector('main, [role="main"]');
    if (main && main.scrollWidth > main.clientWidth + 1) found.sideways.push(`the main content is ${main.scrollWidth} px wide in ${main.clientWidth} px`);
    // A scroll of a few pixels is a bug when it reveals nothing: every text, control and card of the
    // page (what scrolls with it, not the fixed header, toasts or corner buttons) already ends inside
    // the window, and above the floating windows' list where that lies over the page (a phone). A
    // page whose content happens to run a few pixels past that end (a long hash wrapping onto one
    // more line on a phone) scrolls to show it, which is right.
    const extra = doc.scrollHeight - doc.clientHeight;
    if (extra > 0 && extra <= 8) {
      const pinned = (el: Element): boolean => {
        for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === 'fixed' || position === 'sticky') return true;
        }
        return false;
      };
      const hasOwnText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && norm(n.textContent) !== '');
      let contentEnd = 0;
      for (const el of document.body.querySelectorAll('*')) {
        if (!(hasOwnText(el) || el.matches(CONTROLS) || el.matches('img, svg, canvas, hr, table, .MuiPaper-root')) || !seen(el) || pinned(el)) continue;
        contentEnd = Math.max(contentEnd, el.getBoundingClientRect().bottom + window.scrollY);
      }
      let visibleEnd = doc.clientHeight;
      const list = document.querySelector('nav[aria-label="Floating windows"]')?.getBoundingClientRect();
      const page = document.querySelector('#main-content')?.getBoundingClientRect();
      if (list && page && list.height > 0 && list.left < page.right && list.right > page.left) visibleEnd = Math.min(visibleEnd, list.top);
      if (contentEnd <= visibleEnd + 0.5) found.sideways.push(`the page scrolls down by ${extra} px only and shows nothing more there (a scrollbar for nothing)`);
    }
  }

  // (b) Clipped labels, headers and chips: the full text must be at hand.
  const textsAround = (el: Element): string[] => {
    const texts: string[] = [];
    for (const attr of ['title', 'aria-label']) texts.push(norm(el.getAttribute(attr)));
    for (const attr of ['aria-describedby', 'aria-labelledby']) {
      for (const id of norm(el.getAttribute(attr)).split(' ').filter(Boolean)) texts.push(norm(document.getElementById(id)?.textContent));
    }
    return texts.filter(Boolean);
  };
  // Text for screen readers only (MUI's visuallyHidden: clipped to nothing) is not meant to be seen.
  const visuallyHidden = (style: CSSStyleDeclaration) => style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '');
  const isClipped = (el: Element, self: boolean) => {
    if (!(el instanceof HTMLElement) || el.clientWidth <= 1) return false;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.display === 'contents' || visuallyHidden(style)) return false;
    if (el.scrollWidth <= el.clientWidth + 1) return false;
    return self || style.overflowX !== 'visible';
  };
  for (const el of root.querySelectorAll('button, th, [role="columnheader"], .MuiChip-label')) {
    if (!seen(el)) continue;
    const full = norm(el.textContent);
    if (!full) continue;
    const clipped = [el, ...el.querySelectorAll('*')].find((node, i) => isClipped(node, i === 0));
    if (!clipped) continue;
    const chain: Element[] = [];
    for (let node: Element | null = clipped; node && node !== el.parentElement; node = node.parentElement) chain.push(node);
    for (let node = el.parentElement, up = 0; node && up < 2; node = node.parentElement, up++) chain.push(node);
    if (chain.some((node) => textsAround(node).some((text) => text.includes(full)))) continue;
    found.clipped.push(`${describeEl(el)} ${where(el.getBoundingClientRect())} is cut (${clipped.scrollWidth} px of text in ${clipped.clientWidth} px) with its full text nowhere at hand`);
  }

  // (c) Every visible control inside the viewport is the topmost element at its centre.
  // Chips too: a transaction's status chip must not lie under a toast.
  for (const el of root.querySelectorAll(CONTROLS)) {
    if (!seen(el)) continue;
    const style = getComputedStyle(el);
    // Disabled MUI controls take no pointer (pointer-events: none): nothing to press there.
    if (style.pointerEvents === 'none') continue;
    // react-admin's bulk actions with nothing selected: folded to no height behind the table header, by design.
    if (el.closest('.RaBulkActionsToolbar-collapsed')) continue;
    const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    if (cx < 0 || cy < 0 || cx >= doc.clientWidth || cy >= doc.clientHeight) continue;
    // Scrolled out of its own scroll area (a list's lower rows): out of view, not covered.
    let outOfView = false;
    for (let a = el.parentElement; a && a !== document.body && a !== doc; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      if (cx < r.left || cx > r.right || cy < r.top || cy > r.bottom) {
        outOfView = true;
        break;
      }
    }
    if (outOfView) continue;
    // A control drawn by its wrapper (MUI's switch, checkbox and slider inputs are transparent or
    // clipped over it): the pointer meets the wrapper.
    const hidden = style.opacity === '0' || visuallyHidden(style) || box.width <= 1 || box.height <= 1;
    const target = hidden && el.parentElement ? el.parentElement : el;
    const hit = document.elementFromPoint(cx, cy);
    if (hit && (el.contains(hit) || target.contains(hit))) continue;
    // A label's own text over its input (MUI's outlined field) reaches the input too.
    if (hit instanceof HTMLLabelElement && hit.htmlFor && hit.htmlFor === el.id) continue;
    const cover = hit?.closest('.console-toasts') ?? hit;
    found.covered.push(`${describeEl(el)} ${where(box)} is under ${describeEl(cover)}`);
  }

  // While a dialog is open, no toast sits over it (§2: toasts stay below dialogs).
  const dialog = topModal?.querySelector('[role="dialog"], [role="alertdialog"], .MuiDialog-paper');
  if (dialog) {
    const d = dialog.getBoundingClientRect();
    for (const toast of document.querySelectorAll('.console-toasts [title="Click to close"]')) {
      if (!seen(toast)) continue;
      const t = toast.getBoundingClientRect();
      const overlaps = t.left < d.right && t.right > d.left && t.top < d.bottom && t.bottom > d.top;
      const hit = document.elementFromPoint(t.x + t.width / 2, t.y + t.height / 2);
      if (overlaps && hit && toast.contains(hit)) found.covered.push(`toast ${describeEl(toast)} ${where(t)} sits over the open ${describeEl(dialog)}`);
    }
  }
  return found;
}

const toastCards = (page: Page) => page.locator('.console-toasts [title="Click to close"]');

/** At least four toasts up: the simulator's trades and, to be sure, notifications that stay. */
async function ensureToasts(page: Page, admin: Api): Promise<void> {
  const open = async () => (await toastCards(page).count()) + Number((await page.getByRole('button', { name: /^\+\d+ more notifications$/ }).count()) > 0);
  if ((await open()) >= MIN_TOASTS) return;
  for (const toast of TOASTS) {
    const res = await admin('POST', '/sim/control', { action: 'notify', msg: `${toast.msg} (${Date.now() % 100_000})`, type: toast.type, autoClose: false });
    expect(res.status).toBe(200);
  }
  await expect.poll(open, { timeout: 10_000, message: 'four toasts on screen' }).toBeGreaterThanOrEqual(MIN_TOASTS);
}

/** Dark is dark and light is light: the body's background luminance (0 black … 1 white). */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

/** The pointer rests where it covers nothing (it may have opened a tooltip or unfolded the toasts). */
const restPointer = (page: Page, size: Size) => page.mouse.move(1, size.height - 1);

/** Presses a control as a person does; a control a person cannot press is itself a finding. */
async function press(locator: Locator, what: string, problems: string[]): Promise<boolean> {
  try {
    await locator.click({ timeout: 3000 });
    return true;
  } catch (error) {
    problems.push(`${what} cannot be pressed: ${String(error).split('\n').slice(0, 3).join(' ').slice(0, 300)}`);
    return false;
  }
}

describe.skipIf(!hasChromium)('§2 layout: every screen at every size, both themes, both roles, with toasts up', () => {
  let browser: Browser;
  let admin: Api;
  let fixtures: Fixtures;
  const started = Date.now();

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // §2 the workers running, the simulator quiet: nothing of its own by chance (a peer down, a
    // failed trade) changes what a case judges; each case asks for a trade, whose toasts come too.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    fixtures = await fixturesFrom(admin, 'LAYOUT');
  });

  afterAll(async () => {
    await browser?.close();
    await admin?.('POST', '/workers/stop');
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await cleanUp(admin, fixtures);
    console.info(`layout: all cases took ${Math.round((Date.now() - started) / 1000)} s`);
  });

  for (const role of ROLES) {
    for (const { theme, size } of CASES) {
      const label = `${role} ${theme} ${size.width}x${size.height}`;
      it(`${label}: nothing scrolls sideways, nothing is cut without its full text, every control is on top`, { timeout: 240_000 }, async () => {
        const context = await browser.newContext({
          baseURL,
          viewport: { width: size.width, height: size.height },
          colorScheme: theme,
          isMobile: size.phone,
          hasTouch: size.phone,
        });
        const page = await context.newPage();
        const problems: string[] = [];
        // Every screen drawn without a page error, in this case's theme (screens.e2e.ts reaches each by its address).
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        const shot = (screen: string) => screenshot(page, `layout-${role}-${theme}-${size.width}x${size.height}-${screen}`);
        const check = async (screen: string, scope: string | null = null) => {
          const found = await page.evaluate(inspectInPage, scope);
          for (const line of [...found.sideways, ...found.clipped, ...found.covered]) problems.push(`${screen}: ${line}`);
        };
        try {
          await signIn(page, role === 'admin' ? adminKey : operatorKey);
          // The theme is the one asked for (react-admin follows the system's colour scheme).
          const luminance = await backgroundLuminance(page);
          if (theme === 'dark') expect(luminance, 'the dark theme is on').toBeLessThan(0.3);
          else expect(luminance, 'the light theme is on').toBeGreaterThan(0.7);
          await restPointer(page, size);
          expect((await admin('POST', '/sim/control', { action: 'trade', fail: false })).status).toBe(200);

          for (const screen of screensOf(role, fixtures)) {
            if (screen.url !== '/') await routeTo(page, screen.url);
            await settled(page, screen).catch((error: unknown) => problems.push(`${screen.name}: not drawn: ${String(error).split('\n')[0]}`));
            await ensureToasts(page, admin);
            await restPointer(page, size);
            await check(screen.name);
            await shot(screen.name);

            if (screen.name === 'home') {
              await overlays(page, size, problems, check, shot);
            }
          }
        } finally {
          await context.close();
        }
        expect(problems, `${label}: ${problems.length} layout problems:\n${problems.join('\n')}\n`).toEqual([]);
      });
    }
  }
});

/** The user menu, the volume popover, the notification centre, a confirmation dialog and the token picker, each judged open. */
async function overlays(
  page: Page,
  size: Size,
  problems: string[],
  check: (screen: string, scope?: string | null) => Promise<void>,
  shot: (screen: string) => Promise<void>,
): Promise<void> {
  const closeWithEscape = async (gone: Locator) => {
    await page.keyboard.press('Escape');
    await gone.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
    await restPointer(page, size);
  };

  // The user menu (Logout must not lie under the toasts).
  if (await press(page.getByRole('button', { name: /^Profile/ }), 'home: the user menu button', problems)) {
    const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem') }).last();
    await menu.waitFor({ timeout: 5000 }).catch(() => problems.push('home: the user menu did not open'));
    await page.waitForTimeout(200);
    await check('user menu');
    await shot('user-menu');
    await closeWithEscape(menu);
  }

  // The volume popover (its slider must not lie under the toasts).
  if (await press(page.getByRole('button', { name: /^Sound volume/ }), 'home: the volume button', problems)) {
    const popover = page.locator('.MuiPopover-paper').last();
    await popover.waitFor({ timeout: 5000 }).catch(() => problems.push('home: the volume popover did not open'));
    await page.waitForTimeout(200);
    await check('volume popover');
    await shot('volume');
    await closeWithEscape(popover);
  }

  // The notification centre (a drawer) and its items.
  if (await press(page.getByRole('button', { name: /^Notifications/ }), 'home: the notifications button', problems)) {
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await centre.waitFor({ timeout: 5000 }).catch(() => problems.push('home: the notification centre did not open'));
    await page.waitForTimeout(200);
    await check('notification centre');
    await shot('notification-centre');
    await closeWithEscape(centre);
  }

  // A confirmation dialog (Yes/No), from a peer restart in Service status (toasts stay below the backdrop).
  const peer = page.getByRole('button', { name: /restart (tx|zmq) peer \S+ \(/ }).first();
  if ((await peer.count()) > 0 && (await peer.isVisible())) {
    if (await press(peer, 'home: a peer restart button', problems)) {
      const dialog = page.getByRole('dialog', { name: /^Restart peer / });
      await dialog.waitFor({ timeout: 5000 }).catch(() => problems.push('home: the restart confirmation did not open'));
      await page.waitForTimeout(400);
      await check('restart confirmation');
      await shot('confirm-dialog');
      if (!(await press(dialog.getByRole('button', { name: 'No' }), 'restart confirmation: No', problems))) await closeWithEscape(dialog);
      await dialog.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      await restPointer(page, size);
    }
  }

  // A swap window's token picker: title, search, list, count and Cancel all in view.
  const opener = page.getByRole('button', { name: '#1 Swap', pressed: false });
  if ((await opener.count()) === 0 || !(await opener.isVisible())) {
    // On a phone the window list sits in the closed menu drawer: swap windows are a desk tool.
    if (!size.phone) problems.push('home: no "#1 Swap" button to open a swap window');
    return;
  }
  if (!(await press(opener, 'home: #1 Swap', problems))) return;
  const win = page.getByRole('dialog', { name: 'Window 1 Swap' });
  await win.waitFor({ timeout: 10_000 }).catch(() => problems.push('home: the swap window did not open'));
  const choose = win.getByRole('button', { name: /^Choose From token/ }).first();
  await choose.waitFor({ timeout: 10_000 }).catch(() => undefined);
  if (await press(choose, 'swap window: Choose From token', problems)) {
    const picker = win.getByRole('dialog', { name: 'Select token' });
    await picker.waitFor({ timeout: 5000 }).catch(() => problems.push('swap window: the token picker did not open'));
    await picker.getByRole('list', { name: 'Tokens' }).getByRole('listitem').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(200);
    await restPointer(page, size);
    // Marked for the page check by what a person sees (its role and name), whatever its markup.
    await picker.evaluate((el) => el.setAttribute('data-layout-scope', 'token-picker'));
    await check('token picker', '[data-layout-scope="token-picker"]');
    // Its parts are all in view inside the window, the count included.
    const parts = await picker.evaluate((el) => {
      const frame = el.parentElement?.closest('[role="dialog"]')?.getBoundingClientRect();
      const pick = (label: string, node: Element | null | undefined) => ({ label, node: node ?? null });
      const all = [
        pick('its title', [...el.querySelectorAll('h1,h2,h3,h4,h5,h6')].find((h) => h.textContent?.includes('Select token'))),
        pick('its search box', el.querySelector('input[aria-label="Search tokens"]')),
        pick('its Cancel', [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Cancel')),
        pick('its token list', el.querySelector('[aria-label="Tokens"]')),
        pick('its count ("Showing N of M tokens")', [...el.querySelectorAll('*')].find((n) => n.children.length === 0 && /^Showing \d+ of \d+ tokens$/.test(n.textContent?.trim() ?? ''))),
      ];
      return all.map(({ label, node }) => {
        if (!node) return `${label} is missing`;
        const r = node.getBoundingClientRect();
        const cx = r.x + r.width / 2;
        const cy = r.y + Math.min(r.height / 2, 10);
        const inFrame = frame !== undefined && r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5 && r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
        const hit = document.elementFromPoint(cx, cy);
        if (!inFrame) return `${label} is outside the window's visible area (${Math.round(r.top)}..${Math.round(r.bottom)} px, window ${Math.round(frame?.top ?? 0)}..${Math.round(frame?.bottom ?? 0)})`;
        if (!hit || !node.contains(hit)) return `${label} is covered by ${hit?.tagName.toLowerCase() ?? 'nothing'}${hit?.getAttribute('aria-label') ? ` "${hit.getAttribute('aria-label')}"` : ''}`;
        return '';
      });
    });
    for (const part of parts.filter(Boolean)) problems.push(`token picker: ${part}`);
    await shot('token-picker');
    await press(picker.getByRole('button', { name: 'Cancel' }), 'token picker: Cancel', problems);
  }
  await press(win.getByRole('button', { name: 'Close #1 Swap' }).or(win.getByRole('button', { name: /^Close .*Swap/ })).first(), 'swap window: Close', problems);
  await restPointer(page, size);
}
