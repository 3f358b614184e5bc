/**
 * Alerts delivery in Chromium against the reference server (docs/protocol.md "Alerts delivery"): an
 * Admin adds a webhook destination pointing to a receiver this test starts, saves it, presses Send
 * test and sees "Delivered (200)" and the row in the delivery log; a receiver answering 401 reads
 * "Refused: 401 Unauthorized". The receiver checks the body the server sent (the webhook body
 * docs/protocol.md gives). A destination the server refuses (400) is named with its field and
 * nothing is saved; Remove and Save send the list without the removed ones.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../server/receiver.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn, type Api, type Session } from './browser.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** Adds a webhook destination from the screen's form and saves the list. */
async function addWebhook(page: Page, name: string, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Add destination' }).click();
  const card = page.getByRole('group').last();
  await card.getByRole('textbox', { name: 'Name' }).fill(name);
  await card.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
  await page.getByRole('button', { name: 'Save destinations' }).click();
  await page.getByRole('status').filter({ hasText: 'Destinations saved.' }).waitFor();
}

describe.skipIf(!hasChromium)('alerts delivery in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  let receiver: Receiver;
  let session: Session;

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.on('/refuse', () => ({ status: 401 }));
    admin = await apiAs(adminKey);
    expect((await admin('PUT', '/alerts/destinations', { destinations: [] })).status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // Nothing of this file is left for the next: no destinations.
    if (admin) await admin('PUT', '/alerts/destinations', { destinations: [] });
    await session?.context.close();
    await browser?.close();
    await receiver?.close();
  });

  it('Alerts delivery (protocol): an Admin adds a webhook, presses Send test and sees "Delivered (200)" and the row in the delivery log; a 401 reads "Refused: 401 Unauthorized"; a refused save and Remove', async () => {
    session = await newSession(browser);
    const { page, pageErrors } = session;
    await signIn(page, adminKey);
    await screenshot(page, 'alerts-home');
    await page.goto('/settings/alerts');
    await page.getByRole('heading', { name: 'Alert delivery', level: 1 }).waitFor();
    await page.getByText('No destinations yet: alerts reach no one away from the console.').waitFor();

    await addWebhook(page, 'E2E relay', `${receiver.url}/ok`);
    expect(((await (await admin('GET', '/alerts/destinations')).json()) as { destinations: { name: string; url: string }[] }).destinations).toEqual([
      // Shown as GET shows a webhook URL: where it goes, its path masked (docs/protocol.md "Alerts delivery").
      expect.objectContaining({ name: 'E2E relay', kind: 'webhook', enabled: true, url: `${receiver.url}/••••` }),
    ]);

    await page.getByRole('button', { name: 'Send a test message to E2E relay' }).click();
    const relay = page.getByRole('group', { name: 'E2E relay' });
    await relay.getByRole('status').filter({ hasText: 'Delivered (200)' }).waitFor();
    const [got] = await receiver.waitFor('/ok', 1);
    expect(got?.body).toMatchObject({ status: 'test', rule: 'Test message', text: expect.stringMatching(/^TEST: /), startedAt: expect.any(Number) });

    const log = page.getByRole('table', { name: 'Delivery log' });
    await eventually(() => log.getByRole('row').filter({ hasText: 'E2E relay' }).count()).toBe(1);
    const row = log.getByRole('row').filter({ hasText: 'E2E relay' });
    expect(await row.getByRole('cell').allTextContents()).toEqual([expect.stringMatching(/ (UTC|GMT|[A-Z]{3,4})/), 'Test message', 'Test', 'E2E relay', 'Delivered', '1']);

    // The refusal path: a receiver answering 401.
    await addWebhook(page, 'E2E refusing relay', `${receiver.url}/refuse`);
    await page.getByRole('button', { name: 'Send a test message to E2E refusing relay' }).click();
    await page.getByRole('group', { name: 'E2E refusing relay' }).getByRole('status').filter({ hasText: 'Refused: 401 Unauthorized' }).waitFor();
    await eventually(() => log.getByRole('row').filter({ hasText: '401 Unauthorized' }).count()).toBe(1);
    expect(receiver.received.filter((r) => r.path === '/refuse')).toHaveLength(1);
    await screenshot(page, 'alerts-delivery');

    // A destination the server refuses (400): the reason names the destination and its field, and
    // nothing is saved; the form keeps what was typed.
    const savedNames = async () => ((await (await admin('GET', '/alerts/destinations')).json()) as { destinations: { name: string }[] }).destinations.map((d) => d.name);
    await page.getByRole('button', { name: 'Add destination' }).click();
    const bad = page.getByRole('group').last();
    await bad.getByRole('textbox', { name: 'Name' }).fill('E2E bad relay');
    await bad.getByRole('textbox', { name: 'Webhook URL' }).fill('not a web address');
    await page.getByRole('button', { name: 'Save destinations' }).click();
    await page.getByRole('status').filter({ hasText: /^Not saved: destination 3, url: / }).waitFor();
    expect(await savedNames()).toEqual(['E2E relay', 'E2E refusing relay']);
    // The reason also stands under the field it is about, until that field is changed.
    const badUrl = page.getByRole('group', { name: 'E2E bad relay' }).getByRole('textbox', { name: 'Webhook URL' });
    expect(await badUrl.inputValue()).toBe('not a web address');
    expect(await badUrl.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await badUrl.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^must be an http\(s\) URL/);
    await screenshot(page, 'alerts-delivery-refused');

    await badUrl.fill('not a web address either');
    expect(await badUrl.getAttribute('aria-invalid')).toBe('false');

    // Remove takes a destination off the form; Save sends the list without it.
    await page.getByRole('button', { name: 'Remove E2E bad relay' }).click();
    await page.getByRole('button', { name: 'Remove E2E refusing relay' }).click();
    expect(await page.getByRole('group', { name: /relay$/ }).count()).toBe(1);
    const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/api/alerts/destinations'));
    await page.getByRole('button', { name: 'Save destinations' }).click();
    expect(((await put).postDataJSON() as { destinations: { name: string }[] }).destinations.map((d) => d.name)).toEqual(['E2E relay']);
    await page.getByRole('status').filter({ hasText: 'Destinations saved.' }).waitFor();
    expect(await savedNames()).toEqual(['E2E relay']);

    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
