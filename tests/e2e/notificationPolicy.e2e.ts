/**
 * The notification policy in Chromium against the reference server (docs/guide.md "Preferences"):
 * with the simulator's trades flowing and all of them going through, the bell's count stays at 0
 * (their progress is toast only); a failed trade makes it 1, and its entry names the failure; a
 * level changed on Preferences with real clicks takes effect on the next trade. Every trade here is
 * driven through the simulator's control, quiet otherwise, so nothing else reaches the bell.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, signIn, stillAnswers, type Api, type Session } from './browser.ts';

function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 20_000, message });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const centre = (page: Page) => page.getByRole('dialog', { name: 'Notifications', exact: true });
const entries = (page: Page) => centre(page).getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
const toasts = (page: Page) => page.locator('.console-toasts').getByTitle('Click to close', { exact: true });

/** The bell's unread count, 0 when it says none. */
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

async function live(page: Page): Promise<void> {
  await page.locator('[data-status="live"], [data-status="silent"]').waitFor({ state: 'attached', timeout: 30_000 });
}

async function openCentre(page: Page): Promise<void> {
  await bell(page).click();
  await centre(page).waitFor();
}

/** What the centre lists, for a failure's message: which entry counted when none should have. */
async function centreTexts(page: Page): Promise<string> {
  await openCentre(page);
  const texts = await entries(page).allTextContents();
  await closeCentre(page);
  return JSON.stringify(texts);
}

async function closeCentre(page: Page): Promise<void> {
  await centre(page).getByRole('button', { name: 'Close', exact: true }).click();
  await centre(page).waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('the notification policy: routine trades stay out of the bell, failures count', () => {
  let browser: Browser;
  let admin: Api;
  let session: Session | null = null;

  /** One trade now through the simulator's control; answers its tradeId once the server has settled it. */
  const trade = async (fail: boolean): Promise<string> => {
    const answer = await admin('POST', '/sim/control', { action: 'trade', fail });
    expect(answer.status).toBe(200);
    const { tradeId } = (await answer.json()) as { tradeId: string };
    await eventually(async () => {
      const journey = await admin('GET', `/trades/${encodeURIComponent(tradeId)}`);
      return journey.status === 200 ? ((await journey.json()) as { state: string }).state : 'not yet';
    }, `trade ${tradeId} settles`).toBe(fail ? 'failed' : 'completed');
    return tradeId;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // Trades start only while the workers run (§4).
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    // Nothing by chance (a trade, an outage, a notice): every signal here is one the test asked for.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await admin?.('POST', '/workers/stop');
    await session?.context.close();
    await browser?.close();
  });

  it('trades going through leave the bell at 0; a failed one counts 1 and names its failure; a level changed on Preferences applies', async () => {
    // No signal left to come from an earlier file on this server (a refund still under way that then fails would count).
    await eventually(async () => {
      const running = await admin('GET', `/trades/?${new URLSearchParams({ perPage: '1', filter: JSON.stringify({ state: 'running' }) })}`);
      return ((await running.json()) as { total: number }).total;
    }, 'no trade of an earlier test still running').toBe(0);
    session = await newSession(browser);
    const { page, pageErrors } = session;
    await signIn(page, adminKey);
    await live(page);
    expect(await unread(page), 'a fresh user starts with nothing unread').toBe(0);

    // Routine trades: their progress shows as toasts, and the bell stays at 0.
    const routine: string[] = [];
    for (let i = 0; i < 4; i++) routine.push(await trade(false));
    await eventually(() => toasts(page).filter({ hasText: /^CONFIRM / }).count(), 'their confirmations show as toasts').toBeGreaterThan(0);
    expect(await unread(page), `nothing counted, but the centre holds: ${await centreTexts(page)}`).toBe(0);
    await openCentre(page);
    for (const tradeId of routine) {
      expect(await entries(page).filter({ hasText: `Transactions of trade ${tradeId.slice(0, 8)}` }).count(), 'no entry of a routine trade').toBe(0);
    }
    await closeCentre(page);
    expect(await unread(page)).toBe(0);

    // A failure: one unread, and the entry says which trade failed and how.
    const failed = await trade(true);
    await eventually(() => unread(page), 'the failure counts once').toBe(1);
    await openCentre(page);
    const failure = entries(page).filter({ hasText: `Transactions of trade ${failed.slice(0, 8)}` });
    await failure.waitFor();
    expect(await failure.count()).toBe(1);
    expect(await failure.getByText('Trade failed', { exact: true }).count()).toBe(1);
    expect(await failure.textContent()).toMatch(/FAIL \S+: .*\(failed\)/);

    // Trade confirmed to Toast and bell, on Preferences (reached from the centre), with real clicks.
    await centre(page).getByRole('link', { name: 'Preferences', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tsettings');
    const confirmed = page.getByRole('radiogroup', { name: 'Level for Trade confirmed', exact: true });
    expect(await confirmed.getByRole('radio', { name: 'Toast only', exact: true }).isChecked(), 'routine progress is toast only by default').toBe(true);
    await confirmed.getByRole('radio', { name: 'Toast and bell', exact: true }).click();
    expect(await confirmed.getByRole('radio', { name: 'Toast and bell', exact: true }).isChecked()).toBe(true);

    const next = await trade(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await openCentre(page);
    const entry = entries(page).filter({ hasText: `Transactions of trade ${next.slice(0, 8)}` });
    await entry.waitFor();
    expect(await entry.getByText('Trade confirmed', { exact: true }).count()).toBe(1);
    await closeCentre(page);
    expect(await unread(page), 'a routine entry in the bell is listed, not counted').toBe(1);

    // Reloaded, the level is still the one picked (kept per user in this browser).
    await page.reload();
    const again = page.getByRole('radiogroup', { name: 'Level for Trade confirmed', exact: true });
    await eventually(() => again.getByRole('radio', { name: 'Toast and bell', exact: true }).isChecked()).toBe(true);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
