/**
 * One dispatch table over the typed server events of docs/protocol.md. Every payload is parsed with its
 * contract schema first; an unknown event or a malformed payload is logged (console.warn) and
 * dropped, never thrown. Handlers only compute immutable patches of the touched branch.
 */
import type { z } from 'zod';
import {
  BACKGROUND_DEFAULT_S, BACKGROUND_MAX_S, BACKGROUND_MIN_S,
} from '../config/constants.ts';
import {
  BatchEntry, Bridge, eventCachePayloads, InitPayload, isServerEventName, ServerEvents, summarizeIssues, Token, TxConfirmation, type ServerEventName,
  type ServerEventPayload,
} from '../contract/index.ts';
import type { LiveNotifier } from './ports.ts';
import { keepIfEqual } from './equal.ts';
import {
  ACTIVE_ALERTS_MAX, CHECKER_RESULTS_MAX, STUCK_TRADES_MAX, TRACKING_ERRORS_MAX, TRACKING_RESULTS_MAX, USER_LOGS_MAX,
} from './liveState.ts';
import type { LiveStore } from './liveStore.ts';
import { LIVE_COLLECTION_NAMES, LIVE_COLLECTIONS, type LiveCollectionName } from './liveCollections.ts';

export interface HandlerContext {
  store: LiveStore;
  now: () => number;
  notifier: LiveNotifier;
  /** §4 stopReconnect: the service sets the reconn flag to "0". */
  stopReconnect: () => void;
  logger: Pick<Console, 'warn' | 'error'>;
}

type Handler<E extends ServerEventName> = (payload: ServerEventPayload<E>, ctx: HandlerContext) => void;

type Spec = (typeof LIVE_COLLECTIONS)[LiveCollectionName];
/** The events whose handlers are derived from LIVE_COLLECTIONS rather than written out. */
type DerivedEvent =
  | (Spec extends infer S ? (S extends { upsertOn: readonly (infer E)[] } ? E : never) : never)
  | (Spec extends infer S ? (S extends { removeOn: readonly (infer E)[] } ? E : never) : never);
type HandlerTable = { [E in Exclude<ServerEventName, DerivedEvent>]: Handler<E> };
type AnyHandler = (payload: unknown, ctx: HandlerContext) => void;

/**
 * The handlers of LIVE_COLLECTIONS' events, one shape for all: an upsert replaces the record of
 * the payload's id (keeping the old object when nothing changed), a remove deletes it.
 */
function collectionHandlers(): Record<string, AnyHandler> {
  const derived: Record<string, AnyHandler> = {};
  for (const name of LIVE_COLLECTION_NAMES) {
    const spec: { stateKey: string; idField: string; upsertOn?: readonly string[]; removeOn?: readonly string[] } = LIVE_COLLECTIONS[name];
    if (spec.stateKey !== 'allTokens' && spec.stateKey !== 'bridges') continue;
    const key = spec.stateKey;
    const idOf = (payload: unknown) => String((payload as Record<string, unknown>)[spec.idField]);
    for (const event of spec.upsertOn ?? []) {
      derived[event] = (payload, { store }) => {
        const id = idOf(payload);
        store.update((s) => {
          const records = s[key] as Readonly<Record<string, unknown>>;
          return { [key]: { ...records, [id]: keepIfEqual(records[id], payload) } };
        });
      };
    }
    for (const event of spec.removeOn ?? []) {
      derived[event] = (payload, { store }) => {
        store.update((s) => {
          const records = without(s[key] as Readonly<Record<string, unknown>>, idOf(payload));
          return records ? { [key]: records } : null;
        });
      };
    }
  }
  return derived;
}

/**
 * docs/protocol.md "eventCache": eventCache holds the last payload of each cached event, replayed
 * through the same handlers. Which events are cached is the server's choice (the reference server
 * caches state, not one-off toasts); only the envelopes themselves are never replayed.
 */
const NOT_REPLAYED: ReadonlySet<ServerEventName> = new Set<ServerEventName>(['init', 'eventCache']);

/** Sets `key` (re-inserted last) and drops the oldest entries beyond `max`. */
/** docs/protocol.md "Alerts lifecycle": pending or firing; a resolved alert leaves the live list. */
const isActive = (alert: { state: string }): boolean => alert.state !== 'resolved';

function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number): Map<string, V> {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
  return map;
}

function without<V>(rec: Readonly<Record<string, V>>, key: string): Record<string, V> | null {
  if (!Object.prototype.hasOwnProperty.call(rec, key)) return null;
  const next: Record<string, V> = { ...rec };
  delete next[key];
  return next;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Applies the parts of init that are present (all of them, unless some were malformed). */
function applyInit(p: Partial<InitPayload>, { store, now }: HandlerContext): void {
  store.update((s) => ({
    initialised: true,
    ...(p.devMode !== undefined && { devMode: p.devMode }),
    ...(p.msRemainingBeforeDisconnect !== undefined && {
      msRemainingBeforeDisconnect: p.msRemainingBeforeDisconnect,
      sessionDeadline: now() + p.msRemainingBeforeDisconnect,
    }),
    ...(p.allTokens && { allTokens: keepIfEqual(s.allTokens, p.allTokens) }),
    ...(p.competitors && { competitors: keepIfEqual(s.competitors, p.competitors) }),
    ...(p.bridges && { bridges: keepIfEqual(s.bridges, p.bridges) }),
    ...(p.miscSettings && { miscSettings: keepIfEqual(s.miscSettings, p.miscSettings) }),
    ...(p.brainState && { brainState: keepIfEqual(s.brainState, p.brainState) }),
    ...(p.awsGroups && { awsGroups: keepIfEqual(s.awsGroups, p.awsGroups) }),
    ...(p.connectedServices && { connectedServices: keepIfEqual(s.connectedServices, p.connectedServices) }),
    ...(p.alerts && { alerts: new Map(p.alerts.filter(isActive).slice(0, ACTIVE_ALERTS_MAX).map((alert) => [alert.id, alert])) }),
  }));
}

/** Of a record of entries, those that parse; each one that does not is logged and left out. */
function validEntries<T>(raw: unknown, schema: z.ZodType<T>, what: string, logger: HandlerContext['logger']): Record<string, T> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const kept: Record<string, T> = {};
  for (const [key, value] of Object.entries(raw)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
    else logger.warn(`[realtime] malformed init ${what} "${key}" dropped: ${summarizeIssues(parsed.error)}`);
  }
  return kept;
}

/**
 * An init that does not parse as a whole is taken apart rather than lost (the console would stay
 * empty until the next one): every field that parses is applied, and a malformed token or bridge
 * drops only itself. Each dropped part is logged.
 */
export function salvageInit(raw: unknown, logger: HandlerContext['logger']): Partial<InitPayload> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const fields = raw as Record<string, unknown>;
  const partial: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(InitPayload.shape)) {
    if (key === 'allTokens' || key === 'bridges') continue;
    const parsed = (schema as z.ZodType).safeParse(fields[key]);
    if (parsed.success) partial[key] = parsed.data;
    else logger.warn(`[realtime] malformed init field "${key}" dropped: ${summarizeIssues(parsed.error)}`);
  }
  const allTokens = validEntries(fields.allTokens, Token, 'token', logger);
  const bridges = validEntries(fields.bridges, Bridge, 'bridge', logger);
  if (allTokens) partial.allTokens = allTokens;
  if (bridges) partial.bridges = bridges;
  return Object.keys(partial).length > 0 ? (partial as Partial<InitPayload>) : null;
}

/**
 * A txConfirmed that does not parse as a whole keeps what does: each well-formed tx still gets its
 * toast and profit check, an integer errCode still gets its §8 toast. Each dropped part is logged.
 */
export function salvageTxConfirmed(raw: unknown, logger: HandlerContext['logger']): ServerEventPayload<'txConfirmed'> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { txs, errCode } = raw as Record<string, unknown>;
  const kept: Record<string, TxConfirmation> = {};
  if (typeof txs === 'object' && txs !== null && !Array.isArray(txs)) {
    for (const [key, value] of Object.entries(txs)) {
      const parsed = TxConfirmation.safeParse(value);
      if (parsed.success) kept[key] = parsed.data;
      else logger.warn(`[realtime] malformed txConfirmed tx "${key}" dropped: ${summarizeIssues(parsed.error)}`);
    }
  }
  const code = Number.isInteger(errCode) ? (errCode as number) : undefined;
  if (errCode !== undefined && errCode !== null && code === undefined) logger.warn('[realtime] malformed txConfirmed errCode dropped');
  if (Object.keys(kept).length === 0 && code === undefined) return null;
  return code === undefined ? { txs: kept } : { txs: kept, errCode: code };
}

const handlers: HandlerTable = {
  init(p, ctx) {
    applyInit(p, ctx);
  },
  eventCache(p, ctx) {
    for (const [name, value] of Object.entries(p)) {
      if (isServerEventName(name) && NOT_REPLAYED.has(name)) {
        ctx.logger.warn(`[realtime] eventCache entry "${name}" is not replayable, ignored`);
        continue;
      }
      // docs/protocol.md "eventCache": one payload, or the last payload per key (block heads, gas, balances per network…).
      const payloads = isServerEventName(name) ? eventCachePayloads(name, value) : [value];
      for (const payload of payloads) dispatchServerEvent(name, payload, ctx);
    }
  },
  // §5 brain state is stored only when different.
  brainState(p, { store }) {
    store.update((s) => ({ brainState: keepIfEqual(s.brainState, p) }));
  },
  cloudUpdateDone(p, { store }) {
    store.update((s) => ({ awsGroups: keepIfEqual(s.awsGroups, p) }));
  },
  connectedUsers(p, { store }) {
    store.update((s) => ({ connectedUsers: keepIfEqual(s.connectedUsers, p) }));
  },
  connectedServices(p, { store }) {
    store.update((s) => ({ connectedServices: keepIfEqual(s.connectedServices, p) }));
  },
  miscSettingsUpdateDone(p, { store }) {
    store.update((s) => ({ miscSettings: keepIfEqual(s.miscSettings, p) }));
  },
  stopReconnect(_p, { stopReconnect }) {
    stopReconnect();
  },
  // §5 log entries are added only if their id is not already present.
  newUserLog(p, { store }) {
    store.update((s) =>
      s.userLogs.some((l) => l.id === p.id) ? null : { userLogs: [p, ...s.userLogs].slice(0, USER_LOGS_MAX) },
    );
  },
  command(p, { store, now, logger }) {
    if (p.name !== 'background') {
      logger.warn(`[realtime] unknown command "${p.name}" ignored`);
      return;
    }
    const seconds = clamp(p.seconds ?? BACKGROUND_DEFAULT_S, BACKGROUND_MIN_S, BACKGROUND_MAX_S);
    store.update(() => ({ backgroundUntil: now() + seconds * 1000 }));
  },
  notify(p, { notifier }) {
    notifier.notify(p);
  },
  sound(p, { notifier }) {
    notifier.sound(p);
  },
  // §4 bridge delete removes the bridge and merges the updated tokens into allTokens.
  bridgeDeleteDone(p, { store }) {
    store.update((s) => {
      const bridges = without(s.bridges, p.bridgeName) ?? s.bridges;
      const updated = Object.entries(p.tokens);
      if (updated.length === 0) return { bridges };
      const allTokens: Record<string, Token> = { ...s.allTokens };
      for (const [name, token] of updated) allTokens[name] = keepIfEqual(s.allTokens[name], token);
      return { bridges, allTokens };
    });
  },
  // §4 a checker-result add stores by iterId and a delete removes it.
  checkerAddResults(p, { store }) {
    store.update((s) => {
      const prev = s.checkerRes.get(p.iterId);
      const next = keepIfEqual(prev, p);
      return next === prev ? null : { checkerRes: setBounded(store.draftMap(s.checkerRes), p.iterId, next, CHECKER_RESULTS_MAX) };
    });
  },
  checkerDeleteResults(p, { store }) {
    store.update((s) => {
      if (!s.checkerRes.has(p.iterId)) return null;
      const checkerRes = store.draftMap(s.checkerRes);
      checkerRes.delete(p.iterId);
      return { checkerRes };
    });
  },
  // §4 the block button measures time since the number last changed.
  newBlock({ network, num }, { store, now }) {
    store.update((s) =>
      s.newHeads[network]?.num === num ? null : { newHeads: { ...s.newHeads, [network]: { num, changedAt: now() } } },
    );
  },
  // §5 gas and balance are stored only when different.
  gas({ network, gasEstimate }, { store }) {
    store.update((s) =>
      s.gasEstimate[network] === gasEstimate ? null : { gasEstimate: { ...s.gasEstimate, [network]: gasEstimate } },
    );
  },
  balance({ network, balance }, { store }) {
    store.update((s) => (s.balance[network] === balance ? null : { balance: { ...s.balance, [network]: balance } }));
  },
  secondBalance({ address, network, balance }, { store }) {
    store.update((s) => {
      const byNetwork = s.secondaryBalance[address] ?? {};
      if (byNetwork[network] === balance) return null;
      return { secondaryBalance: { ...s.secondaryBalance, [address]: { ...byNetwork, [network]: balance } } };
    });
  },
  workerIterationResult(p, { store }) {
    store.update((s) => {
      const prev = s.trackingResults.get(p.key);
      const next = keepIfEqual(prev, p);
      return next === prev
        ? null
        : { trackingResults: setBounded(store.draftMap(s.trackingResults), p.key, next, TRACKING_RESULTS_MAX) };
    });
  },
  workerIterationError({ key, error }, { store, now }) {
    store.update((s) =>
      s.trackingErrors.get(key)?.error === error
        ? null
        : { trackingErrors: setBounded(store.draftMap(s.trackingErrors), key, { error, at: now() }, TRACKING_ERRORS_MAX) },
    );
  },
  workerStats(p, { store }) {
    store.update(() => ({ workerStats: p }));
  },
  analytics(p, { store }) {
    store.update(() => ({ analytics: p }));
  },
  events(p, { store }) {
    store.update(() => ({ events: p }));
  },
  lpStats(p, { store }) {
    store.update(() => ({ lpStats: p }));
  },
  eventerStats(p, { store }) {
    store.update(() => ({ eventerStats: p }));
  },
  txSent(p, { notifier, store }) {
    notifier.txSent(p);
    store.announce('txs');
    store.announce('trades');
  },
  txConfirmed(p, { notifier, store }) {
    notifier.txConfirmed(p);
    store.announce('txs');
    store.announce('trades');
  },
  // docs/protocol.md "Trades": told once when a trade becomes stuck, and when it moves on.
  tradeStuck({ tradeId, step, pendingMs, expectedMs }, { store, now }) {
    store.update((s) => ({
      stuckTrades: setBounded(store.draftMap(s.stuckTrades), tradeId, { step, pendingMs, expectedMs, since: now() }, STUCK_TRADES_MAX),
    }));
    store.announce('trades');
  },
  alertChanged(alert, { store }) {
    store.update((s) => {
      const was = s.alerts?.get(alert.id);
      if (!isActive(alert) && !was) return null;
      const alerts = new Map(s.alerts ?? []);
      if (isActive(alert)) setBounded(alerts, alert.id, alert, ACTIVE_ALERTS_MAX);
      else alerts.delete(alert.id);
      return { alerts };
    });
  },
  silencesChanged({ data }, { store }) {
    store.update((s) => (keepIfEqual(s.silences, data) === s.silences ? null : { silences: data }));
  },
  tradeUnstuck({ tradeId }, { store }) {
    store.update((s) => {
      if (!s.stuckTrades.has(tradeId)) return null;
      const stuckTrades = store.draftMap(s.stuckTrades);
      stuckTrades.delete(tradeId);
      return { stuckTrades };
    });
    store.announce('trades');
  },
};

const allHandlers: Record<string, AnyHandler> = { ...(handlers as unknown as Record<string, AnyHandler>), ...collectionHandlers() };

/**
 * Events whose malformed payload still carries parts worth applying (init: each record; txConfirmed:
 * each tx and the errCode). Their handlers take the salvaged, partial payload.
 */
const SALVAGE: Partial<Record<ServerEventName, (raw: unknown, logger: HandlerContext['logger']) => unknown>> = {
  init: salvageInit,
  txConfirmed: salvageTxConfirmed,
};

/**
 * Parse and apply one server event. Returns whether it was applied. Never throws: a bad event is
 * a warning, a failing handler (a bug here, not bad input) is an error log.
 */
export function dispatchServerEvent(name: string, raw: unknown, ctx: HandlerContext): boolean {
  if (!isServerEventName(name)) {
    ctx.logger.warn(`[realtime] unknown event "${name}" dropped`);
    return false;
  }
  const parsed = ServerEvents[name].safeParse(raw);
  let payload: unknown = parsed.data;
  if (!parsed.success) {
    const salvage = SALVAGE[name];
    if (!salvage) {
      ctx.logger.warn(`[realtime] malformed "${name}" payload dropped: ${summarizeIssues(parsed.error)}`);
      return false;
    }
    ctx.logger.warn(`[realtime] malformed "${name}" payload, applying the parts that parse: ${summarizeIssues(parsed.error)}`);
    payload = salvage(raw, ctx.logger);
    if (payload === null) return false;
  }
  // The tables are keyed by the same name the schema was chosen by; TypeScript cannot correlate the
  // two through the union, hence the common handler shape.
  const handler = allHandlers[name];
  if (!handler) {
    ctx.logger.warn(`[realtime] no handler for "${name}", dropped`);
    return false;
  }
  try {
    handler(payload, ctx);
    return true;
  } catch (err) {
    ctx.logger.error(`[realtime] handler for "${name}" failed:`, err);
    return false;
  }
}

/**
 * Applies a `batch` message (docs/protocol.md "Batched delivery"): each entry in order, as if it had
 * come on its own. A payload that is not a list is dropped whole; an entry that is not an
 * `[eventName, payload]` pair is dropped alone, and the others still apply.
 */
export function dispatchBatch(raw: unknown, ctx: HandlerContext): void {
  if (!Array.isArray(raw)) {
    ctx.logger.warn(`[realtime] malformed "batch" dropped: not a list of [event, payload] pairs`);
    return;
  }
  let malformed = 0;
  for (const entry of raw as unknown[]) {
    const parsed = BatchEntry.safeParse(entry);
    if (parsed.success) dispatchServerEvent(parsed.data[0], parsed.data[1], ctx);
    else malformed += 1;
  }
  if (malformed > 0) ctx.logger.warn(`[realtime] ${malformed} malformed "batch" entr${malformed === 1 ? 'y' : 'ies'} dropped: not [event, payload] pairs`);
}
