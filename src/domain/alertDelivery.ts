/**
 * Alerts delivered away from the screen (docs/protocol.md "Alerts delivery") as plain functions: the
 * live state the rules read, kept from socket events; the firing and resolved messages in the
 * operator's words; the test send's answer; the retry backoff; the per-destination rate limit; and
 * how a secret is shown masked. The reference server and the standalone process both build on these,
 * with the rule functions of alertRules.ts, so they and the console never disagree.
 */
import { SECRET_MASK, SECRET_URL_TAIL_MIN, SECRET_VISIBLE_CHARS, TELEGRAM_API_BASE_DEFAULT } from '../config/alertDelivery.ts';
import type { Delivery } from '../contract/alertDelivery.ts';
import type { Alert } from '../contract/alerts.ts';
import type { AlertSnapshot } from './alertRules.ts';

// ---------- The live state the rules read ----------

/** A snapshot as the rules need it, before any event. */
export const emptyAlertSnapshot = (): AlertSnapshot => ({
  balance: {},
  gasEstimate: {},
  newHeads: {},
  brainState: null,
  connectedServices: null,
  lastEventAt: null,
});

interface Mutable {
  balance: Record<string, number>;
  gasEstimate: Record<string, number>;
  newHeads: Record<string, { num: number; changedAt: number }>;
  brainState: AlertSnapshot['brainState'];
  connectedServices: AlertSnapshot['connectedServices'];
  lastEventAt: number | null;
}

/**
 * The snapshot after one event (its payload already checked against the contract), as the console's
 * handlers keep it: a block head's changedAt moves only when its number changes; any event at all
 * counts as something arriving (noEvents).
 */
export function applyAlertEvent(s: AlertSnapshot, event: string, payload: unknown, now: number): AlertSnapshot {
  const next = s as Mutable;
  const p = payload as Record<string, unknown>;
  switch (event) {
    case 'balance':
      next.balance = { ...next.balance, [p.network as string]: p.balance as number };
      break;
    case 'gas':
      next.gasEstimate = { ...next.gasEstimate, [p.network as string]: p.gasEstimate as number };
      break;
    case 'newBlock': {
      const network = p.network as string;
      const num = p.num as number;
      const head = next.newHeads[network];
      if (head?.num !== num) next.newHeads = { ...next.newHeads, [network]: { num, changedAt: now } };
      break;
    }
    case 'brainState':
      next.brainState = payload as AlertSnapshot['brainState'];
      break;
    case 'connectedServices':
      next.connectedServices = payload as AlertSnapshot['connectedServices'];
      break;
  }
  next.lastEventAt = now;
  return next;
}

// ---------- The messages ----------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "03:12 UTC" today, "2026-11-24 03:12 UTC" another day: a server knows no operator's zone, so UTC, written out. */
export function clockText(at: number, now: number): string {
  const iso = new Date(at).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 16)} UTC`;
}

/** How long a rule held, as a pager reads it: "40 s", "18 min", "2 h 5 min". */
export function heldText(ms: number): string {
  const safe = Math.max(0, ms);
  if (safe < MINUTE) return `${Math.round(safe / 1000)} s`;
  if (safe < HOUR) return `${Math.floor(safe / MINUTE)} min`;
  const hours = Math.floor(safe / HOUR);
  const minutes = Math.floor((safe - hours * HOUR) / MINUTE);
  return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** Where an alert is in the console: `{PUBLIC_URL}/alerts/{id}`, when the server knows its public URL. */
export const alertLink = (publicUrl: string | undefined, id: string): string | undefined =>
  publicUrl ? `${publicUrl.replace(/\/+$/, '')}/alerts/${encodeURIComponent(id)}` : undefined;

const withLink = (text: string, link: string | undefined) => (link ? `${text} ${link}` : text);

/**
 * What a destination reads (docs/protocol.md "Alerts lifecycle": the text, the severity, the
 * link): "FIRING (critical): Arbitrum balance 0.012 ETH is below 0.05 ETH, since 03:12 UTC
 * https://console.example/alerts/a-1"; "RESOLVED (critical): Arbitrum balance 0.012 ETH is below
 * 0.05 ETH, since 03:12 UTC, resolved after 18 min …".
 */
export function alertMessageText(
  alert: Pick<Alert, 'severity' | 'text' | 'startedAt' | 'firingAt' | 'resolvedAt'>,
  status: 'firing' | 'resolved',
  now: number,
  link?: string,
): string {
  const since = `since ${clockText(alert.startedAt, now)}`;
  if (status === 'firing') return withLink(`FIRING (${alert.severity}): ${alert.text}, ${since}`, link);
  const held = heldText((alert.resolvedAt ?? now) - (alert.firingAt ?? alert.startedAt));
  return withLink(`RESOLVED (${alert.severity}): ${alert.text}, ${since}, resolved after ${held}`, link);
}

/** The `rule` of the summary a destination gets past its rate limit. */
export const RATE_LIMIT_RULE = 'Rate limit';

/** The test message an Admin sends from the destinations screen. */
export const TEST_TEXT = 'TEST: alerts from the operator console reach this destination';

/** The summary after a minute past the rate limit: "3 more alert messages were held back in the last minute (at most 20 a minute)". */
export function heldBackText(count: number, perMinute: number): string {
  return `${count} more alert ${count === 1 ? 'message was' : 'messages were'} held back in the last minute (at most ${perMinute} a minute to this destination)`;
}

// ---------- Answers, retries, rate limit, secrets ----------

export interface AttemptResult {
  ok: boolean;
  status?: number;
  /** "401 Unauthorized", "timed out after 10 s", "connection refused", "refused by policy: link-local address 169.254.169.254". */
  error?: string;
  /** The destination policy refused the address (src/domain/addressPolicy.ts): nothing was sent. */
  refusedByPolicy?: boolean;
}

/** A destination's answer in words: "Delivered (200)", "Refused: 401 Unauthorized", "Failed: 503 Service Unavailable", "Failed: timed out after 10 s". */
export function attemptText(result: AttemptResult): string {
  if (result.ok) return `Delivered (${result.status ?? 'ok'})`;
  const reason = result.error ?? (result.status === undefined ? 'no answer' : String(result.status));
  return result.status !== undefined && result.status >= 400 && result.status < 500 ? `Refused: ${reason}` : `Failed: ${reason}`;
}

/**
 * Whether to try again: a 5xx, a timeout or no connection (no status) may pass; a 4xx will not, nor
 * a refusal by the destination policy (the address stays what it is).
 */
export const retryable = (result: AttemptResult): boolean =>
  !result.ok && result.refusedByPolicy !== true && (result.status === undefined || result.status >= 500);

/** The wait before try `attempt + 1` after try `attempt` (1-based): base, 2 × base, 4 × base… */
export const backoffMs = (attempt: number, baseMs: number): number => baseMs * 2 ** Math.max(0, attempt - 1);

export interface RateWindow {
  /** When the current window opened; null before the first message. */
  startedAt: number | null;
  sent: number;
  heldBack: number;
}

export const emptyRateWindow = (): RateWindow => ({ startedAt: null, sent: 0, heldBack: 0 });

/**
 * One message to a destination: whether it goes or is held back, and, when a new window opens on a
 * window that held some back, how many (the summary to send first). The summary counts in the new window.
 */
export function rateStep(
  w: RateWindow,
  now: number,
  perMinute: number,
  windowMs: number,
): { window: RateWindow; send: boolean; summary: number } {
  if (w.startedAt === null || now - w.startedAt >= windowMs) {
    const summary = w.heldBack;
    const sent = summary > 0 ? 2 : 1;
    return { window: { startedAt: now, sent, heldBack: 0 }, send: true, summary };
  }
  if (w.sent < perMinute) return { window: { ...w, sent: w.sent + 1 }, send: true, summary: 0 };
  return { window: { ...w, heldBack: w.heldBack + 1 }, send: false, summary: 0 };
}

/** A secret as GET shows it: the mark and its last 4 characters ("••••a1b2"). */
export const maskSecret = (secret: string): string => `${SECRET_MASK}${secret.slice(-SECRET_VISIBLE_CHARS)}`;

/** A value sent back: the masked form of the stored secret keeps it; anything else replaces it. */
export const keepOrReplace = (sent: string | undefined, stored: string | undefined): string | undefined =>
  sent !== undefined && stored !== undefined && sent === maskSecret(stored) ? stored : sent;

/**
 * A webhook or Slack URL as GET, the user log and newUserLog show it (docs/protocol.md "Alerts
 * delivery"): scheme, host and port stay visible, so an Admin sees where it goes; user-info, path and
 * query are masked, since that is where such URLs carry their secret. The last 4 characters are shown
 * only when the last piece of what is hidden (a path segment, a query value) is long enough for them to
 * give little away. Nothing hidden ("/"): the URL as it is.
 */
export function maskUrl(url: string): string {
  if (!URL.canParse(url)) return maskSecret(url);
  const parsed = new URL(url);
  const hidden = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  const credentials = parsed.username !== '' || parsed.password !== '';
  if (!credentials && hidden === '/') return `${parsed.origin}/`;
  const lastPiece = hidden.split(/[/?&=#]/).pop() ?? '';
  return `${parsed.origin}/${SECRET_MASK}${lastPiece.length >= SECRET_URL_TAIL_MIN ? hidden.slice(-SECRET_VISIBLE_CHARS) : ''}`;
}

/**
 * A URL sent back, and the stored one (docs/protocol.md "Alerts delivery": a secret is bound to its
 * address): its masked form keeps the stored URL; the same masked rest at another origin is refused
 * as `moved` (the stored secret would follow the new address); any other masked value is refused as
 * `masked` (it stands for no URL); a URL without the mark replaces the stored one.
 */
export function keepOrReplaceUrl(sent: string | undefined, stored: string | undefined): { url?: string; refused?: 'moved' | 'masked' } {
  if (sent === undefined) return {};
  if (stored !== undefined && sent === maskUrl(stored)) return { url: stored };
  const at = sent.indexOf(SECRET_MASK);
  if (at < 0) return { url: sent };
  const storedMask = stored === undefined ? '' : maskUrl(stored);
  const storedAt = storedMask.indexOf(SECRET_MASK);
  return { refused: storedAt >= 0 && sent.slice(at) === storedMask.slice(storedAt) ? 'moved' : 'masked' };
}

/** Where a Telegram bot's token is sent: its API address without trailing slashes (send.ts appends /bot{token}/…). */
export const telegramBase = (apiBase: string | undefined): string => (apiBase ?? TELEGRAM_API_BASE_DEFAULT).replace(/\/+$/, '');

// ---------- The outbox: what becomes of a message in the delivery log ----------

/** A destination's queue was past its bound: the oldest waiting went (docs/protocol.md "Alerts delivery"). */
export const droppedText = (queued: number): string => `dropped: ${queued} messages queued for this destination`;

/** A message past the destination's rate limit: not sent, counted in the summary that follows. */
export const heldBackRowText = (perMinute: number): string =>
  `held back: more than ${perMinute} messages a minute to this destination (counted in the summary)`;

export const DESTINATION_REMOVED_TEXT = 'not sent: the destination was removed';
export const DESTINATION_DISABLED_TEXT = 'not sent: the destination was disabled';

/** What a row of the delivery log becomes after a try, or after a restart found it in flight. */
export interface AttemptOutcome {
  state: 'ok' | 'failed' | 'pending';
  error?: string;
  /** When to try again (pending only). */
  nextAttemptAt: number | null;
}

/**
 * After try `tries` (1-based) of at most `maxAttempts`: delivered; pending again after the backoff
 * when it may pass (a 5xx, a timeout, no connection) and tries are left; else failed, saying why.
 */
export function afterAttempt(result: AttemptResult, tries: number, maxAttempts: number, backoffBaseMs: number, now: number): AttemptOutcome {
  if (result.ok) return { state: 'ok', nextAttemptAt: null };
  const error = result.error ?? (result.status === undefined ? 'no answer' : String(result.status));
  if (!retryable(result)) return { state: 'failed', error, nextAttemptAt: null };
  if (tries < maxAttempts) return { state: 'pending', error: `${error}; trying again`, nextAttemptAt: now + backoffMs(tries, backoffBaseMs) };
  return { state: 'failed', error: maxAttempts > 1 ? `${error} (gave up after ${tries} tries)` : error, nextAttemptAt: null };
}

/**
 * A row in flight when the process stopped (found at the next start): whether it arrived is not
 * known, so it is tried again at once while it has tries left (at least once, never lost); a test
 * send is one try by definition, and a row whose last try was in flight ends failed.
 */
export function afterInterruption(tries: number, maxAttempts: number, test: boolean, now: number): AttemptOutcome {
  if (test) return { state: 'failed', error: 'the server stopped during the test send; not known whether it arrived', nextAttemptAt: null };
  if (tries < maxAttempts) return { state: 'pending', error: `the server stopped during try ${tries}; trying again`, nextAttemptAt: now };
  return { state: 'failed', error: `the server stopped during try ${tries} of ${maxAttempts}, the last; not known whether it arrived`, nextAttemptAt: null };
}

/**
 * A delivery log row's result as the log shows it: "Delivered"; "Sending…" before its first answer;
 * else the last answer or the reason it ended ("503 Service Unavailable; trying again", "held back:
 * …", "dropped: …"). A backend without `state` (an older one): no try yet reads as sending.
 */
export function deliveryResultText(row: Pick<Delivery, 'ok' | 'attempts' | 'error' | 'state'>): string {
  if (row.ok || row.state === 'ok') return 'Delivered';
  if (row.error !== undefined) return row.error;
  const waiting = row.state === undefined ? row.attempts === 0 : row.state === 'pending' || row.state === 'sending';
  return waiting ? 'Sending…' : 'Not delivered';
}
