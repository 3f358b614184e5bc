/**
 * The shared alert rules evaluated away from any console, with the console's own rule functions
 * (src/domain/alertRules.ts): a rule that starts to hold sends one `firing` message, one that stops
 * holding one `resolved` with how long it held, nothing while it holds. What fires is kept
 * (AlertRepo.firing), so a restart sends none of it again. A rule whose reading is unknown (no
 * balance yet after a start) keeps its state. Decisions are synchronous; the writes and the
 * deliveries follow in order without being awaited here.
 */
import type { AlertRule } from '../../../src/contract/alertRules.ts';
import { applyAlertEvent, emptyAlertSnapshot, firingText, resolvedText } from '../../../src/domain/alertDelivery.ts';
import { describeRule, nextAlertMemory, ruleKey, ruleReading, type AlertMemory, type AlertSnapshot } from '../../../src/domain/alertRules.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { AlertRepo, FiringRule } from './repo.ts';

export interface EvaluatorOptions {
  repo: AlertRepo;
  dispatcher: Dispatcher;
  now: () => number;
  /** The console's address, added to each message when known. */
  link?: string;
  onError: (err: unknown) => void;
}

/** A rule firing now, as the console shows it. */
export interface FiringNow {
  rule: string;
  startedAt: number;
}

export class AlertEvaluator {
  private snapshot: AlertSnapshot = emptyAlertSnapshot();
  private memory: AlertMemory = { notGreenSince: null };
  /** Null until the rules are known: evaluating an empty list would forget what fires. */
  private rules: AlertRule[] | null = null;
  private readonly firing = new Map<string, FiringRule>();
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: EvaluatorOptions) {}

  /** Picks up what was firing before a restart. */
  async load(): Promise<void> {
    for (const row of await this.options.repo.firing()) this.firing.set(row.key, row);
  }

  setRules(rules: readonly AlertRule[]): void {
    this.rules = [...rules];
  }

  /** One event of the live state (its payload checked against the contract). */
  onEvent(event: string, payload: unknown): void {
    this.snapshot = applyAlertEvent(this.snapshot, event, payload, this.options.now());
  }

  /** The rules firing now, by their words. */
  firingNow(): FiringNow[] {
    return [...this.firing.values()].map(({ rule, startedAt }) => ({ rule: describeRule(rule), startedAt }));
  }

  /** One evaluation: what started to hold is sent firing, what stopped resolved. */
  evaluate(): void {
    if (this.rules === null) return;
    const now = this.options.now();
    this.memory = nextAlertMemory(this.memory, this.snapshot, now);
    const seen = new Set<string>();
    for (const rule of this.rules) {
      const key = ruleKey(rule);
      if (seen.has(key)) continue;
      seen.add(key);
      const read = ruleReading(rule, this.snapshot, now, this.memory);
      if (read === null) continue;
      const [holds, value] = read;
      const was = this.firing.get(key);
      if (holds && !was) {
        const firing: FiringRule = { key, rule, startedAt: now };
        this.firing.set(key, firing);
        const text = firingText(rule, rule.kind === 'balanceBelow' || rule.kind === 'gasAbove' ? value : null, now, now, this.options.link);
        this.write(() => this.options.repo.startFiring(firing), { status: 'firing', rule: describeRule(rule), text, startedAt: now });
      } else if (!holds && was) {
        this.firing.delete(key);
        const text = resolvedText(rule, was.startedAt, now, this.options.link);
        this.write(() => this.options.repo.endFiring(key), {
          status: 'resolved',
          rule: describeRule(rule),
          text,
          startedAt: was.startedAt,
          endedAt: now,
        });
      }
    }
    // A rule an Admin took out of the list is no longer watched: it is forgotten without a message.
    for (const key of [...this.firing.keys()]) {
      if (!seen.has(key)) {
        this.firing.delete(key);
        this.write(() => this.options.repo.endFiring(key));
      }
    }
  }

  /** Resolves once every write so far is done (tests; shutdown). */
  settled(): Promise<void> {
    return this.writes;
  }

  /** Kept first, then sent: a crash between the two loses a message rather than sending one twice. */
  private write(store: () => Promise<void>, message?: Parameters<Dispatcher['send']>[0]): void {
    this.writes = this.writes
      .then(store)
      .then(() => {
        if (message) this.options.dispatcher.send(message);
      })
      .catch((err: unknown) => this.options.onError(err));
  }
}
