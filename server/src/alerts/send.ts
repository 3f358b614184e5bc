/**
 * One delivery attempt to one destination (docs/protocol.md "Alerts delivery"): the webhook gets the
 * structured body, Slack `{ text }`, Telegram `{apiBase}/bot{botToken}/sendMessage` with
 * `{ chat_id, text }`. The answer never carries a secret: the URL (a Slack URL and a Telegram URL
 * hold one) is not in any error text. Where it may go is the destination policy's to say (outbound.ts).
 */
import { STATUS_CODES } from 'node:http';
import { ALERT_ANSWER_MAX_BYTES, ALERT_ERROR_TEXT_MAX } from '../../../src/config/alertDelivery.ts';
import type { WebhookBody } from '../../../src/contract/alertDelivery.ts';
import { telegramBase, type AttemptResult } from '../../../src/domain/alertDelivery.ts';
import { failureText, PolicyRefusal, postJson, type DestinationPolicy } from './outbound.ts';
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
      // The same address the secret is bound to when saved (routes/alerts.ts).
      const base = telegramBase(destination.apiBase);
      // With commands on, a firing message carries the buttons an on-call person answers with (telegram.ts).
      const buttons = destination.commands && message.status === 'firing' && message.alertId ? { reply_markup: { inline_keyboard: telegramButtons(message.alertId) } } : {};
      return { url: `${base}/bot${destination.botToken ?? ''}/sendMessage`, body: { chat_id: destination.chatId, text: message.text, ...buttons } };
    }
  }
}

/**
 * One POST within the destination policy and the attempt's deadline (outbound.ts); at most
 * ALERT_ANSWER_MAX_BYTES of the answer are read, and its status alone decides. A refusal by policy
 * is marked so that it is not tried again: the address will not change its class by waiting.
 */
export async function attempt(destination: StoredDestination, message: AlertMessage, timeoutMs: number, policy: DestinationPolicy): Promise<AttemptResult> {
  const { url, body } = requestFor(destination, message);
  if (!URL.canParse(url)) return { ok: false, error: 'no valid URL' };
  try {
    const { status } = await postJson(url, body, { policy, timeoutMs, maxBytes: ALERT_ANSWER_MAX_BYTES });
    if (status >= 200 && status < 300) return { ok: true, status };
    const reason = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
    return { ok: false, status, error: reason.slice(0, ALERT_ERROR_TEXT_MAX) };
  } catch (err) {
    return { ok: false, error: failureText(err).slice(0, ALERT_ERROR_TEXT_MAX), ...(err instanceof PolicyRefusal ? { refusedByPolicy: true } : {}) };
  }
}
