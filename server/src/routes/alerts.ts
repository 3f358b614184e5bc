/**
 * Alerts' routes: delivery (docs/protocol.md "Alerts delivery", Admin only: the destinations with
 * their secrets masked, a test send, the delivery log) and the lifecycle (docs/protocol.md "Alerts
 * lifecycle", anyone signed in: the alerts, acknowledging one, the silences). The evaluator and the
 * dispatcher they use are alerts/plugin.ts's.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_DELIVERIES_LIMIT_DEFAULT } from '../../../src/config/alertDelivery.ts';
import { ALERTS_PAGE_MAX } from '../../../src/config/alerts.ts';
import { silenceEndProblem } from '../../../src/contract/alerts.ts';
import { acknowledgeAs, endSilenceAs, silenceAs } from '../alerts/actions.ts';
import type { Destination, DestinationInput } from '../../../src/contract/alertDelivery.ts';
import { judgeUrl, refusedText, type AllowList } from '../../../src/domain/addressPolicy.ts';
import { keepOrReplace, keepOrReplaceUrl, maskSecret, maskUrl, telegramBase, TEST_TEXT } from '../../../src/domain/alertDelivery.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';
import type { StoredDestination } from '../alerts/repo.ts';
import { HttpError } from '../lib/httpError.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { assertNoIssues, notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

/**
 * A destination as any GET shows it: its secrets masked. A webhook or Slack URL is one (whoever has
 * it may post): its scheme, host and port stay visible, the rest is masked (maskUrl).
 */
export function masked(destination: StoredDestination): Destination {
  const { url, botToken, unreadable: _unreadable, ...rest } = destination;
  return {
    ...rest,
    ...(url === undefined ? {} : { url: maskUrl(url) }),
    ...(botToken === undefined ? {} : { botToken: maskSecret(botToken) }),
  };
}

/** A destination as the user log (and its newUserLog event) keeps it: no bot token at all, a URL masked as GET shows it. */
function forLog(destination: StoredDestination): Record<string, unknown> {
  const { url, botToken: _token, unreadable: _unreadable, ...rest } = destination;
  return { ...rest, ...(url === undefined ? {} : { url: maskUrl(url) }) };
}

const secretOf = (d: StoredDestination | undefined) => (d ? `${d.kind === 'telegram' ? '' : (d.url ?? '')}|${d.botToken ?? ''}` : '');
const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
/** What a bot token may hold: it goes into the request path. */
const BOT_TOKEN = /^[A-Za-z0-9:_-]+$/;

/**
 * docs/protocol.md "Alerts delivery": a stored secret is only sent to the address it was saved with.
 * A masked secret sent back with another address would otherwise follow it, and the user log would
 * show only the address change.
 */
const TOKEN_MOVED = 'enter the bot token again: it is only sent to the address it was saved with';
const URL_MOVED = 'enter the whole URL again: its secret part is only sent to the address it was saved with';
const URL_MASKED = 'enter the whole URL: a masked one only keeps the stored URL, unchanged';
/** A secret stored encrypted that could not be read (alerts/secrets.ts): the Admin enters it again. */
const UNREADABLE = (field: string) => `enter the ${field} again: the stored one could not be decrypted (SECRETS_KEY changed, or the data altered)`;
/**
 * A URL with user-info is refused rather than sent as Basic auth: fetch refuses such a URL outright,
 * the credentials would sit in the URL that masks and logs must then treat specially, and the
 * webhooks this serves (Slack, relays, chat tools) take their secret in the path or query.
 */
const URL_CREDENTIALS = 'a user name or password in the URL cannot be sent; put the secret in the path or query, as the receiving service gives it';

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
 * The list to store from a PUT: masked secrets sent back keep the stored ones, unless the address
 * they go to changed; each kind's fields checked, the URLs against the destination policy too; 400
 * naming them.
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
    const notFor = (field: keyof DestinationInput) => {
      if (input[field] !== undefined) issues.push({ field: at(field), message: `not a field of a ${input.kind} destination` });
    };
    if (input.kind === 'telegram') {
      notFor('url');
      const storedToken = before?.kind === 'telegram' ? before.botToken : undefined;
      const botToken = keepOrReplace(input.botToken, storedToken);
      const kept = storedToken !== undefined && botToken === storedToken && input.botToken !== storedToken;
      if (input.chatId === undefined) issues.push({ field: at('chatId'), message: 'required' });
      if (botToken === undefined) issues.push({ field: at('botToken'), message: before?.unreadable ? UNREADABLE('bot token') : 'required' });
      else if (kept && telegramBase(input.apiBase) !== telegramBase(before?.apiBase)) issues.push({ field: at('botToken'), message: TOKEN_MOVED });
      else if (!BOT_TOKEN.test(botToken)) issues.push({ field: at('botToken'), message: 'letters, digits, :, - and _ only' });
      const refusedBase = input.apiBase === undefined ? null : policyIssue(input.apiBase, allow);
      if (refusedBase) issues.push({ field: at('apiBase'), message: refusedBase });
      return {
        id,
        name: input.name,
        kind: input.kind,
        enabled: input.enabled,
        chatId: input.chatId,
        botToken,
        ...(input.apiBase ? { apiBase: input.apiBase } : {}),
        ...(input.commands ? { commands: true } : {}),
      };
    }
    notFor('chatId');
    notFor('botToken');
    notFor('apiBase');
    notFor('commands');
    // A webhook's URL and a Slack URL are the same kind of secret: one kept across a change between the two still goes to the same address.
    const { url, refused } = keepOrReplaceUrl(input.url, before?.kind === 'telegram' ? undefined : before?.url);
    if (refused === 'moved') issues.push({ field: at('url'), message: URL_MOVED });
    else if (refused === 'masked') issues.push({ field: at('url'), message: before?.unreadable ? UNREADABLE('whole URL') : URL_MASKED });
    else if (url === undefined) issues.push({ field: at('url'), message: before?.unreadable ? UNREADABLE('whole URL') : 'required' });
    else if (!isHttpUrl(url)) issues.push({ field: at('url'), message: 'must be an http(s) URL' });
    else if (new URL(url).username !== '' || new URL(url).password !== '') issues.push({ field: at('url'), message: URL_CREDENTIALS });
    else {
      const refusedUrl = policyIssue(url, allow);
      if (refusedUrl) issues.push({ field: at('url'), message: refusedUrl });
    }
    return { id, name: input.name, kind: input.kind, enabled: input.enabled, ...(url === undefined ? {} : { url }) };
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
    // Its secret could not be decrypted (alerts/secrets.ts): nothing is sent, and the answer says why.
    if (destination.unreadable) return { ok: false, error: `${destination.unreadable}; enter it again and save` };
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
