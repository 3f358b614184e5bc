/**
 * Delivery that holds up (docs/protocol.md "Alerts delivery"), from a durable outbox: the delivery
 * log. A message is written there, pending, with its body, in the same transaction as the alert's
 * change that produced it (evaluator.ts hands `prepare`'s rows to repo.saveAlert); test sends and
 * rate-limit summaries are rows of the same table. The dispatcher only takes rows from the table
 * and writes back what became of them, so a restart (even after SIGKILL) resumes: rows pending are
 * tried when due, rows in flight are tried again (at least once: the destination may have got it;
 * a webhook's `deliveryId` lets it drop the repeat), and every row ends `ok` or `failed` with its
 * reason in words.
 *
 * The policy, per destination (one "lane" each, so a slow or failing destination delays only its
 * own messages, and send() never waits for any of them):
 * - One try at a time per destination: a destination that is down is not hammered, and a healthy
 *   one gets its messages in order.
 * - Each row has a next-attempt time. The lane takes the due row that was never tried first, then
 *   the due retries by their time: a fresh message waits for at most the try in flight (at most the
 *   timeout, 10 s; a 5xx answers in milliseconds) and the fresh ones before it (at most the rate
 *   limit's 20 a minute), never for another message's backoff. Between tries the lane sleeps until
 *   its earliest due row and wakes at once when a new row is written.
 * - A retry (on a 5xx, a timeout, no connection; never on a 4xx) is due after the backoff (20 s,
 *   40 s, 80 s…; six tries in all); past its tries the row fails, saying so. Retries due together
 *   go one after another, so under a backlog a retry may come later than its backoff, not sooner.
 * - The rate limit (rateStep) is decided when a message is written, as before: past it the row is
 *   written failed "held back", and one summary row follows when the window closes.
 * - At most `queueMax` rows wait per destination: past it the oldest waiting fail "dropped: N
 *   messages queued for this destination". The oldest rather than the new one: the newest message
 *   says what holds now (a "resolved" among them), the oldest have had their tries; folding the new
 *   one into a summary would lose which alert it was.
 * - A destination removed or disabled: its waiting rows fail, saying so.
 *
 * The timings are options, so tests run fast; so are the clock of the timers (real time: a retry
 * waits real seconds even while a test holds the app's clock still) and the single try.
 */
import { randomUUID } from 'node:crypto';
import {
  ALERT_DELIVERY_BACKOFF_BASE_MS,
  ALERT_DELIVERY_CLOSE_WAIT_MS,
  ALERT_DELIVERY_MAX_ATTEMPTS,
  ALERT_DELIVERY_PER_MINUTE,
  ALERT_DELIVERY_QUEUE_MAX,
  ALERT_DELIVERY_TIMEOUT_MS,
  ALERT_DELIVERY_WINDOW_MS,
} from '../../../src/config/alertDelivery.ts';
import {
  afterAttempt,
  afterInterruption,
  DESTINATION_DISABLED_TEXT,
  DESTINATION_REMOVED_TEXT,
  emptyRateWindow,
  heldBackRowText,
  heldBackText,
  RATE_LIMIT_RULE,
  rateStep,
  type AttemptResult,
  type RateWindow,
} from '../../../src/domain/alertDelivery.ts';
import { destinationPolicy, type DestinationPolicy } from './outbound.ts';
import type { AlertRepo, NewDelivery, Outbox, StoredDestination } from './repo.ts';
import { attempt as attemptOnce, type AlertMessage } from './send.ts';

export interface DeliveryTimings {
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  perMinute: number;
  windowMs: number;
  /** Rows waiting per destination at most (ALERT_DELIVERY_QUEUE_MAX). */
  queueMax: number;
  /** How long close() waits for the tries in flight (ALERT_DELIVERY_CLOSE_WAIT_MS). */
  closeWaitMs: number;
}

export const DELIVERY_TIMINGS_DEFAULT: DeliveryTimings = {
  timeoutMs: ALERT_DELIVERY_TIMEOUT_MS,
  maxAttempts: ALERT_DELIVERY_MAX_ATTEMPTS,
  backoffBaseMs: ALERT_DELIVERY_BACKOFF_BASE_MS,
  perMinute: ALERT_DELIVERY_PER_MINUTE,
  windowMs: ALERT_DELIVERY_WINDOW_MS,
  queueMax: ALERT_DELIVERY_QUEUE_MAX,
  closeWaitMs: ALERT_DELIVERY_CLOSE_WAIT_MS,
};

export type AttemptFn = (destination: StoredDestination, message: AlertMessage, timeoutMs: number) => Promise<AttemptResult>;

export interface DispatcherOptions {
  repo: AlertRepo;
  /** The app's clock: stamps rows, runs the rate limit. */
  now: () => number;
  /** The clock timers run by, for next-attempt times (real time unless a test says otherwise). */
  timerNow?: () => number;
  timings: DeliveryTimings;
  /** A delivery's bookkeeping failed (the database closed under it): nothing to throw to. */
  onError: (err: unknown, destinationId: string) => void;
  /** One try (send.ts; tests count and answer tries without a network). */
  attempt?: AttemptFn;
  /** Where deliveries may go (outbound.ts); without it nothing private is allowed. */
  policy?: DestinationPolicy;
}

interface Lane {
  window: RateWindow;
  summaryTimer: NodeJS.Timeout | undefined;
  /** Taking and trying rows now. */
  running: Promise<void> | undefined;
  /** Something was written while running: look at the table again before stopping. */
  again: boolean;
  /** Asleep until its earliest row is due. */
  wake: NodeJS.Timeout | undefined;
}

export class Dispatcher {
  private destinations: StoredDestination[] = [];
  private readonly lanes = new Map<string, Lane>();
  /** Writes of rows not tied to an alert (sends, summaries, start-up): idle() waits for them. */
  private readonly writing = new Set<Promise<void>>();
  private readonly waiters = new Set<() => void>();
  /** No lane runs before resume(): a row in flight from before must be settled first. */
  private started = false;
  private closed = false;
  /** close() stopped waiting: a try answered after that is not recorded (the database may be gone). */
  private abandoned = false;
  private readonly policy: DestinationPolicy;

  constructor(private readonly options: DispatcherOptions) {
    this.policy = options.policy ?? destinationPolicy();
  }

  private get timerNow(): () => number {
    return this.options.timerNow ?? Date.now;
  }

  private get attemptFn(): AttemptFn {
    return this.options.attempt ?? ((destination, message, timeoutMs) => attemptOnce(destination, message, timeoutMs, this.policy));
  }

  setDestinations(list: readonly StoredDestination[]): void {
    this.destinations = [...list];
    // A destination removed or disabled: its waiting rows end failed (its lane says why).
    if (this.started) this.track(this.kickQueued());
  }

  /** The destinations as stored (secrets whole: never send them to a client). */
  list(): readonly StoredDestination[] {
    return this.destinations;
  }

  /**
   * On start: the rows in flight when the process stopped are tried again (or end failed when that
   * was their last try), then every destination with rows waiting is worked on.
   */
  async resume(): Promise<void> {
    const { maxAttempts } = this.options.timings;
    const now = this.timerNow();
    await this.options.repo.settleInterrupted((row) => afterInterruption(row.attempts, maxAttempts, row.message.status === 'test', now));
    this.started = true;
    await this.kickQueued();
  }

  /**
   * The rows one message makes, one per enabled destination, for the caller to write in its own
   * transaction (then call queued()): pending, or failed "held back" past the rate limit, with the
   * summary of the window before when a new one opens.
   */
  prepare(message: AlertMessage): Outbox | undefined {
    const rows: NewDelivery[] = [];
    for (const destination of this.destinations) {
      if (destination.enabled) rows.push(...this.rowsFor(destination, message));
    }
    return rows.length > 0 ? { rows, queueMax: this.options.timings.queueMax } : undefined;
  }

  /** Rows written (committed): their lanes look at the table now. */
  queued(outbox: Outbox | undefined): void {
    for (const id of new Set(outbox?.rows.map((row) => row.destinationId))) this.kick(id);
  }

  /** The message to every enabled destination, written to the outbox; not tied to an alert's change. */
  send(message: AlertMessage): Promise<void> {
    const outbox = this.prepare(message);
    return this.track(outbox ? this.options.repo.addDeliveries(outbox).then(() => this.queued(outbox)) : Promise.resolve());
  }

  /**
   * One attempt of a test message to a destination, recorded in the delivery log (in flight while
   * it is tried; never retried: its answer is the one try); counted in its rate limit, so tests
   * cannot flood it: null when the limit holds it back.
   */
  async test(destination: StoredDestination, message: AlertMessage): Promise<AttemptResult | null> {
    const lane = this.lane(destination.id);
    const step = rateStep(lane.window, this.options.now(), this.options.timings.perMinute, this.options.timings.windowMs);
    if (!step.send) return null;
    lane.window = step.window;
    const row = this.row(destination, message, 'sending');
    // A new window on one that held messages back: its summary is owed, test or not.
    const summary = step.summary > 0 ? [this.row(destination, this.summary(step.summary, message.startedAt), 'pending')] : [];
    if (summary.length > 0) {
      clearTimeout(lane.summaryTimer);
      lane.summaryTimer = undefined;
    }
    const outbox = { rows: [...summary, { ...row, attempts: 1 }], queueMax: this.options.timings.queueMax };
    await this.options.repo.addDeliveries(outbox);
    this.queued(outbox);
    const result = await this.attemptFn(destination, { ...message, deliveryId: row.id }, this.options.timings.timeoutMs);
    await this.options.repo.settleDelivery(row.id, afterAttempt(result, 1, 1, 0, this.timerNow()));
    return result;
  }

  /** Resolves when no row is waiting or in flight in any lane (tests; a clean shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.writing.size > 0) {
        await Promise.all(this.writing);
        continue;
      }
      if (![...this.lanes.values()].some((lane) => lane.running !== undefined || lane.wake !== undefined)) return;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }

  /**
   * Stops: no new try starts; the tries in flight get `closeWaitMs` to be answered and recorded.
   * One still unanswered stays in flight in the log and is tried again after the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) {
      clearTimeout(lane.summaryTimer);
      clearTimeout(lane.wake);
      lane.wake = undefined;
    }
    const running = [...this.lanes.values()].flatMap((lane) => (lane.running ? [lane.running] : []));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.timings.closeWaitMs);
    });
    await Promise.race([Promise.all(running), waited]);
    clearTimeout(timer);
    this.abandoned = true;
    this.notify();
  }

  private lane(id: string): Lane {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = { window: emptyRateWindow(), summaryTimer: undefined, running: undefined, again: false, wake: undefined };
      this.lanes.set(id, lane);
    }
    return lane;
  }

  private row(destination: StoredDestination, message: AlertMessage, state: NewDelivery['state'], error?: string): NewDelivery {
    const at = this.options.now();
    return {
      id: randomUUID(),
      at,
      destinationId: destination.id,
      message,
      state,
      attempts: 0,
      ...(error === undefined ? {} : { error }),
      nextAttemptAt: state === 'failed' ? null : this.timerNow(),
    };
  }

  private rowsFor(destination: StoredDestination, message: AlertMessage): NewDelivery[] {
    const { perMinute, windowMs } = this.options.timings;
    const lane = this.lane(destination.id);
    const step = rateStep(lane.window, this.options.now(), perMinute, windowMs);
    lane.window = step.window;
    const rows: NewDelivery[] = [];
    if (step.summary > 0) {
      clearTimeout(lane.summaryTimer);
      lane.summaryTimer = undefined;
      rows.push(this.row(destination, this.summary(step.summary, message.startedAt), 'pending'));
    }
    if (step.send) return [...rows, this.row(destination, message, 'pending')];
    // Held back: in the log as such; the summary goes when the window closes, even if nothing else comes.
    lane.summaryTimer ??= setTimeout(() => {
      lane.summaryTimer = undefined;
      const held = lane.window.heldBack;
      if (held === 0 || this.closed) return;
      lane.window = { startedAt: this.options.now(), sent: 1, heldBack: 0 };
      const current = this.destinations.find((d) => d.id === destination.id) ?? destination;
      const outbox = { rows: [this.row(current, this.summary(held, this.options.now()), 'pending')], queueMax: this.options.timings.queueMax };
      this.track(this.options.repo.addDeliveries(outbox).then(() => this.queued(outbox)));
    }, windowMs);
    lane.summaryTimer.unref();
    return [...rows, this.row(destination, message, 'failed', heldBackRowText(perMinute))];
  }

  private summary(count: number, at: number): AlertMessage {
    return { status: 'firing', rule: RATE_LIMIT_RULE, text: heldBackText(count, this.options.timings.perMinute), startedAt: at };
  }

  /** Every destination with rows waiting or in flight is looked at. */
  private async kickQueued(): Promise<void> {
    for (const id of await this.options.repo.queuedDestinations()) this.kick(id);
  }

  /** The lane looks at its rows now (or once its current row is done). */
  private kick(id: string): void {
    if (this.closed || !this.started) return;
    const lane = this.lane(id);
    if (lane.running) {
      lane.again = true;
      return;
    }
    clearTimeout(lane.wake);
    lane.wake = undefined;
    lane.again = false;
    lane.running = this.work(id, lane)
      .catch((err: unknown) => this.options.onError(err, id))
      .finally(() => {
        lane.running = undefined;
        if (lane.again) this.kick(id);
        this.notify();
      });
  }

  /** Takes the lane's due rows one at a time until none is due; then sleeps until the next is. */
  private async work(id: string, lane: Lane): Promise<void> {
    const { repo, timings } = this.options;
    for (;;) {
      lane.again = false;
      if (this.closed) return;
      const destination = this.destinations.find((d) => d.id === id);
      if (!destination?.enabled) {
        await repo.failQueued(id, destination ? DESTINATION_DISABLED_TEXT : DESTINATION_REMOVED_TEXT);
        return;
      }
      const taken = await repo.claimDelivery(id, this.timerNow());
      if (!('claimed' in taken)) {
        if (taken.nextAt !== null && !lane.again) this.sleep(id, lane, taken.nextAt);
        return;
      }
      const { claimed } = taken;
      const result = await this.attemptFn(destination, { ...claimed.message, deliveryId: claimed.id }, timings.timeoutMs);
      // Stopped meanwhile and no longer waited for: left in flight, tried again after the next start.
      if (this.abandoned) return;
      await repo.settleDelivery(claimed.id, afterAttempt(result, claimed.attempts, timings.maxAttempts, timings.backoffBaseMs, this.timerNow()));
    }
  }

  private sleep(id: string, lane: Lane, at: number): void {
    lane.wake = setTimeout(() => {
      lane.wake = undefined;
      this.kick(id);
      this.notify();
    }, Math.max(0, at - this.timerNow()));
    lane.wake.unref();
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((err: unknown) => this.options.onError(err, '')).finally(() => {
      this.writing.delete(tracked);
      this.notify();
    });
    this.writing.add(tracked);
    return tracked;
  }

  private notify(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }
}
