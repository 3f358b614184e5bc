/**
 * Alerts in Chromium against the reference server (docs/protocol.md "Alerts lifecycle", docs/guide.md
 * "Alerts"): an Admin adds a rule on Preferences; the simulator holds a balance low (its `balance`
 * control); within 10 s the status line names it on every screen, with one toast; an Operator
 * acknowledges and silences it from its page (and is told when the server refuses); it clears when
 * the balance is back. On a phone the status line is one line that opens the list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsResponse, SilencesResponse } from '../../src/contract/alerts.ts';
import { LogsMoreResponse } from '../../src/contract/index.ts';
import { startFakeTelegram } from '../support/fakeTelegram.ts';
import { startReceiver } from '../server/receiver.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, signIn, stillAnswers, type Api, type Session } from './browser.ts';

/** Docs/guide.md "Alerts": the server evaluates every second; the console reads its state every second. */
const WITHIN_10_S = { timeout: 10_000 } as const;
const eventually = <T>(read: () => Promise<T> | T, message?: string) => expect.poll(read, { timeout: 15_000, message });

const LOW_BASE = 'Base balance 0.01 ETH is below 0.50 ETH';
/** The screens an Operator opens, each with the status line under its header. */
const OPERATOR_SCREENS = ['/', '/tx', '/tx/latest', '/tx/trades', '/analytics', '/alerts', '/tsettings'];

const statusLine = (page: Page) => page.getByRole('region', { name: 'Status' });

describe.skipIf(!hasChromium)('alerts in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];
  const hold = (network: string, balance: number | null) => admin('POST', '/sim/control', { action: 'balance', network, balance });
  const activeAlerts = async () => AlertsResponse.parse(await (await admin('GET', '/alerts?state=active')).json()).data;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // Nothing of the simulator's own goes wrong meanwhile (stalls, outages): the status line says only what this file causes.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
    expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [] } })).status).toBe(200);
    expect((await hold('Base', 3)).status).toBe(200);
  });

  afterAll(async () => {
    // Nothing of this file is left for the next: no rules (their alerts resolve), balances and the simulator as they were.
    if (admin) {
      await admin('PUT', '/settings/misc', { updates: { alertRules: [] } });
      for (const { id } of SilencesResponse.parse(await (await admin('GET', '/alerts/silences')).json()).data) await admin('DELETE', `/alerts/silences/${id}`);
      await admin('PUT', '/alerts/destinations', { destinations: [] });
      await hold('Base', null);
      await hold('Optimism', null);
      await admin('POST', '/sim/control', { action: 'quiet', quiet: false });
    }
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });

  async function openConsole(key: string, viewport?: { width: number; height: number }): Promise<Session> {
    const session = await newSession(browser);
    if (viewport) await session.page.setViewportSize(viewport);
    sessions.push(session);
    await signIn(session.page, key);
    return session;
  }

  it('an Admin adds "balance below 0.50 ETH on Base" on Preferences; within 10 s of it firing the status line names it on every screen, one toast says it, and it clears when the balance is back', async () => {
    const adminConsole = await openConsole(adminKey);
    const { page } = adminConsole;
    await page.goto('/tsettings');
    const form = page.getByRole('form', { name: 'New alert rule' });
    await form.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Base', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Critical', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('textbox', { name: 'Balance below' }).fill('0.5');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/settings/misc');
    await form.getByRole('button', { name: 'Add rule' }).click();
    expect((await saved).postDataJSON()).toEqual({ updates: { alertRules: [{ kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native', severity: 'critical' }] } });
    await page.getByRole('list', { name: 'Alert rules' }).getByText('Balance on Base below 0.50 ETH · Critical', { exact: true }).waitFor();

    const { page: operator, pageErrors } = await openConsole(operatorKey);
    await statusLine(operator).getByText(/^All clear since /).waitFor();

    expect((await hold('Base', 0.01)).status).toBe(200);
    const item = statusLine(operator).getByRole('link', { name: LOW_BASE, exact: true });
    await item.waitFor(WITHIN_10_S);
    // One toast, in the danger colour of a critical alert, and one alert on the server.
    await eventually(() => operator.locator('[data-toast-variant="error"]').filter({ hasText: LOW_BASE }).count()).toBe(1);
    const [alert] = await activeAlerts();
    expect(alert).toMatchObject({ state: 'firing', severity: 'critical', subject: { type: 'network', name: 'Base' }, text: LOW_BASE });
    expect(await item.getAttribute('href')).toBe(`/alerts/${alert?.id}`);

    // Every screen says it under its header.
    for (const path of OPERATOR_SCREENS) {
      await operator.goto(path);
      await statusLine(operator).getByRole('link', { name: LOW_BASE, exact: true }).waitFor(WITHIN_10_S);
    }
    // Home's Gas and balances: at no balance, Base pays for no transaction (danger colour, said in words too).
    expect((await hold('Base', 0)).status).toBe(200);
    await operator.goto('/');
    const cell = operator.getByRole('row', { name: /^Base / }).getByRole('cell').last();
    await eventually(() => cell.textContent()).toBe('≈ 0 txs (low)');
    expect(await cell.getAttribute('data-low')).toBe('true');

    expect((await hold('Base', 3)).status).toBe(200);
    await statusLine(operator).getByText(/^All clear since /).waitFor(WITHIN_10_S);
    await eventually(() => operator.locator('[data-toast-variant="error"]').filter({ hasText: LOW_BASE }).count()).toBe(0);
    await stillAnswers(operator);
    expect(pageErrors).toEqual([]);
    expect(adminConsole.pageErrors).toEqual([]);
  });

  it('an Operator opens the alert from the status line, acknowledges it with a comment and silences it with a reason; a refusal is said in words; ending the silence asks first', async () => {
    expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [{ id: 'low-base', kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native', severity: 'critical' }] } })).status).toBe(200);
    const { page, pageErrors } = await openConsole(operatorKey);
    expect((await hold('Base', 0.01)).status).toBe(200);
    await statusLine(page).getByRole('link', { name: LOW_BASE, exact: true }).click(WITHIN_10_S);
    await page.waitForURL(/\/alerts\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const article = page.getByRole('article', { name: 'The alert' });
    await article.getByRole('heading', { name: LOW_BASE }).waitFor();

    // The server refuses once (500): the operator is told, nothing is lost, the page still answers.
    let refusals = 1;
    await page.route(`**/api/alerts/${id}/ack`, async (route) => {
      if (refusals-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'database busy' }) });
      else await route.continue();
    });
    await article.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    const ack = page.getByRole('dialog', { name: 'Acknowledge this alert' });
    await ack.getByRole('textbox', { name: 'Comment (optional)' }).fill('topping up the wallet');
    await ack.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await ack.getByText(/^Not acknowledged: /).waitFor();
    expect(await ack.getByRole('textbox', { name: 'Comment (optional)' }).inputValue()).toBe('topping up the wallet');
    const acked = page.waitForResponse((r) => r.url().endsWith(`/api/alerts/${id}/ack`) && r.status() === 200);
    await ack.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await acked;
    await ack.waitFor({ state: 'detached' });
    await article.getByText(/acknowledged by operator at .*: topping up the wallet/).waitFor();
    const stored = await (await admin('GET', `/alerts/${id}`)).json();
    expect(stored).toMatchObject({ ack: { by: 'operator', comment: 'topping up the wallet' } });
    await statusLine(page).getByRole('link', { name: `${LOW_BASE} (acknowledged by operator)`, exact: true }).waitFor(WITHIN_10_S);

    // Silence: a reason is required (said beside the field), then the server has it.
    await article.getByRole('button', { name: 'Silence…' }).click();
    const silence = page.getByRole('dialog', { name: 'Silence alerts' });
    await silence.getByRole('button', { name: 'Silence', exact: true }).click();
    await silence.getByText('Say why, so the next person on call knows').waitFor();
    await silence.getByRole('textbox', { name: 'Reason' }).fill('refill in progress');
    await silence.getByRole('button', { name: 'Silence', exact: true }).click();
    await silence.waitFor({ state: 'detached' });
    const [kept] = SilencesResponse.parse(await (await admin('GET', '/alerts/silences')).json()).data;
    expect(kept).toMatchObject({ ruleId: 'low-base', subject: { type: 'network', name: 'Base' }, reason: 'refill in progress', by: 'operator' });
    expect((kept?.until ?? 0) - Date.now()).toBeGreaterThan(55 * 60_000);
    await article.getByText(/silenced by operator until .* \(refill in progress\)/).waitFor();
    await statusLine(page).getByRole('link', { name: new RegExp(`^${LOW_BASE} \\(acknowledged by operator, silenced until `) }).waitFor(WITHIN_10_S);

    // The list: filtered by severity it is there; by another severity, not.
    await page.getByRole('link', { name: 'All alerts' }).click();
    const list = page.getByRole('list', { name: 'Alerts' });
    await list.getByRole('link', { name: LOW_BASE }).first().waitFor();
    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Info', exact: true }).click();
    await page.getByText('No alert matches these filters.').waitFor();
    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Critical', exact: true }).click();
    await list.getByRole('link', { name: LOW_BASE }).first().click();

    // Ending the silence asks first.
    await page.getByRole('article', { name: 'The alert' }).getByRole('button', { name: 'End silence' }).click();
    await page.getByRole('dialog', { name: 'End this silence?' }).getByRole('button', { name: 'Yes' }).click();
    await eventually(async () => SilencesResponse.parse(await (await admin('GET', '/alerts/silences')).json()).data).toEqual([]);
    await page.getByRole('article', { name: 'The alert' }).getByRole('button', { name: 'Silence…' }).waitFor();

    const { data: entries } = LogsMoreResponse.parse(await (await admin('POST', '/logs/more', { limit: 20 })).json());
    expect(entries.filter((e) => e.user === 'operator' && e.action.startsWith('alerts.')).map((e) => e.action).sort()).toEqual(['alerts.ack', 'alerts.silence', 'alerts.unsilence']);

    expect((await hold('Base', 3)).status).toBe(200);
    await statusLine(page).getByText(/^All clear since /).waitFor(WITHIN_10_S);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('a fake Telegram chat acknowledges and silences with the buttons of the firing message; the console shows who, and a press from another chat changes nothing', async () => {
    const telegram = await startFakeTelegram();
    try {
      const chat = '-100555';
      const destination = { id: 'tg-e2e', name: 'On call', kind: 'telegram', enabled: true, chatId: chat, botToken: '777:e2e-token', apiBase: telegram.url, commands: true };
      expect((await admin('PUT', '/alerts/destinations', { destinations: [destination] })).status).toBe(200);
      expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [{ id: 'low-base-tg', kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' }] } })).status).toBe(200);
      const { page, pageErrors } = await openConsole(operatorKey);
      expect((await hold('Base', 0.01)).status).toBe(200);
      await telegram.waitFor('sendMessage', 1, 15_000);
      expect(telegram.messages(chat)[0]?.buttons).toEqual(['Acknowledge', 'Silence 1 h']);
      const [alert] = await activeAlerts();
      if (!alert) throw new Error('no alert');

      telegram.press(`ack:${alert.id}`, '-1', { id: 1, username: 'mallory' });
      telegram.press(`ack:${alert.id}`, Number(chat), { id: 2, username: 'amy' });
      await statusLine(page).getByRole('link', { name: `${LOW_BASE} (acknowledged by @amy (Telegram))`, exact: true }).waitFor(WITHIN_10_S);
      expect((await (await admin('GET', `/alerts/${alert.id}`)).json()).ack).toMatchObject({ by: '@amy (Telegram)' });
      await eventually(() => telegram.messages(chat).map((m) => m.text)).toContain(`Acknowledged by @amy (Telegram): ${LOW_BASE}`);
      // The press from the other chat was read first and left no trace: no log entry, no answer.
      const logs = LogsMoreResponse.parse(await (await admin('POST', '/logs/more', { limit: 50 })).json());
      expect(logs.data.map((l) => l.user)).not.toContain('@mallory (Telegram)');
      expect(telegram.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);

      telegram.press(`sil:${alert.id}`, chat, { id: 2, username: 'amy' });
      await statusLine(page).getByRole('link', { name: new RegExp(`^${LOW_BASE} \\(acknowledged by @amy \\(Telegram\\), silenced until `) }).waitFor(WITHIN_10_S);
      const [silence] = SilencesResponse.parse(await (await admin('GET', '/alerts/silences')).json()).data;
      expect(silence).toMatchObject({ by: '@amy (Telegram)', reason: 'Silenced for 1 h from Telegram', ruleId: 'low-base-tg' });
      await admin('DELETE', `/alerts/silences/${silence?.id}`);
      expect((await hold('Base', 3)).status).toBe(200);
      await statusLine(page).getByText(/^All clear since /).waitFor(WITHIN_10_S);
      await stillAnswers(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await admin('PUT', '/alerts/destinations', { destinations: [] });
      await telegram.close();
    }
  });

  it('a rule that flaps inside its resolveSeconds sends one firing message to a webhook, not two; the alert\'s page says it reopened', async () => {
    const receiver = await startReceiver();
    try {
      const hook = { id: 'hook-e2e', name: 'Flap hook', kind: 'webhook', enabled: true, url: `${receiver.url}/hook` };
      expect((await admin('PUT', '/alerts/destinations', { destinations: [hook] })).status).toBe(200);
      expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [{ id: 'flap', kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native', resolveSeconds: 600 }] } })).status).toBe(200);
      expect((await hold('Base', 0.01)).status).toBe(200);
      await receiver.waitFor('/hook', 1, 15_000);
      const [alert] = await activeAlerts();
      // Back above, resolved; low again a few seconds later: the same alert, reopened.
      expect((await hold('Base', 3)).status).toBe(200);
      await eventually(async () => (await activeAlerts()).length).toBe(0);
      expect((await hold('Base', 0.01)).status).toBe(200);
      await eventually(async () => (await activeAlerts()).map((a) => a.id)).toEqual([alert?.id]);
      expect((await hold('Base', 3)).status).toBe(200);
      await eventually(async () => (await activeAlerts()).length).toBe(0);
      // Two seconds of evaluations later still one message: the firing one (the resolved one waits out the 600 s).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(receiver.received.map((r) => (r.body as { status: string; alertId: string }).status)).toEqual(['firing']);
      expect((receiver.received[0]?.body as { alertId?: string }).alertId).toBe(alert?.id);

      const { page, pageErrors } = await openConsole(operatorKey);
      await page.goto(`/alerts/${alert?.id}`);
      const history = page.getByRole('list', { name: 'History of this alert' });
      await history.getByText(/: held again: reopened$/).waitFor();
      expect(await history.getByText(/: fired$/).count()).toBe(1);
      await stillAnswers(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await admin('PUT', '/alerts/destinations', { destinations: [] });
      await admin('PUT', '/settings/misc', { updates: { alertRules: [] } });
      await receiver.close();
    }
  });

  it('§9 a stalled network: a block-stale rule fires and the status line names the network on every screen within 10 s, and clears when blocks come again', async () => {
    expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [{ id: 'stale-arb', kind: 'blockStale', network: 'Arbitrum', seconds: 0 }] } })).status).toBe(200);
    const { page, pageErrors } = await openConsole(operatorKey);
    expect((await admin('POST', '/sim/control', { action: 'stall', network: 'Arbitrum', ms: 120_000 })).status).toBe(200);
    // Stale after §9's 5 s for Arbitrum; then the server fires within a second and the console shows it within 10 s.
    await eventually(async () => (await activeAlerts()).map((a) => [a.ruleId, a.state])).toEqual([['stale-arb', 'firing']]);
    const named = /^Arbitrum block head stale: no new block for \d+ s \(more than 5 s\)$/;
    for (const path of ['/', '/tx', '/alerts', '/tsettings']) {
      await page.goto(path);
      await statusLine(page).getByRole('link', { name: named }).waitFor(WITHIN_10_S);
    }
    expect((await admin('POST', '/sim/control', { action: 'stall', network: 'Arbitrum', ms: 1 })).status).toBe(200);
    await statusLine(page).getByText(/^All clear since /).waitFor(WITHIN_10_S);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('on a phone the status line is one line that opens the whole list', async () => {
    expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [{ id: 'low-base', kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' }, { id: 'low-opt', kind: 'balanceBelow', network: 'Optimism', below: 0.5, unit: 'native' }] } })).status).toBe(200);
    const { page, pageErrors } = await openConsole(operatorKey, { width: 390, height: 844 });
    expect((await hold('Base', 0.01)).status).toBe(200);
    expect((await hold('Optimism', 0.02)).status).toBe(200);
    const line = statusLine(page);
    const summary = line.getByRole('button', { name: /^2 problems: / });
    await summary.waitFor(WITHIN_10_S);
    expect(await line.getByRole('list', { name: 'What is wrong now' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await summary.click();
    const list = line.getByRole('list', { name: 'What is wrong now' });
    await list.getByRole('link', { name: LOW_BASE }).waitFor();
    await list.getByRole('link', { name: 'Optimism balance 0.02 ETH is below 0.50 ETH' }).waitFor();
    expect(await summary.getAttribute('aria-expanded')).toBe('true');
    // Back above the threshold, not released: the simulator's own Optimism balance may itself be below
    // 0.50 ETH (afterAll releases it once the rules are gone).
    expect((await hold('Optimism', 3)).status).toBe(200);
    expect((await hold('Base', 3)).status).toBe(200);
    await line.getByText(/^All clear since /).waitFor(WITHIN_10_S);
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });
});
