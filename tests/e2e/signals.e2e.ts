/**
 * Calm, complete signals in Chromium against the reference server: at most N toasts with the rest in
 * "+K more", the notification centre (after a toast closed and after a reload, IndexedDB), a kind
 * at Bell only recorded but not shown, a snooze, and the title count while the page is hidden. Every toast
 * here comes from the simulator's controls (POST /api/sim/control), as the server would send it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, signIn, type Session, stillAnswers } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 15_000, message });
}

const toasts = (page: Page) => page.locator('.console-toasts').getByTitle('Click to close', { exact: true });
const centre = (page: Page) => page.getByRole('dialog', { name: 'Notifications', exact: true });

/**
 * The socket is up (a page just loaded misses what the server sent before it connected). Read from
 * the connection chip's state: the header that holds it slides out of view (and out of the
 * accessibility tree) while the page is scrolled down, as after pressing a control low on a page.
 */
async function live(page: Page): Promise<void> {
  await page.locator('[data-status="live"], [data-status="silent"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** The pointer off the toast area, which pauses while the pointer is over it (§2). */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(400, 700);
}

async function openCentre(page: Page): Promise<void> {
  // react-admin's header slides away while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
  await centre(page).waitFor();
}

async function closeCentre(page: Page): Promise<void> {
  await centre(page).getByRole('button', { name: 'Close', exact: true }).click();
  await centre(page).waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('calm, complete signals: toast limit, notification centre, preferences, hidden tab', () => {
  let browser: Browser;
  let admin: Api;
  let signedIn: Session | null = null;
  /** One signed-in page for the file, signed in by its first test (signIn polls, which only a test may). */
  const sessionOf = async (): Promise<Session> => {
    if (signedIn) return signedIn;
    signedIn = await newSession(browser);
    await signIn(signedIn.page, adminKey);
    return signedIn;
  };
  const notify = async (msg: string, type: 'info' | 'success' | 'warning' | 'error', autoClose: number | false) => {
    expect((await admin('POST', '/sim/control', { action: 'notify', msg, type, autoClose })).status).toBe(200);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    await admin('POST', '/workers/stop'); // no trade toasts unless a test asks for one
    // Nor a notice, a failed tx or an outage of the simulator's own: the toasts and counts are the tests'.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await admin?.('POST', '/workers/stop');
    await signedIn?.context.close();
    await browser?.close();
  });

  it('§2 toasts beyond the limit (4 by default) collapse into "+K more", which opens the centre listing them', async () => {
    const { page, pageErrors } = await sessionOf();
    const messages = Array.from({ length: 7 }, (_, i) => unique(`limit ${i}`));
    for (const msg of messages) await notify(msg, 'info', 30_000);
    await eventually(() => page.getByRole('button', { name: /^\+\d+ more notifications$/ }).count()).toBe(1);
    expect(await toasts(page).count()).toBeLessThanOrEqual(4);
    const more = page.getByRole('button', { name: /^\+\d+ more notifications$/ });
    expect(Number(/\+(\d+)/.exec((await more.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(3);
    // The newest is on top, in one line with the older ones folded under it.
    await eventually(() => toasts(page).first().textContent()).toBe(messages[6]);
    await more.click();
    for (const msg of messages) await centre(page).getByText(msg, { exact: true }).waitFor();
    expect(await toasts(page).count(), 'the stack stays out of the open centre').toBe(0);
    await closeCentre(page);
    await page.getByRole('button', { name: 'Dismiss all', exact: true }).click();
    await eventually(() => toasts(page).count()).toBe(0);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('identical toasts within a short window merge into one with ×count', async () => {
    const { page } = await sessionOf();
    const msg = unique('twice');
    await notify(msg, 'warning', 30_000);
    await notify(msg, 'warning', 30_000);
    await eventually(() => toasts(page).filter({ hasText: msg }).count()).toBe(1);
    await eventually(() => toasts(page).filter({ hasText: msg }).getByText('×2', { exact: true }).count()).toBe(1);
    await toasts(page).filter({ hasText: msg }).click(); // §2 a click closes it
    await eventually(() => toasts(page).filter({ hasText: msg }).count()).toBe(0);
  });

  it('the centre lists a toast after it closed and after a reload; filter by type and text; mark all read; clear', async () => {
    const { page, pageErrors } = await sessionOf();
    const msg = unique('gone in a second');
    await pointerAway(page);
    await notify(msg, 'success', 1000);
    // The bell counts what needs a look: a warning beside it, so there is an unread count to keep.
    await notify(unique('needs a look'), 'warning', 1000);
    await toasts(page).filter({ hasText: msg }).waitFor();
    await toasts(page).filter({ hasText: msg }).waitFor({ state: 'detached', timeout: 15_000 });
    await openCentre(page);
    await centre(page).getByText(msg, { exact: true }).waitFor();
    await closeCentre(page);

    await page.reload();
    await live(page);
    await eventually(() => page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).count(), 'the unread count survives the reload').toBe(1);
    await openCentre(page);
    const list = centre(page);
    await list.getByText(msg, { exact: true }).waitFor();
    await list.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Notify: success' });
    await list.getByRole('textbox', { name: 'Filter text' }).fill(msg.slice(-8));
    await eventually(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Trade failed' });
    await list.getByText('No notification matches the filter.').waitFor();
    await list.getByRole('button', { name: 'Mark all read', exact: true }).click();
    await eventually(() => page.getByRole('button', { name: 'Notifications', exact: true, includeHidden: true }).count()).toBe(1);
    await list.getByRole('button', { name: 'Clear', exact: true }).click();
    await list.getByRole('button', { name: 'Yes, clear', exact: true }).click();
    await list.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
    await list.getByRole('textbox', { name: 'Filter text' }).fill('');
    await eventually(() => list.getByText(msg, { exact: true }).count()).toBe(0);
    await closeCentre(page);
    await page.reload();
    await page.getByRole('link', { name: /Operator Console v0\.0\.1/ }).waitFor();
    await openCentre(page);
    expect(await centre(page).getByText(msg, { exact: true }).count(), 'cleared for good').toBe(0);
    await closeCentre(page);
    expect(pageErrors).toEqual([]);
  });

  it('a kind at Bell only shows no toast but is in the centre; a snooze quiets everything until it ends', async () => {
    const { page, pageErrors } = await sessionOf();
    await page.goto('/tsettings');
    const prefs = page.getByRole('region', { name: 'Notifications', exact: true });
    const level = prefs.getByRole('radiogroup', { name: 'Level for Notify: warning', exact: true });
    await level.getByRole('radio', { name: 'Bell only', exact: true }).click();
    expect(await level.getByRole('radio', { name: 'Bell only', exact: true }).isChecked()).toBe(true);
    await page.goto('/');
    await live(page);
    await pointerAway(page);
    const quiet = unique('bell only warning');
    const loud = unique('toasted info');
    await notify(quiet, 'warning', 30_000);
    await notify(loud, 'info', 30_000);
    await toasts(page).filter({ hasText: loud }).waitFor(); // sent after the quiet one: it had its chance
    expect(await toasts(page).filter({ hasText: quiet }).count()).toBe(0);
    await openCentre(page);
    await centre(page).getByText(quiet, { exact: true }).waitFor();
    await closeCentre(page);

    await page.goto('/tsettings');
    await level.getByRole('radio', { name: 'Toast and bell', exact: true }).click();
    await prefs.getByRole('button', { name: 'Snooze 15 min', exact: true }).click();
    await prefs.getByText(/^Snoozed until /).waitFor();
    await live(page);
    const snoozed = unique('snoozed error');
    await notify(snoozed, 'error', 30_000);
    await openCentre(page);
    await centre(page).getByText(snoozed, { exact: true }).waitFor();
    await closeCentre(page);
    expect(await toasts(page).filter({ hasText: snoozed }).count()).toBe(0);
    await prefs.getByRole('button', { name: 'End snooze', exact: true }).click();
    const after = unique('after the snooze');
    await notify(after, 'error', 30_000);
    await toasts(page).filter({ hasText: after }).waitFor();
    await toasts(page).filter({ hasText: after }).click();
    expect(pageErrors).toEqual([]);
  });

  it('the title counts unread failures and warnings while the page is hidden; a browser notification when allowed', async () => {
    const { context, page } = await newSession(browser);
    await context.grantPermissions(['notifications']);
    // Chromium's headless pages are never hidden by themselves, and its notifications go nowhere:
    // the page is told it is hidden (document.hidden + visibilitychange), and Notification records.
    await context.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title}: ${options?.body ?? ''}`);
        }
      }
      window.Notification = Recording as typeof Notification;
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, adminKey);
    await page.goto('/tsettings');
    await page.getByRole('switch', { name: 'Browser notifications for trade failures and disconnects', exact: true }).click();
    await eventually(() => page.getByRole('switch', { name: 'Browser notifications for trade failures and disconnects', exact: true }).isChecked()).toBe(true);
    await page.goto('/');
    await live(page);
    await eventually(() => page.title()).toBe('Operator Console');

    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await notify(unique('fyi'), 'info', 5000); // not a failure or a warning: not counted
    await notify(unique('careful'), 'warning', 5000);
    await eventually(() => page.title()).toBe('(1) Operator Console');
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    expect((await admin('POST', '/sim/control', { action: 'trade', errCode: 5 })).status).toBe(200);
    await eventually(async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0)).toBeGreaterThanOrEqual(2);
    await eventually(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications.some((n) => n.startsWith('Operator Console: Trade failed')))).toBe(true);
    await setHidden(false);
    expect(await page.title()).toBe('Operator Console');
    await admin('POST', '/workers/stop');
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
