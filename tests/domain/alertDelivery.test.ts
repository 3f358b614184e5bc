/** docs/protocol.md "Alerts delivery": the messages, answers, backoff, rate limit, masking and live state of alerts delivery, as plain functions. */
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../../src/contract/alertRules.ts';
import {
  applyAlertEvent,
  attemptText,
  backoffMs,
  clockText,
  emptyAlertSnapshot,
  emptyRateWindow,
  firingText,
  heldBackText,
  heldText,
  keepOrReplace,
  maskSecret,
  rateStep,
  readingValue,
  resolvedText,
  retryable,
  serverFiring,
  thresholdText,
} from '../../src/domain/alertDelivery.ts';
import { describeRule } from '../../src/domain/alertRules.ts';

const AT = Date.UTC(2026, 10, 26, 3, 12, 0);
const MIN = 60_000;

describe('Alerts delivery (protocol): messages in the operator words', () => {
  const balance: AlertRule = { kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native' };
  it('firing and resolved for a balance, in the words docs/protocol.md gives', () => {
    expect(firingText(balance, '0.42 ETH', AT, AT)).toBe('FIRING: Ethereum balance 0.42 ETH is below 0.5 ETH (since 03:12 UTC)');
    expect(resolvedText(balance, AT, AT + 18 * MIN + 20_000)).toBe('RESOLVED: Ethereum balance back above 0.5 ETH after 18 min');
  });
  it('every kind of rule reads as a sentence, with the console link when one is given', () => {
    const cases: [AlertRule, string, string][] = [
      [{ kind: 'balanceBelow', network: 'Base', below: 100, unit: 'usd' }, 'FIRING: Base balance $12.00 is below $100.00', 'RESOLVED: Base balance back above $100.00'],
      [{ kind: 'gasAbove', network: 'Ethereum', above: 40 }, 'FIRING: Ethereum gas estimate 52 is above 40', 'RESOLVED: Ethereum gas estimate back below 40'],
      [{ kind: 'blockStale', network: 'Arbitrum', seconds: 30 }, 'FIRING: Arbitrum block head stale for longer than 30 s', 'RESOLVED: Arbitrum block head moving again'],
      [{ kind: 'healthNotGreen', seconds: 60 }, 'FIRING: Service health not green for longer than 60 s', 'RESOLVED: Service health green again'],
      [{ kind: 'noEvents', seconds: 20 }, 'FIRING: Nothing from the server for longer than 20 s', 'RESOLVED: Events from the server arriving again'],
    ];
    const values: Record<string, string> = { balanceBelow: '$12.00', gasAbove: '52' };
    for (const [rule, firing, resolved] of cases) {
      const value = values[rule.kind] ?? null;
      expect(firingText(rule, value, AT, AT)).toBe(`${firing} (since 03:12 UTC)`);
      expect(resolvedText(rule, AT, AT + 90_000, 'https://console.example/#/preferences')).toBe(`${resolved} after 1 min https://console.example/#/preferences`);
    }
  });
  it('the threshold reads as the rule list writes it (describeRule)', () => {
    const rules: AlertRule[] = [balance, { kind: 'balanceBelow', network: 'Base', below: 2000, unit: 'usd' }, { kind: 'gasAbove', network: 'Base', above: 0.0123456789 }];
    for (const rule of rules) expect(describeRule(rule).endsWith(` ${thresholdText(rule) ?? '?'}`)).toBe(true);
    expect(thresholdText({ kind: 'noEvents', seconds: 5 })).toBeNull();
  });
  it('a start on another day names the day; durations read "40 s", "18 min", "2 h 5 min"', () => {
    expect(clockText(AT, AT + 24 * 60 * MIN)).toBe('2026-11-26 03:12 UTC');
    expect(heldText(40_000)).toBe('40 s');
    expect(heldText(18 * MIN + 59_000)).toBe('18 min');
    expect(heldText(125 * MIN)).toBe('2 h 5 min');
    expect(heldText(120 * MIN)).toBe('2 h');
    expect(heldBackText(1, 20)).toBe('1 more alert message was held back in the last minute (at most 20 a minute to this destination)');
  });
});

describe('Alerts delivery (protocol): the live state the rules read, kept from events', () => {
  it('balances, gas, heads (changedAt moves only with a new number) and the last event', () => {
    let s = emptyAlertSnapshot();
    s = applyAlertEvent(s, 'balance', { network: 'Ethereum', balance: 0.42 }, 1000);
    s = applyAlertEvent(s, 'newBlock', { network: 'Base', num: 7 }, 2000);
    s = applyAlertEvent(s, 'newBlock', { network: 'Base', num: 7 }, 3000);
    s = applyAlertEvent(s, 'gas', { network: 'Ethereum', gasEstimate: 52 }, 4000);
    expect(s).toMatchObject({ balance: { Ethereum: 0.42 }, gasEstimate: { Ethereum: 52 }, newHeads: { Base: { changedAt: 2000 } }, lastEventAt: 4000 });
    const rule: AlertRule = { kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native' };
    expect(readingValue(rule, s, 5000, { notGreenSince: null })).toBe('0.42 ETH');
    expect(readingValue({ ...rule, network: 'Base' }, s, 5000, { notGreenSince: null })).toBeNull();
  });
});

describe('Alerts delivery (protocol): answers, retries, rate limit, secrets', () => {
  it('the test answer reads "Delivered (200)" or "Refused: 401 Unauthorized"; a 5xx or no answer "Failed"', () => {
    expect(attemptText({ ok: true, status: 200 })).toBe('Delivered (200)');
    expect(attemptText({ ok: false, status: 401, error: '401 Unauthorized' })).toBe('Refused: 401 Unauthorized');
    expect(attemptText({ ok: false, status: 503, error: '503 Service Unavailable' })).toBe('Failed: 503 Service Unavailable');
    expect(attemptText({ ok: false, error: 'timed out after 10 s' })).toBe('Failed: timed out after 10 s');
  });
  it('5xx, timeouts and no connection are retried; a 4xx is not; the wait doubles: six tries over about ten minutes', () => {
    expect(retryable({ ok: false, status: 503 })).toBe(true);
    expect(retryable({ ok: false, error: 'timed out' })).toBe(true);
    expect(retryable({ ok: false, status: 400 })).toBe(false);
    expect(retryable({ ok: true, status: 200 })).toBe(false);
    const waits = [1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, 20_000));
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 320_000]);
    expect(waits.reduce((a, b) => a + b, 0) / MIN).toBeCloseTo(10.3, 1);
  });
  it('at most N a window; past it held back; the next window starts with the summary of how many', () => {
    let w = emptyRateWindow();
    const sent: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const step = rateStep(w, 1000 + i, 2, MIN);
      w = step.window;
      sent.push(step.send);
    }
    expect(sent).toEqual([true, true, false, false, false]);
    expect(w.heldBack).toBe(3);
    const next = rateStep(w, 1000 + MIN, 2, MIN);
    expect(next).toEqual({ send: true, summary: 3, window: { startedAt: 1000 + MIN, sent: 2, heldBack: 0 } });
  });
  it('a secret shows its last 4 characters; sent back masked it keeps the stored one, anything else replaces it', () => {
    expect(maskSecret('123456:abcdWXYZ')).toBe('••••WXYZ');
    expect(keepOrReplace('••••WXYZ', '123456:abcdWXYZ')).toBe('123456:abcdWXYZ');
    expect(keepOrReplace('new-token', '123456:abcdWXYZ')).toBe('new-token');
    expect(keepOrReplace(undefined, '123456:abcdWXYZ')).toBeUndefined();
  });
});

describe('Alerts delivery (protocol): what fires on the server now, read from its delivery log', () => {
  const d = (at: number, rule: string, status: 'firing' | 'resolved' | 'test', destinationId: string, ok: boolean, error?: string) => ({
    id: `${at}-${destinationId}`, at, rule, status, destinationId, ok, attempts: 1, text: '', ...(error ? { error } : {}),
  });
  it('a rule whose last message is firing, with each destination; resolved rules, tests and summaries are not', () => {
    const log = [
      d(50, 'Balance on Base below 0.5 ETH', 'firing', 'tg', false, '401 Unauthorized'),
      d(50, 'Balance on Base below 0.5 ETH', 'firing', 'hook', true),
      d(40, 'Gas estimate on Ethereum above 40', 'resolved', 'hook', true),
      d(30, 'Test message', 'test', 'hook', true),
      d(20, 'Gas estimate on Ethereum above 40', 'firing', 'hook', true),
      d(10, 'Balance on Base below 0.5 ETH', 'resolved', 'hook', true),
      d(5, 'Balance on Base below 0.5 ETH', 'firing', 'hook', true),
    ];
    expect(serverFiring(log)).toEqual([
      {
        rule: 'Balance on Base below 0.5 ETH',
        since: 50,
        deliveries: [
          { destinationId: 'tg', ok: false, attempts: 1, error: '401 Unauthorized' },
          { destinationId: 'hook', ok: true, attempts: 1 },
        ],
      },
    ]);
  });
});
