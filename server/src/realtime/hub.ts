/**
 * The one way events reach sockets. A socket receives only the events it subscribed to (its
 * `events` query); the last payload of each cached event is kept for `eventCache`.
 */
import fp from 'fastify-plugin';
import { ADMIN_ROLE } from '../../../src/config/enums.ts';
import {
  CACHED_EVENTS,
  ServerEvents,
  type ServerEventName,
  type ServerEventPayload,
} from '../../../src/contract/index.ts';

export interface Subscriber {
  readonly id: string;
  readonly role: string;
  readonly events: ReadonlySet<string>;
  send(event: ServerEventName, payload: unknown): void;
}

/** User logs are admin-only over REST (SPEC §6), so their live feed is too. */
const ADMIN_ONLY_EVENTS: ReadonlySet<ServerEventName> = new Set(['newUserLog']);
const CACHED: ReadonlySet<ServerEventName> = new Set(CACHED_EVENTS);
/** Checker results on screen are remembered so that clearing the cache can take them all down. */
const OPEN_CHECKER_RESULTS_MAX = 10_000;

export class Hub {
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly cache = new Map<ServerEventName, unknown>();
  private readonly checkerResults = new Set<string>();

  /** validate: check every payload against the contract (tests and development). */
  constructor(private readonly validate: boolean) {}

  add(subscriber: Subscriber): void {
    this.subscribers.set(subscriber.id, subscriber);
  }

  remove(id: string): void {
    this.subscribers.delete(id);
  }

  broadcast<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    if (CACHED.has(event)) this.cache.set(event, payload);
    this.trackCheckerResults(event, payload);
    for (const subscriber of this.subscribers.values()) this.deliver(subscriber, event, payload);
  }

  /** Sends to one subscriber, if it subscribed and may receive the event. */
  emitTo<E extends ServerEventName>(subscriber: Subscriber, event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    this.deliver(subscriber, event, payload);
  }

  /** The `eventCache` payload: the last payload of each cached event broadcast so far. */
  cached(): Record<string, unknown> {
    return Object.fromEntries(this.cache);
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

  private deliver(subscriber: Subscriber, event: ServerEventName, payload: unknown): void {
    if (!subscriber.events.has(event)) return;
    if (ADMIN_ONLY_EVENTS.has(event) && subscriber.role !== ADMIN_ROLE) return;
    subscriber.send(event, payload);
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
    app.decorate('hub', new Hub(options.validateEvents));
  },
  { name: 'hub' },
);
