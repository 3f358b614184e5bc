/**
 * One delivery attempt to one destination (docs/protocol.md "Alerts delivery"): the webhook gets the
 * structured body, Slack `{ text }`, Telegram `{apiBase}/bot{botToken}/sendMessage` with
 * `{ chat_id, text }`. The answer never carries a secret: the URL (a Slack URL and a Telegram URL
 * hold one) is not in any error text.
 */
import { STATUS_CODES } from 'node:http';
import { ALERT_ERROR_TEXT_MAX, TELEGRAM_API_BASE_DEFAULT } from '../../../src/config/alertDelivery.ts';
import type { WebhookBody } from '../../../src/contract/alertDelivery.ts';
import type { AttemptResult } from '../../../src/domain/alertDelivery.ts';
import type { StoredDestination } from './repo.ts';
import { telegramButtons } from './telegram.ts';

export type AlertMessage = WebhookBody;

/** Where and what one destination is sent. */
export function requestFor(destination: StoredDestination, message: AlertMessage): { url: string; body: unknown } {
  switch (destination.kind) {
    case 'webhook':
      return { url: destination.url ?? '', body: message };
    case 'slack':
      return { url: destination.url ?? '', body: { text: message.text } };
    case 'telegram': {
      const base = (destination.apiBase ?? TELEGRAM_API_BASE_DEFAULT).replace(/\/+$/, '');
      // With commands on, a firing message carries the buttons an on-call person answers with (telegram.ts).
      const buttons = destination.commands && message.status === 'firing' && message.alertId ? { reply_markup: { inline_keyboard: telegramButtons(message.alertId) } } : {};
      return { url: `${base}/bot${destination.botToken ?? ''}/sendMessage`, body: { chat_id: destination.chatId, text: message.text, ...buttons } };
    }
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Why a request did not get an answer, in words and without the URL: "timed out after 10 s", "could not connect (ECONNREFUSED)". */
function failureText(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timed out after ${seconds(timeoutMs)}`;
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code ? `could not connect (${code})` : 'could not connect';
}

/** One POST with a deadline; the body of the answer is read (and dropped) so the connection is freed. */
export async function attempt(destination: StoredDestination, message: AlertMessage, timeoutMs: number): Promise<AttemptResult> {
  const { url, body } = requestFor(destination, message);
  if (!URL.canParse(url)) return { ok: false, error: 'no valid URL' };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status };
    const reason = `${response.status} ${STATUS_CODES[response.status] ?? response.statusText}`.trim();
    return { ok: false, status: response.status, error: reason.slice(0, ALERT_ERROR_TEXT_MAX) };
  } catch (err) {
    return { ok: false, error: failureText(err, timeoutMs) };
  }
}
