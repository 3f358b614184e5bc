/**
 * Telegram both ways (docs/protocol.md "Alerts lifecycle"), against a fake Bot API on loopback: a
 * destination with commands on gets its firing message with "Acknowledge" and "Silence 1 h"; a
 * press from its own chat is applied in the presser's name and answered in the chat; a press from
 * any other chat is ignored and logged.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/contract/alerts.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fakeTelegram.ts';
import { logsWrittenBy, makeApp, TestClock, type TestApp } from './helpers.ts';

const CHAT = '-100777';
const TOKEN = '4242:fake-token';
const as = (t: TestApp) => ({ 'x-api-key': t.adminToken });

describe('Telegram both ways (docs/protocol.md "Alerts lifecycle")', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  const lines: string[] = [];
  let alert: Alert;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await makeApp({ sim: { enabled: true, seed: 9, rate: 1 }, alerts: { evaluateEveryMs: 0, telegramPollMs: 0 }, logger: { level: 'warn', stream } }, new TestClock(Date.UTC(2026, 10, 28, 4, 0, 0)));
    t.app.sim?.pause();
    const destinations = [{ id: 'tg', name: 'On call', kind: 'telegram', enabled: true, chatId: CHAT, botToken: TOKEN, apiBase: telegram.url, commands: true }];
    expect((await t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(t), payload: { destinations } })).statusCode).toBe(200);
    const rules = [{ id: 'low-eth', kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native' }];
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/misc', headers: as(t), payload: { updates: { alertRules: rules } } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/sim/control', headers: as(t), payload: { action: 'balance', network: 'Ethereum', balance: 0.1 } });
    t.app.alerts.evaluator.evaluate();
    await t.app.alerts.evaluator.settled();
    await t.app.alerts.dispatcher.idle();
    [alert] = t.app.alerts.evaluator.active() as [Alert];
  });
  afterAll(async () => {
    await t.app.close();
    await telegram.close();
  });

  it('the firing message carries the two buttons, and the destination as GET shows it has commands on', async () => {
    expect(telegram.messages(CHAT)).toEqual([{ text: expect.stringMatching(/^FIRING \(warning\): Ethereum balance 0.10 ETH is below 0.50 ETH/), buttons: ['Acknowledge', 'Silence 1 h'] }]);
    const sent = telegram.calls.find((c) => c.method === 'sendMessage');
    expect(sent?.body.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Acknowledge', callback_data: `ack:${alert.id}` }, { text: 'Silence 1 h', callback_data: `sil:${alert.id}` }]] });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/alerts/destinations', headers: as(t) })).json<{ destinations: { commands?: boolean }[] }>();
    expect(listed.destinations[0]?.commands).toBe(true);
  });

  it('a press from another chat is ignored and logged; nothing changes', async () => {
    telegram.press(`ack:${alert.id}`, '-999', { id: 5, username: 'mallory' });
    const logs = await logsWrittenBy(t.app, () => t.app.alerts.telegram.poll());
    expect(logs).toEqual([]);
    expect(t.app.alerts.evaluator.openAlert(alert.id)?.ack).toBeUndefined();
    expect(lines.join('\n')).toContain('a Telegram button press from another chat was ignored');
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(telegram.calls.filter((c) => c.method === 'answerCallbackQuery')).toEqual([]);
  });

  it('"Acknowledge" from the chat acknowledges in the presser\'s name, in the user log, and says so in the chat', async () => {
    telegram.press(`ack:${alert.id}`, Number(CHAT), { id: 6, username: 'amy' });
    const logs = await logsWrittenBy(t.app, () => t.app.alerts.telegram.poll());
    expect(t.app.alerts.evaluator.openAlert(alert.id)?.ack).toMatchObject({ by: '@amy (Telegram)' });
    expect(logs).toMatchObject([{ user: '@amy (Telegram)', action: 'alerts.ack', details: { alertId: alert.id, via: 'Telegram' } }]);
    expect(telegram.messages(CHAT).at(-1)?.text).toBe('Acknowledged by @amy (Telegram): Ethereum balance 0.10 ETH is below 0.50 ETH');
    expect(telegram.calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.body.callback_query_id)).toEqual(['cb2']);
    // The press is not applied twice: the next poll asks past it.
    await t.app.alerts.telegram.poll();
    expect(telegram.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
  });

  it('"Silence 1 h" silences the rule on that subject for an hour in the presser\'s name', async () => {
    telegram.press(`sil:${alert.id}`, CHAT, { id: 7, first_name: 'Bo' });
    await t.app.alerts.telegram.poll();
    const [silence] = t.app.alerts.evaluator.activeSilences();
    expect(silence).toMatchObject({ ruleId: 'low-eth', subject: { type: 'network', name: 'Ethereum' }, by: 'Bo (Telegram)', until: t.clock.now() + 3_600_000, reason: 'Silenced for 1 h from Telegram' });
    expect(t.app.alerts.evaluator.openAlert(alert.id)?.silenceId).toBe(silence?.id);
    expect(telegram.messages(CHAT).at(-1)?.text).toBe('Silenced for 1 h by Bo (Telegram): Ethereum balance 0.10 ETH is below 0.50 ETH');
  });

  it('a bot that does not answer is logged once, without its token, and polling goes on', async () => {
    const destinations = [{ id: 'tg', name: 'On call', kind: 'telegram', enabled: true, chatId: CHAT, botToken: TOKEN, apiBase: 'http://127.0.0.1:9', commands: true }];
    expect((await t.app.inject({ method: 'PUT', url: '/api/alerts/destinations', headers: as(t), payload: { destinations } })).statusCode).toBe(200);
    lines.length = 0;
    await t.app.alerts.telegram.poll();
    await t.app.alerts.telegram.poll();
    expect(lines.filter((l) => l.includes('Telegram commands: the bot could not be read'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});
