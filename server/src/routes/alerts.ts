/**
 * Alerts' routes: delivery (docs/protocol.md "Alerts delivery", Admin only: the destinations with
 * their secrets masked, a test send, the delivery log) and the lifecycle (docs/protocol.md "Alerts
 * lifecycle", anyone signed in: the alerts, acknowledging one, the silences). The evaluator and the
 * dispatcher they use are alerts/plugin.ts's.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_DELIVERIES_LIMIT_DEFAULT, SECRET_MASK } from '../../../src/config/alertDelivery.ts';
import { ALERTS_PAGE_MAX } from '../../../src/config/alerts.ts';
import { silenceEndProblem } from '../../../src/contract/alerts.ts';
import { acknowledgeAs, endSilenceAs, silenceAs } from '../alerts/actions.ts';
import type { Destination, DestinationInput } from '../../../src/contract/alertDelivery.ts';
import { judgeUrl, refusedText, type AllowList } from '../../../src/domain/addressPolicy.ts';
import { keepOrReplace, maskSecret, TEST_TEXT } from '../../../src/domain/alertDelivery.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';
import type { StoredDestination } from '../alerts/repo.ts';
import { HttpError } from '../lib/httpError.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { assertNoIssues, notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

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

/**
 * A URL the destination policy refuses (docs/protocol.md "Alerts delivery"): its host is an address
 * destinations may not be at, in any spelling URL reads. A host name passes here; its addresses are
 * judged at each send (alerts/outbound.ts).
 */
function policyIssue(url: string, allow: AllowList): string | null {
  const judgement = judgeUrl(url, allow);
  return judgement.allowed ? null : refusedText(judgement.reason);
}

/**
 * The list to store from a PUT: masked secrets sent back keep the stored ones; each kind's fields
 * checked, the URLs against the destination policy too; 400 naming them.
 */
function resolveInputs(inputs: readonly DestinationInput[], stored: readonly StoredDestination[], allow: AllowList): StoredDestination[] {
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
      const refused = input.apiBase === undefined ? null : policyIssue(input.apiBase, allow);
      if (refused) issues.push({ field: at('apiBase'), message: refused });
    } else {
      notFor('chatId');
      notFor('botToken');
      notFor('apiBase');
      notFor('commands');
      if (url === undefined) issues.push({ field: at('url'), message: 'required' });
      else if (!isHttpUrl(url) || url.startsWith(SECRET_MASK)) issues.push({ field: at('url'), message: 'must be an http(s) URL' });
      else {
        const refused = policyIssue(url, allow);
        if (refused) issues.push({ field: at('url'), message: refused });
      }
    }
    return {
      id,
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      ...(url === undefined || input.kind === 'telegram' ? {} : { url }),
      ...(input.kind === 'telegram'
        ? { chatId: input.chatId, botToken, ...(input.apiBase ? { apiBase: input.apiBase } : {}), ...(input.commands ? { commands: true } : {}) }
        : {}),
    };
  });
  assertNoIssues(issues);
  return list;
}

/**
 * Alert and silence ids are the server's (UUIDs): a path whose id no alert can have is answered as
 * an unknown path, so another route spelled oddly (/api/alerts/destinations;x=1) never reads as an
 * alert's id.
 */
function refuseOddId(id: string): undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new HttpError(404, 'not found');
  return undefined;
}

const alertRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('listAlertDestinations'), handler: async () => ({
    destinations: (await app.store.alerts.destinations()).map(masked),
  }) });

  app.route({ ...operationRoute('replaceAlertDestinations'), handler: async (request) => {
    const session = sessionOf(request);
    const list = await app.mutate(session.name, 'alerts.destinations', async (tx) => {
      const stored = await tx.alerts.destinations();
      const next = resolveInputs(request.body.destinations, stored, app.alerts.policy.allow);
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
  } });

  app.route({ ...operationRoute('testAlertDestination'), handler: async (request) => {
    const destination = (await app.store.alerts.destinations()).find((d) => d.id === request.params.id);
    if (!destination) throw notFound('destination');
    const now = app.clock.now();
    const result = await app.alerts.dispatcher.test(destination, { status: 'test', rule: 'Test message', text: TEST_TEXT, startedAt: now });
    if (result === null) throw new HttpError(429, 'too many messages to this destination this minute; try again in a minute');
    return result;
  } });

  app.route({ ...operationRoute('listAlertDeliveries'), handler: async (request) => ({ data: await app.store.alerts.deliveries(request.query.limit ?? ALERT_DELIVERIES_LIMIT_DEFAULT) }) });

  // ---------- The lifecycle ----------

  app.route({ ...operationRoute('listAlerts'), handler: async (request) => {
    const { state, from, to, limit } = request.query;
    if (from !== undefined && to !== undefined && to <= from) assertNoIssues([{ field: 'to', message: 'must be after from' }]);
    // The store may be a write behind what the evaluator decided: read once what is decided is kept.
    await app.alerts.evaluator.settled();
    return { data: await app.store.alerts.alerts({ active: state === 'active', from, to, limit: limit ?? ALERTS_PAGE_MAX }) };
  } });

  app.route({ ...operationRoute('getAlert'), handler: async (request) => {
    refuseOddId(request.params.id);
    const live = app.alerts.evaluator.openAlert(request.params.id);
    if (live) return live;
    await app.alerts.evaluator.settled();
    const stored = await app.store.alerts.alert(request.params.id);
    if (!stored) throw notFound('alert');
    return stored;
  } });

  app.route({ ...operationRoute('ackAlert'), handler: async (request) => refuseOddId(request.params.id) ?? acknowledgeAs(app, request.params.id, sessionOf(request).name, request.body?.comment) });

  app.route({ ...operationRoute('listSilences'), handler: async () => ({ data: app.alerts.evaluator.activeSilences() }) });

  app.route({ ...operationRoute('createSilence'), handler: async (request) => {
    const problem = silenceEndProblem(request.body.until, app.clock.now());
    if (problem) assertNoIssues([{ field: 'until', message: problem }]);
    return silenceAs(app, request.body, sessionOf(request).name);
  } });

  app.route({ ...operationRoute('deleteSilence'), handler: async (request, reply) => {
    refuseOddId(request.params.id);
    await endSilenceAs(app, request.params.id, sessionOf(request).name);
    return reply.code(204).send();
  } });
};

export default alertRoutes;
