/**
 * Alerts on the reference server (docs/protocol.md "Alerts delivery", "Alerts lifecycle"): the
 * evaluator listens to the hub like a console would (every event, as an Admin), reads the rules
 * from misc settings, and evaluates them every second with nobody signed in; every change of an
 * alert goes out as alertChanged, every change of the silences as silencesChanged; the dispatcher
 * delivers. Its routes are in routes/alerts.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALERT_EVALUATE_MS } from '../../../src/config/alerts.ts';
import { AlertRules, eventCachePayloads, type Alert, type AlertHistoryEntry, type ServerEventName, type TimelineEvent } from '../../../src/contract/index.ts';
import { SILENCE_QUICK_MS } from '../../../src/config/alerts.ts';
import { TELEGRAM_POLL_MS } from '../../../src/config/alertDelivery.ts';
import { HttpError } from '../lib/httpError.ts';
import { acknowledgeAs, silenceAs } from './actions.ts';
import { DELIVERY_TIMINGS_DEFAULT, Dispatcher, type DeliveryTimings } from './dispatcher.ts';
import { destinationPolicy, type DestinationPolicy, type Resolve } from './outbound.ts';
import { TelegramCommands, type TelegramPress } from './telegram.ts';
import { AlertEvaluator } from './evaluator.ts';
import type { StoredDestination } from './repo.ts';

export interface AlertsOptions {
  /** How often the rules are evaluated; 0: never on a timer (tests call app.alerts.evaluator.evaluate()). */
  evaluateEveryMs?: number;
  timings?: Partial<DeliveryTimings>;
  /** The console's public address (PUBLIC_URL): messages link to its /alerts/{id}. */
  publicUrl?: string;
  /** How often Telegram bots with commands on are asked for presses; 0: never on a timer (tests call app.alerts.telegram.poll()). */
  telegramPollMs?: number;
  /** ALERT_ALLOWED_HOSTS, parsed: the private hosts, IPs and ranges destinations may be at (docs/protocol.md "Alerts delivery"). */
  allowedHosts?: readonly string[];
  /** How destination host names are resolved (node:dns lookup); tests give their own DNS. */
  resolve?: Resolve;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { evaluator: AlertEvaluator; dispatcher: Dispatcher; telegram: TelegramCommands; policy: DestinationPolicy };
  }
}

/** The shared rules in misc settings; none when missing or not understood (another writer's settings). */
export function rulesOf(miscSettings: unknown): AlertRules {
  const parsed = AlertRules.safeParse((miscSettings as { alertRules?: unknown } | null)?.alertRules ?? []);
  return parsed.success ? parsed.data : [];
}

const HISTORY_WORDS: Record<AlertHistoryEntry['event'], string> = {
  pending: 'Alert pending',
  firing: 'Alert firing',
  resolved: 'Alert resolved',
  reopened: 'Alert firing again',
  acknowledged: 'Alert acknowledged',
  silenced: 'Alert silenced',
  unsilenced: 'Alert silence ended',
};

/** One step of an alert's history as the timeline says it: "Alert firing: Base balance 0.01 ETH is below 0.50 ETH". */
export function alertTimelineEvent(alert: Alert, entry: AlertHistoryEntry): TimelineEvent {
  const by = entry.by ? ` (by ${entry.by})` : '';
  // Only what needs a look carries the alert's severity; its end and the people's steps are information.
  const severity = entry.event === 'firing' || entry.event === 'reopened' ? alert.severity : 'info';
  return { at: entry.at, kind: 'alert', severity, text: `${HISTORY_WORDS[entry.event]}: ${alert.text}${by}`, link: `/alerts/${encodeURIComponent(alert.id)}`, ref: alert.id };
}

/** A button pressed in a destination's own chat, applied in the presser's name; what to answer in the chat. */
async function applyPress(app: FastifyInstance, { command, alertId, by }: TelegramPress): Promise<string> {
  await app.alerts.evaluator.settled();
  const alert = app.alerts.evaluator.openAlert(alertId) ?? (await app.store.alerts.alert(alertId));
  if (!alert) return 'That alert is not known to the console.';
  try {
    if (command === 'ack') {
      await acknowledgeAs(app, alertId, by, undefined, 'Telegram');
      return `Acknowledged by ${by}: ${alert.text}`;
    }
    await silenceAs(app, { ruleId: alert.ruleId, subject: alert.subject, until: app.clock.now() + SILENCE_QUICK_MS, reason: 'Silenced for 1 h from Telegram' }, by);
    return `Silenced for 1 h by ${by}: ${alert.text}`;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return `Not done: ${err.message}. ${alert.text}`;
    throw err;
  }
}

/**
 * The destinations to deliver to at start. With SECRETS_KEY, secrets still stored as plain text are
 * encrypted now, not at the next save: the file stops holding them from the first start with the
 * key. A destination whose secret cannot be decrypted (another key, altered) is named in the log and
 * left out: the server starts, and never sends it anything until an Admin enters the secret again.
 */
async function readableDestinations(app: FastifyInstance): Promise<StoredDestination[]> {
  const sealed = await app.store.alerts.sealPlainSecrets();
  if (sealed.length > 0) app.log.info({ destinations: sealed }, 'alert destination secrets encrypted with SECRETS_KEY');
  const all = await app.store.alerts.destinations();
  for (const { id, name, unreadable } of all) {
    if (unreadable) app.log.error({ destinationId: id }, `alert destination "${name}" (${id}): ${unreadable}; nothing is sent to it until an Admin enters its secret again`);
  }
  return all.filter((d) => !d.unreadable);
}

export default fp<AlertsOptions>(
  async (app, options) => {
    const timings = { ...DELIVERY_TIMINGS_DEFAULT, ...options.timings };
    const now = () => app.clock.now();
    const policy = destinationPolicy(options.allowedHosts, options.resolve);
    const dispatcher = new Dispatcher({
      repo: app.store.alerts,
      now,
      timings,
      policy,
      onError: (err, destinationId) => app.log.error({ err, destinationId }, 'alert delivery bookkeeping failed'),
    });
    const evaluator = new AlertEvaluator({
      repo: app.store.alerts,
      dispatcher,
      now,
      publicUrl: options.publicUrl,
      onError: (err) => app.log.error({ err }, 'alert state could not be kept'),
      onChange: (alert, added) => {
        app.hub.broadcast('alertChanged', alert);
        // docs/protocol.md "Timeline": each step of an alert's history is an `alert` event there.
        for (const entry of added) app.timeline.record(alertTimelineEvent(alert, entry));
      },
      onSilences: (silences) => app.hub.broadcast('silencesChanged', { data: [...silences] }),
    });
    dispatcher.setDestinations(await readableDestinations(app));
    // What was waiting or in flight when the server stopped is sent (again) before anything new.
    await dispatcher.resume();
    await evaluator.load();
    evaluator.setRules(rulesOf(await app.store.settings.get('miscSettings')));

    // What the hub already holds, then every event as it is broadcast, as an Admin's console would (without a socket).
    for (const [event, value] of Object.entries(app.hub.cached())) {
      for (const payload of eventCachePayloads(event as ServerEventName, value)) evaluator.onEvent(event, payload);
    }
    const stopObserving = app.hub.observe((event, payload) => {
      if (event === 'miscSettingsUpdateDone') evaluator.setRules(rulesOf(payload));
      evaluator.onEvent(event, payload);
    });

    const telegram = new TelegramCommands({
      destinations: () => dispatcher.list(),
      apply: (press) => applyPress(app, press),
      log: app.log,
      now,
      timeoutMs: timings.timeoutMs,
      policy,
    });

    const every = options.evaluateEveryMs ?? ALERT_EVALUATE_MS;
    const timer = every > 0 ? setInterval(() => evaluator.evaluate(), every) : undefined;
    timer?.unref();
    const pollEvery = options.telegramPollMs ?? TELEGRAM_POLL_MS;
    const poller = pollEvery > 0 ? setInterval(() => void telegram.poll(), pollEvery) : undefined;
    poller?.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(poller);
      stopObserving();
      await dispatcher.close();
      await evaluator.settled();
    });
    app.decorate('alerts', { evaluator, dispatcher, telegram, policy });
  },
  { name: 'alerts', dependencies: ['clock', 'database', 'hub', 'audit', 'timeline'] },
);
