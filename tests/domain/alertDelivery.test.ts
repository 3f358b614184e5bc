/** docs/protocol.md "Alerts delivery": the messages, answers, backoff, rate limit, masking and live state of alerts delivery, as plain functions. */
import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  afterInterruption,
  alertLink,
  alertMessageText,
  applyAlertEvent,
  attemptText,
  backoffMs,
  clockText,
  deliveryResultText,
  droppedText,
  emptyAlertSnapshot,
  emptyRateWindow,
  heldBackText,
  heldText,
  keepOrReplace,
  keepOrReplaceUrl,
  maskSecret,
  maskUrl,
  rateStep,
  retryable,
  telegramBase,
} from '../../src/domain/alertDelivery.ts';

const AT = Date.UTC(2026, 10, 26, 3, 12, 0);
const MIN = 60_000;

describe('Alerts delivery (protocol): messages in the operator words', () => {
  const alert = { severity: 'critical', text: 'Ethereum balance 0.42 ETH is below 0.50 ETH', startedAt: AT, firingAt: AT } as const;
  it('firing and resolved name the alert\'s text (subject, value, threshold), its severity, its start and its link', () => {
    expect(alertMessageText(alert, 'firing', AT)).toBe('FIRING (critical): Ethereum balance 0.42 ETH is below 0.50 ETH, since 03:12 UTC');
    expect(alertMessageText({ ...alert, resolvedAt: AT + 18 * MIN + 20_000 }, 'resolved', AT, 'https://console.example/alerts/a-1')).toBe(
      'RESOLVED (critical): Ethereum balance 0.42 ETH is below 0.50 ETH, since 03:12 UTC, resolved after 18 min https://console.example/alerts/a-1',
    );
  });
  it('the link is the console\'s public address and the alert\'s page, when the server knows the address', () => {
    expect(alertLink('https://console.example/', 'a 1')).toBe('https://console.example/alerts/a%201');
    expect(alertLink(undefined, 'a1')).toBeUndefined();
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
    // The destination policy's refusal: the address will not change its class by waiting.
    expect(retryable({ ok: false, error: 'refused by policy: link-local address 169.254.169.254', refusedByPolicy: true })).toBe(false);
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
  it('a URL shows its scheme, host and port; its user-info, path and query are masked, the last 4 shown only when its last piece is long', () => {
    expect(maskUrl('https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXwxyz')).toBe('https://hooks.slack.com/••••wxyz');
    expect(maskUrl('http://relay.example:8443/hook?token=abcd')).toBe('http://relay.example:8443/••••');
    expect(maskUrl('https://relay.example/x?token=s3cr3t-token-0001')).toBe('https://relay.example/••••0001');
    expect(maskUrl('https://alice:pa55@relay.example/')).toBe('https://relay.example/••••');
    expect(maskUrl('https://relay.example')).toBe('https://relay.example/');
    expect(maskUrl('not a url at all')).toBe('•••• all');
  });
  it('a URL sent back: its mask keeps the stored one; the same mask at another origin is "moved"; another mask is "masked"; a URL replaces it', () => {
    const stored = 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXwxyz';
    expect(keepOrReplaceUrl('https://hooks.slack.com/••••wxyz', stored)).toEqual({ url: stored });
    expect(keepOrReplaceUrl('https://evil.example/••••wxyz', stored)).toEqual({ refused: 'moved' });
    expect(keepOrReplaceUrl('https://hooks.slack.com:444/••••wxyz', stored)).toEqual({ refused: 'moved' });
    expect(keepOrReplaceUrl('http://hooks.slack.com/••••wxyz', stored)).toEqual({ refused: 'moved' });
    expect(keepOrReplaceUrl('https://hooks.slack.com/••••abcd', stored)).toEqual({ refused: 'masked' });
    expect(keepOrReplaceUrl('https://hooks.slack.com/••••wxyz', undefined)).toEqual({ refused: 'masked' });
    expect(keepOrReplaceUrl('https://evil.example/services/T000/B000/XXXXXXXXXXXXwxyz', stored)).toEqual({ url: 'https://evil.example/services/T000/B000/XXXXXXXXXXXXwxyz' });
    expect(keepOrReplaceUrl(undefined, stored)).toEqual({});
  });
  it('a bot token goes to its API address without trailing slashes; none given: Telegram\'s', () => {
    expect(telegramBase(undefined)).toBe('https://api.telegram.org');
    expect(telegramBase('http://127.0.0.1:8081/tg//')).toBe('http://127.0.0.1:8081/tg');
  });
});

describe('Alerts delivery (protocol): what becomes of a row of the outbox', () => {
  const FAIL_503 = { ok: false, status: 503, error: '503 Service Unavailable' };
  it('after a try: delivered; pending after the backoff while tries are left; failed, saying why, when it may not pass or the tries are spent', () => {
    expect(afterAttempt({ ok: true, status: 200 }, 1, 6, 20_000, AT)).toEqual({ state: 'ok', nextAttemptAt: null });
    expect(afterAttempt(FAIL_503, 2, 6, 20_000, AT)).toEqual({ state: 'pending', error: '503 Service Unavailable; trying again', nextAttemptAt: AT + 40_000 });
    expect(afterAttempt(FAIL_503, 6, 6, 20_000, AT)).toEqual({ state: 'failed', error: '503 Service Unavailable (gave up after 6 tries)', nextAttemptAt: null });
    expect(afterAttempt({ ok: false, status: 401, error: '401 Unauthorized' }, 1, 6, 20_000, AT)).toEqual({ state: 'failed', error: '401 Unauthorized', nextAttemptAt: null });
    expect(afterAttempt({ ok: false, error: 'timed out after 10 s' }, 1, 1, 20_000, AT)).toEqual({ state: 'failed', error: 'timed out after 10 s', nextAttemptAt: null });
  });
  it('found in flight at start: tried again at once while tries are left; its last try, or a test send, ends failed in words', () => {
    expect(afterInterruption(2, 6, false, AT)).toEqual({ state: 'pending', error: 'the server stopped during try 2; trying again', nextAttemptAt: AT });
    expect(afterInterruption(6, 6, false, AT)).toMatchObject({ state: 'failed', error: 'the server stopped during try 6 of 6, the last; not known whether it arrived' });
    expect(afterInterruption(1, 6, true, AT)).toMatchObject({ state: 'failed', error: 'the server stopped during the test send; not known whether it arrived' });
  });
  it('a dropped message says how many were queued', () => {
    expect(droppedText(101)).toBe('dropped: 101 messages queued for this destination');
  });
});

describe('Alerts delivery (protocol): a delivery log row in words', () => {
  it('delivered; sending before its first answer; else the last answer or why it ended (a held-back row is not "sending")', () => {
    expect(deliveryResultText({ ok: true, attempts: 1, state: 'ok' })).toBe('Delivered');
    expect(deliveryResultText({ ok: false, attempts: 0, state: 'pending' })).toBe('Sending…');
    expect(deliveryResultText({ ok: false, attempts: 1, state: 'sending' })).toBe('Sending…');
    expect(deliveryResultText({ ok: false, attempts: 1, state: 'pending', error: '503 Service Unavailable; trying again' })).toBe('503 Service Unavailable; trying again');
    const held = 'held back: more than 20 messages a minute to this destination (counted in the summary)';
    expect(deliveryResultText({ ok: false, attempts: 0, state: 'failed', error: held })).toBe(held);
    expect(deliveryResultText({ ok: false, attempts: 0, state: 'failed' })).toBe('Not delivered');
    // A backend without state: no try yet reads as sending.
    expect(deliveryResultText({ ok: false, attempts: 0 })).toBe('Sending…');
    expect(deliveryResultText({ ok: false, attempts: 2, error: '400 Bad Request' })).toBe('400 Bad Request');
  });
});
