/**
 * The Timeline screen (docs/protocol.md "Timeline") in Chromium against the reference server, with
 * the simulator quiet: an Operator stops the workers, opens /timeline, presses the Workers chip and
 * reads the event with its time; the operator actions (the user log) are not offered. A server that
 * refuses the timeline (500, then 400) is said in words, and the page still answers and recovers.
 * Screenshots of both themes at 1440×900 and 390×844 (SCREENSHOTS=dir).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimelineResponse } from '../../src/contract/index.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, stillAnswers, type Api, type Session } from './browser.ts';

/** What reaches past a 390 px page (nothing, when the page does not scroll sideways), for the failure message. */
function widerThanPhone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= 390) return [];
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > 391)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return [`page ${document.documentElement.scrollWidth} px wide`, ...out];
  });
}

/** A time as the console writes it, with its zone: "2026-11-28 00:30:12 UTC". */
const TIME_WITH_ZONE = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+/;

describe.skipIf(!hasChromium)('Timeline (protocol): the /timeline screen against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  let operator: Api;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    operator = await apiAs(operatorKey);
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
    session = await newSession(browser);
  }, 90_000);

  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'refuse', method: 'GET', path: '/api/timeline', status: 500, error: 'x', times: 0 });
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await session?.context.close();
    await browser?.close();
  });

  it('Timeline (protocol): an Operator stops the workers, opens /timeline, presses Workers and reads the event with its time', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = session;
    // Running first, whatever an earlier file left, then stopped by the Operator: left stopped, as seeded.
    expect((await admin('POST', '/workers/start')).status).toBe(200);
    expect((await operator('POST', '/workers/stop')).status).toBe(200);
    const recorded = TimelineResponse.parse(await (await operator('GET', '/timeline?kinds=worker')).json());
    expect(recorded.data[0]).toMatchObject({ kind: 'worker', text: 'Workers stopped by operator' });

    await signIn(page, operatorKey);
    await page.getByRole('menuitem', { name: /^Timeline$/ }).click();
    await page.getByRole('heading', { name: 'Timeline', level: 1 }).waitFor();
    const kinds = page.getByRole('group', { name: 'Kinds' });
    await kinds.getByRole('button', { name: 'Health' }).waitFor();
    // §6 the user log is Admin's: an Operator is not offered the actions.
    expect(await kinds.getByRole('button', { name: 'Actions' }).count()).toBe(0);

    const asked = page.waitForResponse((r) => r.url().includes('/api/timeline?') && new URL(r.url()).searchParams.get('kinds') === 'worker', { timeout: 30_000 });
    await kinds.getByRole('button', { name: 'Workers' }).click();
    expect((await asked).status()).toBe(200);
    expect(await kinds.getByRole('button', { name: 'Workers' }).getAttribute('aria-pressed')).toBe('true');

    const events = page.getByRole('list', { name: 'Events, newest first' });
    const stopped = events.getByRole('listitem').filter({ hasText: 'Workers stopped by operator' }).first();
    await stopped.waitFor({ timeout: 15_000 });
    expect(await stopped.textContent()).toMatch(TIME_WITH_ZONE);
    expect(await stopped.getByText('Warning', { exact: true }).count()).toBe(1);
    // Only workers' events while Workers is pressed (the list of every kind stays up until the answer is drawn).
    const shownKinds = () => events.getByRole('listitem').evaluateAll((items) => [...new Set(items.map((item) => item.querySelector('.MuiChip-label')?.textContent))]);
    await expect.poll(shownKinds, { timeout: 15_000 }).toEqual(['Worker']);

    try {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: 1440, height: 900 });
        await screenshot(page, `timeline-${scheme}-1440`);
        await page.setViewportSize({ width: 390, height: 844 });
        await stopped.waitFor();
        // Nothing sideways at a phone's width, once what slides in (a toast) has come to rest.
        await expect.poll(() => widerThanPhone(page), { timeout: 10_000 }).toEqual([]);
        await screenshot(page, `timeline-${scheme}-390`);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('Timeline (protocol): the charts of Analytics and Home mark the workers stopping; hovered or focused, a mark says what happened', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = session;
    await page.getByRole('menuitem', { name: /^Analytics$/ }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const marks = page.getByRole('region', { name: 'The period' }).getByRole('group', { name: 'What happened on this chart' }).first();
    const stopped = marks.getByRole('button', { name: /Workers stopped by operator/ }).first();
    await stopped.waitFor({ timeout: 30_000 });
    expect(await stopped.getAttribute('aria-label')).toMatch(TIME_WITH_ZONE);
    await stopped.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(/Worker: Workers stopped by operator/);
    await screenshot(page, 'timeline-marker-analytics');
    // Away and back by keyboard: focus alone says it too.
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    await stopped.focus();
    await page.getByRole('tooltip').waitFor();

    await page.getByRole('menuitem', { name: /^Home$/ }).click();
    const performance = page.getByRole('region', { name: 'Performance' });
    await performance.getByRole('button', { name: /Workers stopped by operator/ }).first().waitFor({ timeout: 30_000 });
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('Timeline (protocol): a refused timeline (500, then 400) is said in words; the page still answers and recovers', { timeout: 90_000 }, async () => {
    const { page } = session;
    const refuse = (status: number, error: string, times: number) =>
      admin('POST', '/sim/control', { action: 'refuse', method: 'GET', path: '/api/timeline', status, error, times });

    expect((await refuse(500, 'internal server error', 100)).status).toBe(200);
    await page.getByRole('menuitem', { name: /^Home$/ }).click();
    await page.getByRole('menuitem', { name: /^Timeline$/ }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not load the timeline.' });
    await failure.waitFor({ timeout: 30_000 });
    await stillAnswers(page);
    // The filters still work while it is refused.
    await page.getByRole('group', { name: 'Kinds' }).getByRole('button', { name: 'Trades' }).click();
    await failure.waitFor();

    expect((await refuse(400, 'invalid request', 100)).status).toBe(200);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => failure.textContent(), { timeout: 15_000 }).toMatch(/invalid request/);
    await screenshot(page, 'timeline-refused');

    expect((await refuse(500, 'x', 0)).status).toBe(200);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await failure.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('group', { name: 'Kinds' }).getByRole('button', { name: 'Trades' }).click();
    await page.getByRole('list', { name: 'Events, newest first' }).getByText('Workers stopped by operator').first().waitFor({ timeout: 15_000 });
    await stillAnswers(page);
  });
});
