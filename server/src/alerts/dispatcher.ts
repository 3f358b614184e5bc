/**
 * Delivery that holds up (docs/protocol.md "Alerts delivery"): each destination has its own queue,
 * so a slow or failing one delays neither the others nor the caller (send() returns at once); a
 * message is retried with exponential backoff on a 5xx, a timeout or no connection, never on a 4xx;
 * each destination gets at most a bounded number a minute, and one summary says how many were held
 * back. Every message is in the delivery log with its attempts and its error. The timings are
 * options, so tests run fast.
 */
import { randomUUID } from 'node:crypto';
import {
  ALERT_DELIVERY_BACKOFF_BASE_MS,
  ALERT_DELIVERY_MAX_ATTEMPTS,
  ALERT_DELIVERY_PER_MINUTE,
  ALERT_DELIVERY_TIMEOUT_MS,
  ALERT_DELIVERY_WINDOW_MS,
} from '../../../src/config/alertDelivery.ts';
import type { Delivery } from '../../../src/contract/alertDelivery.ts';
import {
  backoffMs,
  emptyRateWindow,
  heldBackText,
  RATE_LIMIT_RULE,
  rateStep,
  retryable,
  type AttemptResult,
  type RateWindow,
} from '../../../src/domain/alertDelivery.ts';
import { destinationPolicy, type DestinationPolicy } from './outbound.ts';
import type { AlertRepo, StoredDestination } from './repo.ts';
import { attempt as attemptOnce, type AlertMessage } from './send.ts';

export interface DeliveryTimings {
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  perMinute: number;
  windowMs: number;
}

export const DELIVERY_TIMINGS_DEFAULT: DeliveryTimings = {
  timeoutMs: ALERT_DELIVERY_TIMEOUT_MS,
  maxAttempts: ALERT_DELIVERY_MAX_ATTEMPTS,
  backoffBaseMs: ALERT_DELIVERY_BACKOFF_BASE_MS,
  perMinute: ALERT_DELIVERY_PER_MINUTE,
  windowMs: ALERT_DELIVERY_WINDOW_MS,
};

export interface DispatcherOptions {
  repo: AlertRepo;
  now: () => number;
  timings: DeliveryTimings;
  /** A delivery's bookkeeping failed (the database closed under it): nothing to throw to. */
  onError: (err: unknown, destinationId: string) => void;
  /** Where deliveries may go (outbound.ts); without it nothing private is allowed. */
  policy?: DestinationPolicy;
}

interface Lane {
  tail: Promise<void>;
  window: RateWindow;
  summaryTimer: NodeJS.Timeout | undefined;
}

export class Dispatcher {
  private destinations: StoredDestination[] = [];
  private readonly lanes = new Map<string, Lane>();
  private readonly sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private closed = false;
  private readonly policy: DestinationPolicy;

  constructor(private readonly options: DispatcherOptions) {
    this.policy = options.policy ?? destinationPolicy();
  }

  setDestinations(list: readonly StoredDestination[]): void {
    this.destinations = [...list];
  }

  /** The destinations as stored (secrets whole: never send them to a client). */
  list(): readonly StoredDestination[] {
    return this.destinations;
  }

  /** The message to every enabled destination, each on its own queue; returns at once. */
  send(message: AlertMessage): void {
    for (const destination of this.destinations) {
      if (destination.enabled) this.enqueue(destination, message);
    }
  }

  /**
   * One attempt of a test message to a destination, recorded in the delivery log; counted in its
   * rate limit, so tests cannot flood it: null when the limit holds it back.
   */
  async test(destination: StoredDestination, message: AlertMessage): Promise<AttemptResult | null> {
    const lane = this.lane(destination.id);
    const step = rateStep(lane.window, this.options.now(), this.options.timings.perMinute, this.options.timings.windowMs);
    if (!step.send) return null;
    lane.window = step.window;
    const delivery = this.record(destination, message);
    await this.options.repo.addDelivery(delivery);
    const result = await attemptOnce(destination, message, this.options.timings.timeoutMs, this.policy);
    await this.options.repo.updateDelivery(delivery.id, { ok: result.ok, attempts: 1, error: result.error });
    return result;
  }

  /** Resolves when every queue is empty (tests; a clean shutdown). */
  async idle(): Promise<void> {
    let before: Promise<void>[] = [];
    for (;;) {
      const tails = [...this.lanes.values()].map((lane) => lane.tail);
      if (tails.length === before.length && tails.every((tail, i) => tail === before[i])) return;
      before = tails;
      await Promise.all(tails);
    }
  }

  /** Stops: waits in backoff end now and no new try starts. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) clearTimeout(lane.summaryTimer);
    for (const sleeper of this.sleeping) {
      clearTimeout(sleeper.timer);
      sleeper.wake();
    }
    this.sleeping.clear();
  }

  private lane(id: string): Lane {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = { tail: Promise.resolve(), window: emptyRateWindow(), summaryTimer: undefined };
      this.lanes.set(id, lane);
    }
    return lane;
  }

  private enqueue(destination: StoredDestination, message: AlertMessage): void {
    if (this.closed) return;
    const { perMinute, windowMs } = this.options.timings;
    const lane = this.lane(destination.id);
    const step = rateStep(lane.window, this.options.now(), perMinute, windowMs);
    lane.window = step.window;
    if (step.summary > 0) {
      clearTimeout(lane.summaryTimer);
      lane.summaryTimer = undefined;
      this.queue(lane, destination, this.summary(step.summary, message.startedAt));
    }
    if (step.send) {
      this.queue(lane, destination, message);
      return;
    }
    // Held back: the summary goes when the window closes, even if nothing else comes.
    lane.summaryTimer ??= setTimeout(() => {
      lane.summaryTimer = undefined;
      const held = lane.window.heldBack;
      if (held === 0 || this.closed) return;
      lane.window = { startedAt: this.options.now(), sent: 1, heldBack: 0 };
      this.queue(lane, destination, this.summary(held, this.options.now()));
    }, windowMs);
    lane.summaryTimer.unref();
  }

  private summary(count: number, at: number): AlertMessage {
    return { status: 'firing', rule: RATE_LIMIT_RULE, text: heldBackText(count, this.options.timings.perMinute), startedAt: at };
  }

  private queue(lane: Lane, destination: StoredDestination, message: AlertMessage): void {
    lane.tail = lane.tail
      .then(() => this.deliver(destination, message))
      .catch((err: unknown) => this.options.onError(err, destination.id));
  }

  private record(destination: StoredDestination, message: AlertMessage): Delivery {
    return {
      id: randomUUID(),
      at: this.options.now(),
      destinationId: destination.id,
      rule: message.rule,
      status: message.status,
      text: message.text,
      ok: false,
      attempts: 0,
    };
  }

  private async deliver(destination: StoredDestination, message: AlertMessage): Promise<void> {
    if (this.closed) return;
    const { maxAttempts, timeoutMs, backoffBaseMs } = this.options.timings;
    const delivery = this.record(destination, message);
    await this.options.repo.addDelivery(delivery);
    for (let tries = 1; tries <= maxAttempts; tries++) {
      const result = await attemptOnce(destination, message, timeoutMs, this.policy);
      const again = retryable(result) && tries < maxAttempts && !this.closed;
      const error = result.error === undefined ? undefined : again ? `${result.error}; trying again` : result.error;
      if (!this.closed) await this.options.repo.updateDelivery(delivery.id, { ok: result.ok, attempts: tries, error });
      if (!again) return;
      await this.sleep(backoffMs(tries, backoffBaseMs));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.sleeping.delete(sleeper);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.sleeping.add(sleeper);
    });
  }
}
