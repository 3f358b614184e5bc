/**
 * The one way events reach sockets. A socket receives only the events it subscribed to (its
 * `events` query); the last payload of each cached event is kept for `eventCache`, and of each
 * keyed one (block heads, gas and balances per network…) the last payload per key.
 *
 * Broadcasts are coalesced: the events broadcast in one synchronous run (a simulator tick sends
 * dozens) are delivered together when it ends (a microtask), in broadcast order, none dropped;
 * who may receive each event name is worked out once per batch. Anything that reaches a
 * subscriber outside broadcast (emitTo, a subscriber joining or leaving) first delivers what is
 * pending, so no event overtakes another. Validation and the event cache are updated at once, as
 * the broadcast is made.
 *
 * With a fan-out (setFanOut), each event of a batch goes out in one call naming every subscriber
 * that may receive it, so the transport can encode it once for all of them (socket.io's
 * `io.to(ids).emit` writes one pre-encoded frame to each socket); without one, each subscriber's
 * send is called for each of its events.
 *
 * A subscriber that asked for batched delivery (docs/protocol.md "Batched delivery") receives the
 * run instead as one list of its events, at most BATCH_MAX_EVENTS to a list: one message where
 * there were dozens, which a browser handles as one task instead of one each. Subscribers with the
 * same role and subscription receive the same list, so each list is made, and encoded, once.
 */
import fp from 'fastify-plugin';
import {
  batchesOf,
  CACHED_EVENTS,
  KEYED_CACHED_EVENTS,
  ServerEvents,
  type KeyedCachedEvent,
  type ServerEventName,
  type ServerEventPayload,
} from '../../../src/contract/index.ts';
import { mayReceiveEvent } from '../auth/permissions.ts';

export interface Subscriber {
  readonly id: string;
  readonly role: string;
  readonly events: ReadonlySet<string>;
  send(event: ServerEventName, payload: unknown): void;
  /** Set when it asked for batched delivery: every broadcast then reaches it through this, as runs. */
  sendBatch?(deliveries: readonly Delivery[]): void;
}

/** Sends one event to the subscribers named, in one go. */
export type FanOut = (subscriberIds: readonly string[], event: ServerEventName, payload: unknown) => void;
/** Sends one run of events, as one batch, to the batched subscribers named, in one go. */
export type BatchFanOut = (subscriberIds: readonly string[], deliveries: readonly Delivery[]) => void;

export interface HubOptions {
  /** Check every payload against the contract (tests and development). */
  validate: boolean;
  /** Delivering a coalesced batch threw (there is no caller left to throw to). */
  onDeliveryError?: (err: unknown, subscriberIds: readonly string[]) => void;
}

export type Delivery = readonly [event: ServerEventName, payload: unknown];

const CACHED: ReadonlySet<ServerEventName> = new Set(CACHED_EVENTS);
/** Keys remembered per keyed event (tracked pools can be many); past it the oldest key goes. */
const KEYED_CACHE_MAX = 2000;

function isKeyed(event: ServerEventName): event is KeyedCachedEvent {
  return Object.hasOwn(KEYED_CACHED_EVENTS, event);
}
/** Checker results on screen are remembered so that clearing the cache can take them all down. */
const OPEN_CHECKER_RESULTS_MAX = 10_000;

export class Hub {
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly cache = new Map<ServerEventName, unknown>();
  private readonly keyedCache = new Map<KeyedCachedEvent, Map<string, unknown>>();
  private readonly checkerResults = new Set<string>();
  private readonly validate: boolean;
  private readonly onDeliveryError: (err: unknown, subscriberIds: readonly string[]) => void;
  private fanOut: FanOut | undefined;
  private batchFanOut: BatchFanOut | undefined;
  private readonly observers = new Set<(event: ServerEventName, payload: unknown) => void>();
  private pending: Delivery[] = [];
  /** runKey's, worked out once per subscriber (its role and subscription do not change). */
  private readonly runKeys = new WeakMap<Subscriber, string>();
  private flushQueued = false;
  /**
   * Coalesce broadcasts (the default). Off, each broadcast is delivered as it is made: the fan-out
   * benchmark's baseline.
   */
  coalesce = true;

  constructor(options: HubOptions) {
    this.validate = options.validate;
    this.onDeliveryError =
      options.onDeliveryError ??
      ((err) => {
        throw err;
      });
  }

  add(subscriber: Subscriber): void {
    // What was broadcast before it joined is not its to receive.
    this.flush();
    this.subscribers.set(subscriber.id, subscriber);
  }

  remove(id: string): void {
    this.flush();
    this.subscribers.delete(id);
  }

  /**
   * Delivers broadcasts through `fanOut` (one call per event for all its receivers) and runs to
   * batched subscribers through `batchFanOut` (one call per distinct run), or through each
   * subscriber's send and sendBatch.
   */
  setFanOut(fanOut: FanOut | undefined, batchFanOut?: BatchFanOut): void {
    this.flush();
    this.fanOut = fanOut;
    this.batchFanOut = batchFanOut;
  }

  /** Calls `observer` with every broadcast as it is made (the network series recorder; the server's
   * own alert evaluator). Returns the unsubscribe. */
  observe(observer: (event: ServerEventName, payload: unknown) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  broadcast<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    for (const observer of this.observers) observer(event, payload);
    if (CACHED.has(event)) this.cache.set(event, payload);
    if (isKeyed(event)) this.cacheByKey(event, payload);
    this.trackCheckerResults(event, payload);
    this.pending.push([event, payload]);
    if (!this.coalesce) {
      this.flush();
    } else if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Sends to one subscriber, if it subscribed and may receive the event, after what is pending. */
  emitTo<E extends ServerEventName>(subscriber: Subscriber, event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    this.flush();
    if (this.mayReceive(subscriber, event)) subscriber.send(event, payload);
  }

  /** Delivers the pending broadcasts now, in order. */
  flush(): void {
    this.flushQueued = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const receivers = new Map<ServerEventName, Set<Subscriber>>();
    const receiversOf = (event: ServerEventName) => {
      let found = receivers.get(event);
      if (!found) {
        found = new Set([...this.subscribers.values()].filter((subscriber) => this.mayReceive(subscriber, event)));
        receivers.set(event, found);
      }
      return found;
    };
    const fanOut = this.fanOut;
    if (fanOut) {
      for (const [event, payload] of batch) {
        const ids = [...receiversOf(event)].filter((subscriber) => !subscriber.sendBatch).map((subscriber) => subscriber.id);
        if (ids.length > 0) this.guarded(ids, () => fanOut(ids, event, payload));
      }
    } else {
      for (const subscriber of this.subscribers.values()) {
        if (subscriber.sendBatch) continue;
        const mine = batch.filter(([event]) => receiversOf(event).has(subscriber));
        // One subscriber's failure must not keep the batch from the others.
        this.guarded([subscriber.id], () => {
          for (const [event, payload] of mine) subscriber.send(event, payload);
        });
      }
    }
    this.deliverRuns(batch, receiversOf);
  }

  /** The run to each batched subscriber: one list per role and subscription, split by batchesOf. */
  private deliverRuns(batch: readonly Delivery[], receiversOf: (event: ServerEventName) => ReadonlySet<Subscriber>): void {
    const groups = new Map<string, Subscriber[]>();
    for (const subscriber of this.subscribers.values()) {
      if (!subscriber.sendBatch) continue;
      const key = this.runKey(subscriber);
      const group = groups.get(key);
      if (group) group.push(subscriber);
      else groups.set(key, [subscriber]);
    }
    const batchFanOut = this.batchFanOut;
    for (const group of groups.values()) {
      const first = group[0] as Subscriber;
      const ids = group.map((subscriber) => subscriber.id);
      for (const part of batchesOf(batch.filter(([event]) => receiversOf(event).has(first)))) {
        if (batchFanOut) this.guarded(ids, () => batchFanOut(ids, part));
        else for (const subscriber of group) this.guarded([subscriber.id], () => subscriber.sendBatch?.(part));
      }
    }
  }

  /** Subscribers with the same key receive the same run: the same role and the same subscription. */
  private runKey(subscriber: Subscriber): string {
    let key = this.runKeys.get(subscriber);
    if (key === undefined) {
      key = `${subscriber.role}\n${[...subscriber.events].sort().join(',')}`;
      this.runKeys.set(subscriber, key);
    }
    return key;
  }

  /** The `eventCache` payload: the last payload of each cached event, the list of the last per key of each keyed one. */
  cached(): Record<string, unknown> {
    return Object.fromEntries(this.cachedEntries());
  }

  /** The cache as one subscriber may see it: only the events it subscribed to and its role may receive. */
  cachedFor(subscriber: Subscriber): Record<string, unknown> {
    return Object.fromEntries(this.cachedEntries().filter(([event]) => this.mayReceive(subscriber, event)));
  }

  private cachedEntries(): [ServerEventName, unknown][] {
    return [...this.cache, ...[...this.keyedCache].map(([event, byKey]): [ServerEventName, unknown] => [event, [...byKey.values()]])];
  }

  private cacheByKey<E extends KeyedCachedEvent>(event: E, payload: unknown): void {
    const keyOf = KEYED_CACHED_EVENTS[event] as (payload: unknown) => string;
    let byKey = this.keyedCache.get(event);
    if (!byKey) {
      byKey = new Map();
      this.keyedCache.set(event, byKey);
    }
    const key = keyOf(payload);
    // Re-inserted, so the Map's first key is the one least recently updated.
    byKey.delete(key);
    byKey.set(key, payload);
    if (byKey.size > KEYED_CACHE_MAX) {
      const oldest = byKey.keys().next();
      if (!oldest.done) byKey.delete(oldest.value);
    }
  }

  /** iterIds of the checker results added and not yet deleted (POST /settings/cache/results/clear). */
  openCheckerResults(): string[] {
    return [...this.checkerResults];
  }

  private trackCheckerResults(event: ServerEventName, payload: unknown): void {
    if (event !== 'checkerAddResults' && event !== 'checkerDeleteResults') return;
    const { iterId } = payload as { iterId: string };
    if (event === 'checkerDeleteResults') {
      this.checkerResults.delete(iterId);
      return;
    }
    if (this.checkerResults.size >= OPEN_CHECKER_RESULTS_MAX) {
      const oldest = this.checkerResults.values().next();
      if (!oldest.done) this.checkerResults.delete(oldest.value);
    }
    this.checkerResults.add(iterId);
  }

  private guarded(ids: readonly string[], deliver: () => void): void {
    try {
      deliver();
    } catch (err) {
      this.onDeliveryError(err, ids);
    }
  }

  /** What it subscribed to, of what its role may receive: EVENT_ACCESS of the access table (§6). */
  private mayReceive(subscriber: Subscriber, event: ServerEventName): boolean {
    return subscriber.events.has(event) && mayReceiveEvent(event, subscriber.role);
  }

  private check(event: ServerEventName, payload: unknown): void {
    if (!this.validate) return;
    const result = ServerEvents[event].safeParse(payload);
    if (!result.success) throw new Error(`payload of ${event} breaks the contract: ${result.error.message}`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

export default fp<{ validateEvents: boolean }>(
  async (app, options) => {
    app.decorate(
      'hub',
      new Hub({
        validate: options.validateEvents,
        onDeliveryError: (err, subscriberIds) => app.log.error({ err, subscriberIds }, 'socket event delivery failed'),
      }),
    );
  },
  { name: 'hub' },
);
