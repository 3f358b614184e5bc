/**
 * On call from a phone (§1): an operator who is paged opens the console on a phone, 390×844, touch,
 * in either theme, as Admin or as Operator, signed in through the real form. Nothing scrolls
 * sideways on home, a transaction's page, a trade's page or with the notification centre open; the
 * menu is a drawer opened by the hamburger and closed by choosing an item; Stop, Start and Sell
 * Only are pressed with real clicks, are the topmost element at their centre and are 44 px touch
 * targets, and the server gets what they send (a refused Stop keeps the workers as they were).
 *
 * axe-core (every rule, best practices and label-content-name-mismatch included) finds nothing on
 * home, in the menu drawer or in the centre at this size, in either theme.
 *
 * The page's own width is checked as well as scrollWidth <= innerWidth: a mobile browser widens its
 * layout viewport to fit wide content (innerWidth 468 at a 390 px screen when the content is too
 * wide), which alone would make that comparison pass.
 */
import type { Browser, Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, operatorKey, screenshot, signIn, type Api } from './browser.ts';
import { loadAxe } from './axe.ts';

const PHONE = { width: 390, height: 844 } as const;
const TOUCH_TARGET = 44;
/** Live state (the brain state, the end of a route search) can take a while on a loaded machine. */
const LIVE_MS = 30_000;

type Role = 'Admin' | 'Operator';
type Scheme = 'light' | 'dark';

async function phoneSession(browser: Browser, colorScheme: Scheme): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    colorScheme,
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** The page's widths and, if it is wider than the phone, what sticks out (for the failure message). */
async function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number; sticksOut: string[] }> {
  return page.evaluate((limit) => {
    const sticksOut = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= limit + 1) return false;
        // Inside something that clips it (a fixed window's resize handles), it does not widen the page.
        for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return false;
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, sticksOut };
  }, PHONE.width);
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const w = await widths(page);
  const message = `${where}: ${JSON.stringify(w)}`;
  expect(w.innerWidth, message).toBe(PHONE.width);
  expect(w.scrollWidth, message).toBeLessThanOrEqual(w.innerWidth);
}

/** Whether the element itself (or something inside it) is what a finger at its centre touches. */
async function topmostAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function firstId(api: Api, path: string, key: 'id' | 'tradeId'): Promise<string> {
  const res = await api('GET', `${path}?range=${encodeURIComponent('[0,0]')}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, string>[] | { data: Record<string, string>[] };
  const rows = Array.isArray(body) ? body : body.data;
  const id = rows[0]?.[key];
  expect(id, `${path} lists at least one record`).toBeTruthy();
  return id ?? '';
}

/** axe's findings on the page as it is now (evaluated, not injected: the CSP allows no inline script). */
async function axeViolations(page: Page, scope?: Locator): Promise<string[]> {
  await loadAxe(page);
  // In an open modal, what the backdrop dims is not the operator's to read: axe looks at the modal itself.
  await scope?.evaluate((el) => el.setAttribute('data-axe-scope', ''));
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[]; html: string; any: { message: string }[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Element | Document, options: object) => Promise<Result> } }).axe;
    const context = document.querySelector('[data-axe-scope]') ?? document;
    const result = await axe.run(context, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
    document.querySelector('[data-axe-scope]')?.removeAttribute('data-axe-scope');
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.any[0]?.message ?? ''}`).join(', ')}`,
    );
  });
}

const isCall = (method: string, path: string) => (r: Request) => r.method() === method && new URL(r.url()).pathname === path;

/**
 * Transitions and other animations with an end still running on the page: axe reads colours as they
 * are at that moment, so one mid-fade (MUI fades a button's colours as it turns enabled) is misread.
 */
const finiteAnimationsRunning = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime)).length);

const COMBOS: readonly [Role, Scheme][] = [
  ['Admin', 'light'],
  ['Operator', 'dark'],
  ['Operator', 'light'],
  ['Admin', 'dark'],
];

describe.skipIf(!hasChromium)('§1 on call from a phone, 390×844 touch', () => {
  let browser: Browser;
  let admin: Api;
  let txId = '';
  let tradeId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    txId = await firstId(admin, '/txs/', 'id');
    tradeId = await firstId(admin, '/trades/', 'tradeId');
    // The simulator quiet: the toasts on these pages (axe reads them too) are the tests' own.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    if (!admin) return;
    // As the other files expect the server: no refusal waiting, workers stopped, Sell Only off, the simulator as usual.
    await admin('POST', '/sim/control', { action: 'quiet', quiet: false });
    await admin('POST', '/sim/control', { action: 'refuse', method: 'POST', path: '/api/workers/stop', status: 503, error: 'withdrawn', times: 0 });
    await admin('POST', '/workers/stop');
    await admin('PUT', '/settings/misc', { updates: { sellOnly: false } });
  });

  for (const [role, scheme] of COMBOS) {
    const key = () => (role === 'Admin' ? adminKey : operatorKey);
    const shot = (name: string) => `phone-${role.toLowerCase()}-${scheme}-${name}`;

    // Four screens, axe and the centre: about 15 s on a quiet machine, over 60 s on a loaded one.
    it(`${role}, ${scheme}: nothing scrolls sideways on home, a transaction, a trade, or with the notification centre open`, { timeout: 150_000 }, async () => {
      const { page, close } = await phoneSession(browser, scheme);
      try {
        await signIn(page, key());
        await page.getByRole('region', { name: 'Gas and balances' }).getByText(/^Arbitrum$/).first().waitFor({ timeout: LIVE_MS });
        await expectNoSidewaysScroll(page, 'home');
        // Not mid-transition: Stop turns enabled when the route search a Start began ends (MUI fades its colours).
        const workerButton = page.getByRole('region', { name: 'Worker controls' }).getByRole('button', { name: /^(Stop|Start)$/ });
        await expect.poll(() => workerButton.isEnabled(), { timeout: LIVE_MS }).toBe(true);
        await expect.poll(() => finiteAnimationsRunning(page)).toBe(0);
        expect(await axeViolations(page), 'axe on home').toEqual([]);
        await screenshot(page, shot('home'));

        await page.goto(`/tx/${txId}`);
        await page.getByRole('heading', { name: `Transaction ${txId}` }).waitFor({ timeout: LIVE_MS });
        await expectNoSidewaysScroll(page, `/tx/${txId}`);
        // §2 The floating windows' list lies over the page's bottom-left corner on a phone:
        // scrolled to the end, the page's last row ("Updated", its label on the left) stands above
        // the list, not under it (where a long transaction's "Created" and "Updated" would be
        // hidden for good). (On a shorter screen, so that this page runs past its end whatever the
        // transaction. The page's room is whole pixels: the row may end up to a pixel lower, its
        // text clear.)
        const list = page.getByRole('navigation', { name: 'Floating windows' });
        await list.waitFor();
        await page.setViewportSize({ width: PHONE.width, height: 560 });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const listBox = await list.boundingBox();
        const lastRow = await page.getByText('Updated', { exact: true }).boundingBox();
        expect(lastRow && listBox && lastRow.y + lastRow.height <= listBox.y + 1, `"Updated" ${JSON.stringify(lastRow)} ends above the list ${JSON.stringify(listBox)}`).toBe(true);
        await screenshot(page, shot('tx'));
        await page.setViewportSize(PHONE);

        await page.goto(`/tx/trades/${tradeId}`);
        await page.getByRole('heading', { name: `Trade ${tradeId}` }).waitFor({ timeout: LIVE_MS });
        await expectNoSidewaysScroll(page, `/tx/trades/${tradeId}`);
        await screenshot(page, shot('trade'));

        // The centre fills the phone; both filters and Mark all read are on screen and usable.
        // (Where the floating windows' list is: with the centre open, the page behind is aria-hidden.)
        const listAt = await list.boundingBox();
        await page.getByRole('button', { name: /^Notifications/ }).click();
        const centre = page.getByRole('dialog', { name: 'Notifications' });
        await centre.waitFor();
        await expectNoSidewaysScroll(page, 'notification centre');
        const box = await centre.boundingBox();
        expect(box?.width).toBe(PHONE.width);
        const filter = centre.getByRole('textbox', { name: 'Filter text' });
        const filterBox = await filter.boundingBox();
        expect(filterBox?.width ?? 0, 'Filter text has room to type in (was 0 px wide)').toBeGreaterThan(PHONE.width / 2);
        await filter.click();
        await filter.fill('no such notification text');
        const none = centre.getByText(/^(No notification matches the filter\.|Nothing yet\.)$/);
        await expect.poll(() => none.count()).toBe(1);
        await filter.fill('');
        const markAllRead = centre.getByRole('button', { name: 'Mark all read' });
        const markBox = await markAllRead.boundingBox();
        expect(markBox && markBox.x >= 0 && markBox.x + markBox.width <= PHONE.width && markBox.y + markBox.height <= PHONE.height).toBe(true);
        // The floating windows' list steps below the open centre: a tap at its place reaches the
        // centre (over it, the list would cover the centre's last item, a "Transactions of trade …"
        // link).
        const tapped = await centre.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [(listAt?.x ?? 0) + 8, (listAt?.y ?? 0) + (listAt?.height ?? 0) / 2]);
        expect(tapped, 'a tap on the list\'s place reaches the open centre').toBe(true);
        expect(await axeViolations(page, centre), 'axe with the centre open').toEqual([]);
        await screenshot(page, shot('centre'));
        await centre.getByRole('button', { name: 'Close' }).click();
        await centre.waitFor({ state: 'detached' });
      } finally {
        await close();
      }
    });

    it(`${role}, ${scheme}: the menu is a drawer; the hamburger opens it and choosing Transactions goes to /tx and closes it`, async () => {
      const { page, close } = await phoneSession(browser, scheme);
      try {
        await signIn(page, key());
        // A toast of the test's own stays up where the drawer's top items come, for the real click below.
        await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: LIVE_MS }).toBe(1);
        const notice = `Drawer check ${role} ${scheme} ${Date.now().toString(36)}`;
        expect((await admin('POST', '/sim/control', { action: 'notify', msg: notice, type: 'info', autoClose: false })).status).toBe(200);
        await page.locator('.console-toasts').getByText(notice).waitFor({ timeout: LIVE_MS });
        const screens = page.getByRole('menu', { name: 'Screens' });
        // A drawer on a phone: not on screen until asked for.
        expect(await screens.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await screens.waitFor({ state: 'visible' });
        await expectNoSidewaysScroll(page, 'menu open');
        // The drawer is a modal dialog: it has a name (axe aria-dialog-name), and an item's
        // unseen count is said in its text (an aria-label would fail label-content-name-mismatch).
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.waitFor();
        expect(await axeViolations(page, drawer), 'axe with the menu drawer open').toEqual([]);
        await screenshot(page, shot('menu'));
        // A real click: a toast over the drawer's top items (the notice above) would take it if the
        // toast layer were above the drawer. Its name carries the changes not seen yet
        // ("Transactions, 3 new changes") once the simulator has made some.
        const transactions = screens.getByRole('menuitem', { name: /^Transactions( ?, \d+ new changes?)?$/ });
        await transactions.click({ timeout: 15_000 }).catch(async (error: unknown) => {
          throw new Error(`${String(error)}\n${await screens.ariaSnapshot().catch(() => 'no menu')}`);
        });
        await page.waitForURL((url) => url.pathname === '/tx');
        await expect.poll(() => screens.isVisible(), { timeout: 5000, message: 'the drawer closes once an item is chosen' }).toBe(false);
        // The page under it answers: the hamburger is there again, named.
        await page.getByRole('button', { name: 'Open menu' }).waitFor({ state: 'visible' });
      } finally {
        await close();
      }
    });

    it(`${role}, ${scheme}: Stop, Start and Sell Only are topmost 44 px targets; real clicks reach the server (a refused Stop changes nothing)`, async () => {
      expect((await admin('POST', '/workers/start')).status).toBe(200);
      expect((await admin('PUT', '/settings/misc', { updates: { sellOnly: false } })).status).toBe(200);
      const { page, close } = await phoneSession(browser, scheme);
      try {
        await signIn(page, key());
        const workers = page.getByRole('region', { name: 'Worker controls' });
        const stop = workers.getByRole('button', { name: 'Stop', exact: true });
        const start = workers.getByRole('button', { name: 'Start', exact: true });
        const sellOnly = workers.getByRole('switch', { name: 'Sell Only', exact: true });
        const badge = (state: 'working' | 'stopped') => workers.getByLabel(`Workers ${state}`, { exact: true });
        await stop.waitFor({ timeout: LIVE_MS });
        await expect.poll(() => stop.isEnabled(), { timeout: LIVE_MS, message: 'Stop waits for the route search Start began' }).toBe(true);

        for (const [name, control] of [['Stop', stop], ['Sell Only', sellOnly]] as const) {
          expect(await topmostAtCentre(control), `${name} is the topmost element at its centre`).toBe(true);
        }
        const stopBox = await stop.boundingBox();
        expect(stopBox?.height ?? 0, 'Stop is a 44 px touch target').toBeGreaterThanOrEqual(TOUCH_TARGET);
        // The switch's touch target is its whole label ("Sell Only" beside the switch presses it too).
        const sellOnlyTarget = workers.locator('label', { has: page.getByRole('switch', { name: 'Sell Only', exact: true }) });
        const sellOnlyBox = await sellOnlyTarget.boundingBox();
        expect(sellOnlyBox?.height ?? 0, 'Sell Only is a 44 px touch target').toBeGreaterThanOrEqual(TOUCH_TARGET);
        await screenshot(page, shot('workers'));

        // Refused (503 from the server itself): the operator reads why, and the workers still work.
        const reason = `service unavailable, try again shortly (phone ${role} ${scheme})`;
        expect((await admin('POST', '/sim/control', { action: 'refuse', method: 'POST', path: '/api/workers/stop', status: 503, error: reason, times: 1 })).status).toBe(200);
        const refused = page.waitForResponse((r: Response) => isCall('POST', '/api/workers/stop')(r.request()));
        await stop.click();
        expect((await refused).status()).toBe(503);
        await page.getByText(`Stop workers failed: ${reason}`, { exact: true }).first().waitFor({ timeout: 10_000 });
        await badge('working').waitFor();

        // Accepted: the server got POST /api/workers/stop, its brain state says stopped, and so does the badge.
        await expect.poll(() => stop.isEnabled(), { timeout: LIVE_MS }).toBe(true);
        const stopped = page.waitForResponse((r: Response) => isCall('POST', '/api/workers/stop')(r.request()));
        await stop.click();
        const stopAnswer = await stopped;
        expect(stopAnswer.status()).toBe(200);
        expect(((await stopAnswer.json()) as { brainState: { workersRunning: boolean } }).brainState.workersRunning).toBe(false);
        await badge('stopped').waitFor({ timeout: 10_000 });

        // Start again, from the same spot.
        await expect.poll(() => start.isEnabled(), { timeout: LIVE_MS }).toBe(true);
        expect(await topmostAtCentre(start), 'Start is the topmost element at its centre').toBe(true);
        const started = page.waitForResponse((r: Response) => isCall('POST', '/api/workers/start')(r.request()));
        await start.click();
        const startAnswer = await started;
        expect(startAnswer.status()).toBe(200);
        expect(((await startAnswer.json()) as { brainState: { workersRunning: boolean } }).brainState.workersRunning).toBe(true);
        await badge('working').waitFor({ timeout: 10_000 });

        // Sell Only on, then off: the request, the server's miscSettings in its answer, the switch.
        for (const on of [true, false]) {
          const sent = page.waitForRequest(isCall('PUT', '/api/settings/misc'));
          const answered = page.waitForResponse((r: Response) => isCall('PUT', '/api/settings/misc')(r.request()));
          await expect.poll(() => sellOnly.isEnabled(), { timeout: 10_000 }).toBe(true);
          await sellOnly.click();
          expect((await sent).postDataJSON()).toEqual({ updates: { sellOnly: on } });
          const answer = await answered;
          expect(answer.status()).toBe(200);
          expect(((await answer.json()) as { miscSettings: { sellOnly?: boolean } }).miscSettings.sellOnly).toBe(on);
          await expect.poll(() => sellOnly.isChecked(), { timeout: 10_000 }).toBe(on);
        }
        // The page still answers: the menu opens.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('menu', { name: 'Screens' }).waitFor({ state: 'visible' });
      } finally {
        await close();
        // The next tests start with the workers stopped, as the first one did.
        await admin('POST', '/workers/stop');
      }
    });
  }

  it('a desktop page narrowed to a phone (a window made narrow, a tablet turned) stays readable by assistive tech, and its menu drawer works', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, adminKey);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Open menu' }).waitFor({ state: 'visible' });
      // The page must not be aria-hidden (an unseen, closed menu drawer could leave its modal's
      // mark on it until a reload): nothing of it could then be found by role, nor read by a screen
      // reader.
      expect(await page.locator('#root[aria-hidden="true"], #root [aria-hidden="true"]:has(#main-content)').count()).toBe(0);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ timeout: 5_000 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const screens = page.getByRole('menu', { name: 'Screens' });
      await screens.waitFor({ state: 'visible' });
      await screens.getByRole('menuitem', { name: /^Transactions( ?, \d+ new changes?)?$/ }).click({ timeout: 15_000 });
      await page.waitForURL((url) => url.pathname === '/tx');
      await expect.poll(() => screens.isVisible(), { timeout: 5000 }).toBe(false);
      await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor({ timeout: 15_000 });
      // Wide again: the menu is the docked column, the page still readable.
      await page.setViewportSize({ width: 1440, height: 900 });
      await screens.waitFor({ state: 'visible' });
      expect(await page.locator('#root[aria-hidden="true"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('§7 on a phone: /tx folds its filters behind "Filters (n)" so the first card is on the first screen; a card shows no label without a value; New transaction\'s tabs show an arrow to the ones off screen, and a tap on it brings Force into reach', async () => {
    const { page, close } = await phoneSession(browser, 'light');
    try {
      await signIn(page, adminKey);
      await page.goto('/tx');
      const cards = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
      await cards.first().waitFor({ timeout: LIVE_MS });
      // The filters fold behind "Filters (n)": the first transaction is on the first screen.
      const toggle = page.getByRole('button', { name: 'Filters (0)', exact: true });
      await toggle.waitFor();
      expect(await page.getByRole('combobox', { name: 'Status' }).isVisible()).toBe(false);
      const first = await cards.first().boundingBox();
      expect((first?.y ?? Infinity) + (first?.height ?? 0), 'the first card ends within 844 px').toBeLessThanOrEqual(844);
      await screenshot(page, 'phone-tx-filters-folded');
      await toggle.click();
      await page.getByRole('combobox', { name: 'Status' }).waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('button', { name: 'Hide filters' }).click();
      await page.getByRole('combobox', { name: 'Status' }).waitFor({ state: 'hidden' });
      // Each "Label value" part of a card: a label is shown only with its value beside it.
      const bare = await page.getByRole('list', { name: 'Transactions' }).evaluate((list) =>
        Array.from(list.querySelectorAll('li span > span:first-child'))
          .filter((label) => label.nextElementSibling !== null && (label.nextElementSibling.textContent ?? '').trim() === '')
          .map((label) => label.textContent),
      );
      expect(bare).toEqual([]);

      // The export's progress fits the phone: its bar ends inside its dialog, the dialog inside the
      // screen (360 px of content overflowed it). The second page is held so the dialog stays up.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/txs/**', async (route) => {
        const range = route.request().headers()['range'] ?? new URL(route.request().url()).searchParams.get('range') ?? '';
        if (/\b500\b/.test(decodeURIComponent(range))) await held;
        await route.continue().catch(() => undefined);
      });
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const exporting = page.getByRole('dialog', { name: 'Exporting transactions' });
      // Past 100,000 rows (the seed, and the trades other files ran on this server) it asks first.
      const cap = page.getByRole('dialog', { name: /^Export the first / });
      await exporting.or(cap).first().waitFor({ timeout: LIVE_MS });
      if (await cap.isVisible()) await cap.getByRole('button', { name: /^Export the first / }).click();
      await exporting.getByText(/^Exporting 500 of [\d,]+ transactions…$/).waitFor({ timeout: LIVE_MS });
      const fits = await exporting.evaluate((dialog) => {
        const box = dialog.getBoundingClientRect();
        const bar = dialog.querySelector('[role="progressbar"]')?.getBoundingClientRect();
        return { dialogRight: box.right, barRight: bar?.right ?? Infinity, screen: document.documentElement.clientWidth };
      });
      expect(fits.barRight, JSON.stringify(fits)).toBeLessThanOrEqual(fits.dialogRight + 0.5);
      expect(fits.dialogRight, JSON.stringify(fits)).toBeLessThanOrEqual(fits.screen);
      await screenshot(page, 'phone-tx-export-progress');
      await exporting.getByRole('button', { name: 'Cancel' }).click();
      await exporting.waitFor({ state: 'detached' });
      release();
      await page.unroute('**/api/txs/**');

      await page.goto('/tx/new');
      const tabs = page.getByRole('tablist', { name: 'Operation' });
      await tabs.waitFor();
      const force = tabs.getByRole('tab', { name: 'Force' });
      // Within the scroller's visible box (the tab list itself is as wide as all its tabs).
      const scroller = page.locator('.MuiTabs-scroller').filter({ has: tabs });
      const inView = async () => {
        const [tab, list] = await Promise.all([force.boundingBox(), scroller.boundingBox()]);
        return tab !== null && list !== null && tab.x >= list.x && tab.x + tab.width <= list.x + list.width + 1;
      };
      expect(await inView()).toBe(false);
      // MUI's scroll arrow: at the end with more tabs that way.
      const next = page.locator('.MuiTabs-root').filter({ has: tabs }).locator('.MuiTabScrollButton-root').last();
      await next.waitFor({ state: 'visible' });
      await screenshot(page, 'phone-txnew-tabs-arrow');
      for (let i = 0; i < 6 && !(await inView()); i++) await next.click();
      await expect.poll(inView).toBe(true);
      await force.click();
      // Selected once React has drawn the click, not necessarily when click() returns.
      await expect.poll(() => force.getAttribute('aria-selected')).toBe('true');
    } finally {
      await close();
    }
  });
});
