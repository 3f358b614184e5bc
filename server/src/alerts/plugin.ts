/**
 * Alerts delivery on the reference server (docs/protocol.md "Alerts delivery"): the evaluator
 * listens to the hub like a console would (every event, as an Admin), reads the shared rules from
 * misc settings, and evaluates them every second with nobody signed in; the dispatcher delivers.
 * Routes (Admin only, permissions.ts): the destinations, a test send, the delivery log.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { ALERT_EVALUATE_MS } from '../../../src/config/alerts.ts';
import { ALERT_DELIVERIES_LIMIT_DEFAULT, SECRET_MASK } from '../../../src/config/alertDelivery.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryAttemptResponse,
  DestinationsRequest,
  DestinationsResponse,
  type Destination,
  type DestinationInput,
} from '../../../src/contract/alertDelivery.ts';
import { AlertRules, eventCachePayloads, type ServerEventName } from '../../../src/contract/index.ts';
import { keepOrReplace, maskSecret, TEST_TEXT } from '../../../src/domain/alertDelivery.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';
import { assertNoIssues, notFound } from '../lib/records.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';
import { DELIVERY_TIMINGS_DEFAULT, Dispatcher, type DeliveryTimings } from './dispatcher.ts';
import { AlertEvaluator } from './evaluator.ts';
import type { StoredDestination } from './repo.ts';
import { z } from '../../../src/contract/zod.ts';

export interface AlertsOptions {
  /** How often the rules are evaluated; 0: never on a timer (tests call app.alerts.evaluator.evaluate()). */
  evaluateEveryMs?: number;
  timings?: Partial<DeliveryTimings>;
  /** The console's address, added to every message. */
  link?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { evaluator: AlertEvaluator; dispatcher: Dispatcher };
  }
}

/** A destination as any GET shows it: its secrets masked (a Slack URL is one: whoever has it may post). */
export function masked(destination: StoredDestination): Destination {
  const { url, botToken, ...rest } = destination;
  return {
    ...rest,
    ...(url === undefined ? {} : { url: destination.kind === 'slack' ? maskSecret(url) : url }),
    ...(botToken === undefined ? {} : { botToken: maskSecret(botToken) }),
  };
}

/** A destination as the user log keeps it: no secret at all. */
function forLog(destination: StoredDestination): Record<string, unknown> {
  const { url, botToken: _token, ...rest } = destination;
  return { ...rest, ...(url !== undefined && destination.kind === 'webhook' ? { url } : {}) };
}

const secretOf = (d: StoredDestination | undefined) => (d ? `${d.kind === 'slack' ? (d.url ?? '') : ''}|${d.botToken ?? ''}` : '');
const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
/** What a bot token may hold: it goes into the request path. */
const BOT_TOKEN = /^[A-Za-z0-9:_-]+$/;

type Issue = { field: string; message: string };

/** The list to store from a PUT: masked secrets sent back keep the stored ones; each kind's fields checked, 400 naming them. */
function resolveInputs(inputs: readonly DestinationInput[], stored: readonly StoredDestination[]): StoredDestination[] {
  const byId = new Map(stored.map((d) => [d.id, d]));
  const issues: Issue[] = [];
  const ids = new Set<string>();
  const list = inputs.map((input, i): StoredDestination => {
    const at = (field: string) => `destinations.${i}.${field}`;
    const id = input.id ?? randomUUID();
    if (ids.has(id)) issues.push({ field: at('id'), message: 'appears twice' });
    ids.add(id);
    const before = byId.get(id);
    const url = input.kind === 'slack' ? keepOrReplace(input.url, before?.kind === 'slack' ? before.url : undefined) : input.url;
    const botToken = keepOrReplace(input.botToken, before?.botToken);
    const notFor = (field: keyof DestinationInput) => {
      if (input[field] !== undefined) issues.push({ field: at(field), message: `not a field of a ${input.kind} destination` });
    };
    if (input.kind === 'telegram') {
      notFor('url');
      if (input.chatId === undefined) issues.push({ field: at('chatId'), message: 'required' });
      if (botToken === undefined) issues.push({ field: at('botToken'), message: 'required' });
      else if (!BOT_TOKEN.test(botToken)) issues.push({ field: at('botToken'), message: 'letters, digits, :, - and _ only' });
    } else {
      notFor('chatId');
      notFor('botToken');
      notFor('apiBase');
      if (url === undefined) issues.push({ field: at('url'), message: 'required' });
      else if (!isHttpUrl(url) || url.startsWith(SECRET_MASK)) issues.push({ field: at('url'), message: 'must be an http(s) URL' });
    }
    return {
      id,
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      ...(url === undefined || input.kind === 'telegram' ? {} : { url }),
      ...(input.kind === 'telegram' ? { chatId: input.chatId, botToken, ...(input.apiBase ? { apiBase: input.apiBase } : {}) } : {}),
    };
  });
  assertNoIssues(issues);
  return list;
}

/** The shared rules in misc settings; none when missing or not understood (another writer's settings). */
export function rulesOf(miscSettings: unknown): AlertRules {
  const parsed = AlertRules.safeParse((miscSettings as { alertRules?: unknown } | null)?.alertRules ?? []);
  return parsed.success ? parsed.data : [];
}

const IdParams = z.object({ id: z.string().min(1).max(64) });

const alertRoutes: ZodPlugin = async (app) => {
  app.get('/alerts/destinations', { schema: { response: { 200: DestinationsResponse } } }, async () => ({
    destinations: (await app.store.alerts.destinations()).map(masked),
  }));

  app.put(
    '/alerts/destinations',
    { schema: { body: DestinationsRequest, response: { 200: DestinationsResponse } } },
    async (request) => {
      const session = sessionOf(request);
      const list = await app.mutate(session.name, 'alerts.destinations', async (tx) => {
        const stored = await tx.alerts.destinations();
        const next = resolveInputs(request.body.destinations, stored);
        await tx.alerts.replaceDestinations(next);
        const byId = new Map(stored.map((d) => [d.id, d]));
        const before = stored.map(forLog);
        const after = next.map(forLog);
        // Which destinations got a new secret, by name; never the secret.
        const secretsChanged = next.filter((d) => secretOf(d) !== secretOf(byId.get(d.id)) && secretOf(d) !== '|').map((d) => d.name);
        return {
          result: next,
          before,
          after,
          details: { changes: fieldChanges(before, after), ...(secretsChanged.length > 0 ? { secretsChanged } : {}) },
        };
      });
      app.alerts.dispatcher.setDestinations(list);
      return { destinations: list.map(masked) };
    },
  );

  app.post(
    '/alerts/destinations/:id/test',
    { schema: { params: IdParams, response: { 200: DeliveryAttemptResponse } } },
    async (request) => {
      const destination = (await app.store.alerts.destinations()).find((d) => d.id === request.params.id);
      if (!destination) throw notFound('destination');
      const now = app.clock.now();
      const result = await app.alerts.dispatcher.test(destination, { status: 'test', rule: 'Test message', text: TEST_TEXT, startedAt: now });
      if (result === null) throw new HttpError(429, 'too many messages to this destination this minute; try again in a minute');
      return result;
    },
  );

  app.get(
    '/alerts/deliveries',
    { schema: { querystring: DeliveriesQuery, response: { 200: DeliveriesResponse } } },
    async (request) => ({ data: await app.store.alerts.deliveries(request.query.limit ?? ALERT_DELIVERIES_LIMIT_DEFAULT) }),
  );
};

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
      link: options.link,
      onError: (err) => app.log.error({ err }, 'alert state could not be kept'),
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
    await app.register(alertRoutes, { prefix: '/api' });
  },
  { name: 'alerts', dependencies: ['clock', 'database', 'hub', 'audit'] },
);
