import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn, type Api } from './browser.ts';

/*
 * Layers and page height (§2 toasts, floating windows), in Chromium against the real reference
 * server, pressed the way a person presses: Playwright's click() with its actionability checks,
 * which hit-tests, so a toast over a menu item takes the click. One z-index scale (the theme's):
 * whatever the operator opens is above the toasts, a modal's backdrop is above them too, and no
 * toast sits on a page's control.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

const toasts = (page: Page) => page.locator('.console-toasts').getByTitle('Click to close', { exact: true });

/** What the operator sees at an element's centre: whether it is the element (or inside it). */
function topmostAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Whether the element at a toast's centre is the toast itself (or inside it). */
function toastOnTopAtCentre(toast: Locator): Promise<boolean> {
  return toast.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Persistent info toasts (they stay until closed), at least `n` of them showing. */
async function showToasts(page: Page, admin: Api, n: number, label = 'Layering check'): Promise<void> {
  // A notice reaches the consoles connected when it is sent: this one is, after a reload too.
  await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 15_000 }).toBe(1);
  for (let i = 1; i <= n; i++) {
    const answer = await admin('POST', '/sim/control', { action: 'notify', msg: `${label} notice ${i} of ${n}`, type: 'info', autoClose: false });
    expect(answer.status).toBe(200);
  }
  await expect.poll(() => toasts(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(Math.min(n, 4));
}

/** The page's controls (at the top of the page, where the toasts are) that a toast sits on at their centre. */
function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stack = document.querySelector('.console-toasts');
    const out: string[] = [];
    if (!stack) return out;
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=switch], [role=tab], .MuiChip-root';
    for (const el of Array.from(document.querySelectorAll(`#main-content :is(${selector})`))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > window.innerHeight) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && stack.contains(hit)) out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return out;
  });
}

describe.skipIf(!hasChromium)('§2 layers: what the operator opens is above the toasts; no toast covers a control', () => {
  let browser: Browser;
  let admin: Api;
  let tx: { id: string; tradeId: string; status: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // No trade toasts unless a test asks for one, and the simulator quiet: every toast here is the test's own.
    await admin('POST', '/workers/stop');
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
    // A tx of a trade: the demo's manual transfers (tradeId null) have no trade page.
    const list = (await (await admin('GET', '/txs/?perPage=100')).json()) as { data: { id: string; tradeId: string | null; status: string }[] };
    const ofTrade = list.data.find((row): row is { id: string; tradeId: string; status: string } => row.tradeId !== null);
    expect(ofTrade, 'a tx of a trade among the newest 100').toBeDefined();
    tx = ofTrade!;
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await browser?.close();
  });

  it('§2 with four toasts showing, a real click on Logout in the user menu ends the session (POST /api/logout, back at sign-in)', async () => {
    const { page, context, pageErrors } = await newSession(browser);
    await signIn(page, adminKey);
    await showToasts(page, admin, 4);
    await page.getByRole('button', { name: /^Profile\b/ }).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    // The menu opens where the toasts are, and above them.
    expect(await topmostAtCentre(logout)).toBe(true);
    await screenshot(page, 'layering-user-menu-over-toasts');
    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await logout.click({ timeout: 10_000 });
    const answer = await revoked;
    expect(answer.request().method()).toBe('POST');
    expect(answer.status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Access key').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('§9 volume popover: with four toasts showing its slider is the topmost element at its centre, and a click on it sets the volume', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    await showToasts(page, admin, 4);
    await page.getByRole('button', { name: /^Sound volume \d+%$/ }).click();
    const slider = page.locator('.MuiPopover-paper .MuiSlider-root');
    await slider.waitFor();
    expect(await topmostAtCentre(slider)).toBe(true);
    await slider.click({ timeout: 10_000 });
    // The middle of the track is about half: the click reached the slider, not a toast.
    await expect.poll(() => page.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuenow')).toMatch(/^(4\d|5\d|60)$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: /^Sound volume (4\d|5\d|60)%$/ }).count()).toBe(1);
    await context.close();
  });

  it('§7 a restart dialog and a Yes/No confirmation: the toasts sit below the backdrop; Cancel and No send nothing and the page still answers', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    await showToasts(page, admin, 4);
    const restarts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/restart')) restarts.push(request.url());
    });
    const below = async () => {
      const shown = await toasts(page).all();
      expect(shown.length).toBeGreaterThanOrEqual(1);
      for (const toast of shown) if (await toast.isVisible()) expect(await toastOnTopAtCentre(toast)).toBe(false);
    };
    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /^Restart brain service \(/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart brain', exact: true });
    await dialog.waitFor();
    await below();
    await screenshot(page, 'layering-restart-over-toasts');
    // The restart dialog is the one confirmation of a service restart: Cancel sends nothing.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // A peer restart asks Yes/No: that question too sits above the toasts; No sends nothing.
    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /restart tx peer .+ \(/ }).first().click();
    const confirm = page.getByRole('dialog', { name: /^Restart peer .+\?$/ });
    await confirm.waitFor();
    await below();
    await screenshot(page, 'layering-confirm-over-toasts');
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(restarts).toEqual([]);
    // Without a modal, the toasts are on top again and still close with a click.
    // (Once the backdrop has faded out; a toast arriving meanwhile may flash in first.)
    // The test's own notices are the ones counted.
    const ours = () => toasts(page).filter({ hasText: /Layering check notice \d of 4/ });
    // The pointer over the stack unfolds it (as it does for a person), so each notice shows in full.
    await toasts(page).first().hover({ timeout: 10_000 });
    const first = ours().first();
    await expect.poll(() => toastOnTopAtCentre(first), { timeout: 5_000 }).toBe(true);
    const text = (await first.textContent())?.match(/Layering check notice \d of 4/)?.[0] ?? '';
    expect(text).not.toBe('');
    await first.click();
    await expect.poll(() => toasts(page).filter({ hasText: text }).count()).toBe(0);
    await context.close();
  });

  it('§2 on a transaction page and a trade page, with toasts and Dismiss all showing, the status chip and every control are on top (1280, 1440, 1920 px)', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/tx/${tx.id}`);
      const chip = page.getByRole('article', { name: `Transaction ${tx.id}` }).locator('.MuiChip-root').first();
      await chip.waitFor();
      await showToasts(page, admin, 6, `Tx page ${size.width}`);
      await page.getByRole('button', { name: 'Dismiss all', exact: true }).waitFor();
      expect(await topmostAtCentre(chip), `status chip at ${size.width}px`).toBe(true);
      expect(await controlsUnderToasts(page), `/tx/{id} at ${size.width}px`).toEqual([]);
      await screenshot(page, `layering-tx-page-${size.width}`);

      await page.goto(`/tx/trades/${tx.tradeId}`);
      const trade = page.getByRole('article', { name: `Trade ${tx.tradeId}` });
      const state = trade.locator('.MuiChip-root').first();
      await state.waitFor();
      await showToasts(page, admin, 6, `Trade page ${size.width}`);
      expect(await topmostAtCentre(state), `trade state chip at ${size.width}px`).toBe(true);
      expect(await controlsUnderToasts(page), `/tx/trades/{id} at ${size.width}px`).toEqual([]);
      await screenshot(page, `layering-trade-page-${size.width}`);
      await page.getByRole('button', { name: 'Dismiss all', exact: true }).click();
      await expect.poll(() => toasts(page).count()).toBe(0);
    }
    await context.close();
  });

  // That no toast sits on a control of any screen, at every size, is layout.e2e.ts's check: with
  // at least four toasts and "Dismiss all" up, every visible control is the topmost element at its centre.

  it('§2 a folded trade toast reads whole: both networks named (icon, hover, and beside it when there is room), the bridge whole, tx types named whole (on a line of their own if need be); unfolded it names both networks and lists every type', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    await page.mouse.move(300, 700);
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    try {
      // A trade that completes (quiet, the simulator sends none of its own); the workers stop again
      // at once, and the trade still confirms.
      expect((await admin('POST', '/sim/control', { action: 'trade', fail: false })).status).toBe(200);
      await admin('POST', '/workers/stop');
      // Its confirmation's toast: nothing replaces it until it closes, and the trade has ended, so no
      // later test meets it still under way.
      const trade = page.locator('.console-toasts [data-trade-state="CONFIRM"]').first();
      await trade.waitFor({ timeout: 20_000 });
      const line = await trade.evaluate((el) => {
        const folded = el.querySelector<HTMLElement>('[data-fold="folded"]');
        const full = el.querySelector<HTMLElement>('[data-fold="full"]');
        const card = el.closest<HTMLElement>('[title="Click to close"]');
        const text = card?.firstElementChild as HTMLElement | null;
        return {
          networks: Array.from(el.querySelectorAll('[role=img]')).map((img) => img.getAttribute('aria-label') ?? ''),
          iconTitles: Array.from(el.querySelectorAll('[role=img]')).map((img) => img.getAttribute('title') ?? ''),
          shown: text?.innerText ?? '',
          // The line's text is not cut at its end (the whole line fits the toast).
          overflows: text ? text.scrollWidth > text.clientWidth + 1 : true,
          folded: folded?.innerText ?? '',
          widths: Array.from(el.children).map((c) => Math.round(c.getBoundingClientRect().width)),
          total: Math.round(el.getBoundingClientRect().width),
          foldedCut: folded ? folded.scrollWidth > folded.clientWidth + 1 : true,
          fullShown: full ? full.offsetParent !== null : true,
          title: el.getAttribute('title') ?? '',
        };
      });
      const types = /; (.*)$/.exec(line.title)?.[1]?.split(', ') ?? [];
      const bridge = / via (.*?);/.exec(line.title)?.[1] ?? '';
      expect(types.length).toBeGreaterThan(0);
      expect(line.networks).toHaveLength(2);
      // Each network's icon carries its full name (for assistive technology and on hover); its name
      // shows beside it when the line has room.
      expect(line.iconTitles).toEqual(line.networks);
      for (const network of line.networks) expect(network.length).toBeGreaterThan(2);
      if (bridge) expect(line.shown, JSON.stringify(line)).toContain(`via ${bridge}`);
      expect(line.overflows, JSON.stringify(line)).toBe(false);
      expect(line.foldedCut, JSON.stringify(line)).toBe(false);
      expect(line.fullShown).toBe(false);
      // Whole types, named (§2 lists them; "2 txs" named none): each shown type is one of the trade's, then how many more.
      expect(line.folded, JSON.stringify(line)).not.toMatch(/^\d+ txs?$/);
      const [, listed = '', more] = /^(.*?)(?: \+(\d+) more)?$/.exec(line.folded) ?? [];
      const shownTypes = listed.split(', ');
      for (const type of shownTypes) expect(types).toContain(type);
      expect(shownTypes.length + Number(more ?? 0)).toBe(types.length);
      await screenshot(page, 'layering-trade-toast-folded');
      // Unfolded (pointer over the stack): the whole list.
      await trade.hover();
      await expect.poll(() => trade.locator('[data-fold="full"]').last().isVisible()).toBe(true);
      expect(await trade.locator('[data-fold="full"]').last().innerText()).toBe(types.join(', '));
      // Unfolded, the networks' names are there in words.
      const unfolded = await trade.innerText();
      for (const network of line.networks) expect(unfolded).toContain(network);
      expect(await trade.locator('[data-fold="folded"]').isVisible()).toBe(false);
      await screenshot(page, 'layering-trade-toast-unfolded');
    } finally {
      await admin('POST', '/workers/stop');
    }
    await context.close();
  });

  it('page height: no page scrolls by a few pixels (1280×800, 1440×900): the menu column ends at the screen\'s bottom', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    for (const size of SIZES.slice(0, 2)) {
      await page.setViewportSize(size);
      for (const path of ['/', `/tx/${tx.id}`, '/tsettings/tokens']) {
        await page.goto(path);
        await page.locator('#main-content :is(h1, h2)').first().waitFor();
        await page.waitForTimeout(300);
        const { scroll, client, menuBottom } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollHeight,
          client: document.documentElement.clientHeight,
          menuBottom: document.querySelector('.RaSidebar-fixed')?.getBoundingClientRect().bottom ?? 0,
        }));
        expect(menuBottom, `menu column at ${path}, ${size.width}px`).toBeLessThanOrEqual(client);
        // A page whose content fits has no vertical scrollbar.
        const content = await page.evaluate(() => {
          const main = document.querySelector('#main-content');
          return Math.max(...Array.from(main?.children ?? []).map((child) => child.getBoundingClientRect().bottom));
        });
        if (content <= client) expect(scroll, `${path} at ${size.width}×${size.height}`).toBe(client);
      }
    }
    await context.close();
  });

  it('worker controls: "route search NN%" stays on one line and the worker controls keep their height while it counts up', async () => {
    const { page, context } = await newSession(browser);
    await signIn(page, adminKey);
    const controls = page.getByRole('region', { name: 'Worker controls' });
    await controls.waitFor();
    const before = (await controls.boundingBox())?.height ?? 0;
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    try {
      const search = controls.getByRole('group', { name: /^Route search \d+%$/ });
      await search.waitFor({ timeout: 15_000 });
      const seen = new Map<string, { caption: number; width: number; row: number }>();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await search.count()) > 0) {
        const sample = await search
          .evaluate((el) => {
            const caption = el.querySelector('.MuiTypography-root');
            return {
              text: caption?.textContent ?? '',
              caption: caption?.getBoundingClientRect().height ?? 0,
              lineHeight: caption ? parseFloat(getComputedStyle(caption).lineHeight) || parseFloat(getComputedStyle(caption).fontSize) * 1.2 : 0,
              width: el.getBoundingClientRect().width,
              row: el.closest('section')?.getBoundingClientRect().height ?? 0,
            };
          })
          .catch(() => null);
        if (sample && sample.caption > 0) {
          // One line of caption, whatever the percentage.
          expect(sample.caption, sample.text).toBeLessThan(sample.lineHeight * 1.5);
          seen.set(sample.text, sample);
        }
        await page.waitForTimeout(150);
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
      const all = [...seen.values()];
      expect(new Set(all.map((s) => s.width)).size).toBe(1);
      expect(new Set(all.map((s) => Math.round(s.row))).size).toBe(1);
      expect(Math.abs((all[0]?.row ?? 0) - before)).toBeLessThanOrEqual(1);
    } finally {
      await admin('POST', '/workers/stop');
    }
    await context.close();
  });
});
