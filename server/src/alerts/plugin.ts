/**
 * Alerts on the reference server (docs/protocol.md "Alerts delivery", "Alerts lifecycle"): the
 * evaluator listens to the hub like a console would (every event, as an Admin), reads the rules
 * from misc settings, and evaluates them every second with nobody signed in; every change of an
 * alert goes out as alertChanged, every change of the silences as silencesChanged; the dispatcher
 * delivers. Its routes are in routes/alerts.ts.
 */
import fp from 'fastify-plugin';
import { ALERT_EVALUATE_MS } from '../../../src/config/alerts.ts';
import { AlertRules, eventCachePayloads, type ServerEventName } from '../../../src/contract/index.ts';
import { DELIVERY_TIMINGS_DEFAULT, Dispatcher, type DeliveryTimings } from './dispatcher.ts';
import { AlertEvaluator } from './evaluator.ts';

export interface AlertsOptions {
  /** How often the rules are evaluated; 0: never on a timer (tests call app.alerts.evaluator.evaluate()). */
  evaluateEveryMs?: number;
  timings?: Partial<DeliveryTimings>;
  /** The console's public address (PUBLIC_URL): messages link to its /alerts/{id}. */
  publicUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { evaluator: AlertEvaluator; dispatcher: Dispatcher };
  }
}

/** The shared rules in misc settings; none when missing or not understood (another writer's settings). */
export function rulesOf(miscSettings: unknown): AlertRules {
  const parsed = AlertRules.safeParse((miscSettings as { alertRules?: unknown } | null)?.alertRules ?? []);
  return parsed.success ? parsed.data : [];
}

export default fp<AlertsOptions>(
  async (app, options) => {
    const timings = { ...DELIVERY_TIMINGS_DEFAULT, ...options.timings };
    const now = () => app.clock.now();
    const dispatcher = new Dispatcher({
      repo: app.store.alerts,
      now,
      timings,
      onError: (err, destinationId) => app.log.error({ err, destinationId }, 'alert delivery bookkeeping failed'),
    });
    const evaluator = new AlertEvaluator({
      repo: app.store.alerts,
      dispatcher,
      now,
      publicUrl: options.publicUrl,
      onError: (err) => app.log.error({ err }, 'alert state could not be kept'),
      onChange: (alert) => app.hub.broadcast('alertChanged', alert),
      onSilences: (silences) => app.hub.broadcast('silencesChanged', { data: [...silences] }),
    });
    dispatcher.setDestinations(await app.store.alerts.destinations());
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

    const every = options.evaluateEveryMs ?? ALERT_EVALUATE_MS;
    const timer = every > 0 ? setInterval(() => evaluator.evaluate(), every) : undefined;
    timer?.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopObserving();
      dispatcher.close();
      await evaluator.settled();
    });
    app.decorate('alerts', { evaluator, dispatcher });
  },
  { name: 'alerts', dependencies: ['clock', 'database', 'hub', 'audit'] },
);
