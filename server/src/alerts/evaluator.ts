/**
 * The shared alert rules evaluated away from any console, with the alerts lifecycle of
 * docs/protocol.md "Alerts lifecycle" (src/domain/alertLifecycle.ts decides; this keeps, announces
 * and delivers). An alert is one rule for one subject; each one's changes are kept (AlertRepo), so a
 * restart neither sends a firing message again nor forgets what fires. Decisions are synchronous;
 * the writes follow in order without being awaited here, each change with the messages it owes in
 * one transaction (the dispatcher's outbox sends them from there).
 */
import { randomUUID } from 'node:crypto';
import type { AlertRule } from '../../../src/contract/alertRules.ts';
import type { Alert, AlertHistoryEntry, AlertSubject, Silence } from '../../../src/contract/alerts.ts';
import { alertLink, alertMessageText, applyAlertEvent, emptyAlertSnapshot } from '../../../src/domain/alertDelivery.ts';
import {
  acknowledge,
  alertKey,
  applySilence,
  isClosed,
  silenceFor,
  stepAlert,
  type SendStatus,
  type Step,
  type TrackedAlert,
} from '../../../src/domain/alertLifecycle.ts';
import {
  describeRule,
  emptyAlertMemory,
  nextAlertMemory,
  ruleIdOf,
  ruleKey,
  ruleReadings,
  subjectKey,
  type AlertMemory,
  type AlertSnapshot,
  type Reading,
} from '../../../src/domain/alertRules.ts';
import { ALERT_SECONDS_MAX } from '../../../src/config/alerts.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { AlertRepo, Outbox } from './repo.ts';
import type { AlertMessage } from './send.ts';

export interface EvaluatorOptions {
  repo: AlertRepo;
  dispatcher: Dispatcher;
  now: () => number;
  /** The console's public address: messages link to `{publicUrl}/alerts/{id}`. */
  publicUrl?: string;
  onError: (err: unknown) => void;
  /** An alert changed, with the history entries the change added (broadcast it; put them on the timeline). */
  onChange?: (alert: Alert, added: readonly AlertHistoryEntry[]) => void;
  /** The silences in force changed. */
  onSilences?: (silences: readonly Silence[]) => void;
  newId?: () => string;
}

/** Why an acknowledgement or a silence was refused, for the route to answer. */
export class AlertRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export class AlertEvaluator {
  private snapshot: AlertSnapshot = emptyAlertSnapshot();
  private memory: AlertMemory = emptyAlertMemory();
  /** Null until the rules are known: evaluating an empty list would resolve what fires. */
  private rules: AlertRule[] | null = null;
  /** The open alerts by rule and subject (alertKey). */
  private readonly open = new Map<string, TrackedAlert>();
  private silences: Silence[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: EvaluatorOptions) {}

  /** Picks up what was open and the silences before a restart. */
  async load(): Promise<void> {
    const now = this.options.now();
    for (const tracked of await this.options.repo.openAlerts(now - ALERT_SECONDS_MAX * 1000)) {
      this.open.set(alertKey(tracked.alert.ruleId, tracked.alert.subject), tracked);
    }
    this.silences = await this.options.repo.silences(now);
  }

  setRules(rules: readonly AlertRule[]): void {
    this.rules = [...rules];
  }

  /** One event of the live state (its payload checked against the contract). */
  onEvent(event: string, payload: unknown): void {
    this.snapshot = applyAlertEvent(this.snapshot, event, payload, this.options.now());
  }

  /** The active alerts (pending or firing), worst first then oldest first: init's `alerts`. */
  active(): Alert[] {
    const rank = { critical: 0, warning: 1, info: 2 } as const;
    return [...this.open.values()]
      .map((t) => t.alert)
      .filter((alert) => alert.state !== 'resolved')
      .sort((a, b) => rank[a.severity] - rank[b.severity] || a.startedAt - b.startedAt);
  }

  /** The silences in force now. */
  activeSilences(): Silence[] {
    const now = this.options.now();
    return this.silences.filter((silence) => silence.until > now);
  }

  /** One evaluation: every rule's subjects stepped through the lifecycle, silences applied. */
  evaluate(): void {
    if (this.rules === null) return;
    const now = this.options.now();
    this.expireSilences(now);
    this.memory = nextAlertMemory(this.memory, this.snapshot, now);
    const seenRules = new Set<string>();
    const seenKeys = new Set<string>();
    for (const rule of this.rules) {
      const ruleId = ruleIdOf(rule);
      // The same condition twice (or the same id) is watched once.
      if (seenRules.has(ruleId) || seenRules.has(ruleKey(rule))) continue;
      seenRules.add(ruleId).add(ruleKey(rule));
      const { readings, complete } = ruleReadings(rule, this.snapshot, now, this.memory);
      const read = new Map<string, Reading | null>(readings.map((reading) => [subjectKey(reading.subject), reading]));
      // Every subject read now, and every open alert of this rule (it may have stopped holding).
      for (const tracked of this.open.values()) {
        if (tracked.alert.ruleId === ruleId && !read.has(subjectKey(tracked.alert.subject))) {
          read.set(subjectKey(tracked.alert.subject), complete ? notHolding(tracked.alert) : null);
        }
      }
      for (const [subject, reading] of read) {
        const key = alertKey(ruleId, reading?.subject ?? this.subjectOf(ruleId, subject));
        seenKeys.add(key);
        const tracked = this.open.get(key);
        const silence = silenceFor(this.silences, ruleId, reading?.subject ?? tracked?.alert.subject ?? { type: 'system' }, now);
        const step = stepAlert({ tracked, rule, reading, now, silenced: silence !== undefined, newId: this.options.newId ?? randomUUID });
        this.apply(key, step, rule, now);
        const after = this.open.get(key);
        if (after && after.alert.state !== 'resolved') this.apply(key, applySilence(after, silence, now), rule, now);
        const closing = this.open.get(key);
        if (closing && isClosed(closing, rule, now)) this.open.delete(key);
      }
    }
    // A rule an Admin took out of the list is no longer watched: its open alerts resolve without a message.
    for (const [key, tracked] of [...this.open]) {
      if (seenKeys.has(key)) continue;
      if (tracked.alert.state !== 'resolved') {
        const resolved: Alert = { ...tracked.alert, state: 'resolved', resolvedAt: now, history: [...tracked.alert.history, { at: now, event: 'resolved' }] };
        this.keep({ alert: resolved, notified: false }, [{ at: now, event: 'resolved' }]);
      }
      this.open.delete(key);
    }
  }

  /**
   * Someone is on it (POST /alerts/{id}/ack, a Telegram button): the alert as it will be, not yet
   * applied, so the caller keeps it with the user log in one transaction, then commits it here.
   */
  async prepareAck(id: string, by: string, comment: string | undefined): Promise<TrackedAlert> {
    const now = this.options.now();
    const tracked = [...this.open.values()].find((t) => t.alert.id === id);
    if (!tracked) {
      await this.settled();
      const stored = await this.options.repo.alert(id);
      if (!stored) throw new AlertRefusal(404, 'no such alert');
      throw new AlertRefusal(409, 'the alert is resolved');
    }
    const acked = acknowledge(tracked.alert, by, now, comment);
    if (!acked) throw new AlertRefusal(409, 'the alert is resolved');
    return { ...tracked, alert: acked };
  }

  /** The acknowledgement kept with its user log: on the alert as it is now (it may have moved on meanwhile). */
  commitAck(prepared: TrackedAlert): void {
    const entry = [...this.open.entries()].find(([, t]) => t.alert.id === prepared.alert.id);
    if (!entry || entry[1].alert.state === 'resolved' || !prepared.alert.ack) return;
    const [key, current] = entry;
    const added = prepared.alert.history.slice(-1);
    const next = { ...current, alert: { ...current.alert, ack: prepared.alert.ack, history: [...current.alert.history, ...added] } };
    this.open.set(key, next);
    this.keep(next, added);
  }

  /** A new silence (already kept by the caller when `kept`), applied to the alerts it covers at once. */
  addSilence(silence: Silence, kept = false): void {
    this.silences = [...this.silences, silence];
    if (!kept) this.write(() => this.options.repo.addSilence(silence));
    this.silencesChanged();
    this.reapplySilences(this.options.now());
  }

  /** Ends a silence early (already deleted by the caller when `kept`); false when none by that id is in force. */
  endSilence(id: string, kept = false): boolean {
    if (!this.silences.some((silence) => silence.id === id)) return false;
    this.silences = this.silences.filter((silence) => silence.id !== id);
    if (!kept) this.write(async () => void (await this.options.repo.deleteSilence(id)));
    this.silencesChanged();
    this.reapplySilences(this.options.now());
    return true;
  }

  /** An open alert by id, as it is now (the store may be a write behind). */
  openAlert(id: string): Alert | undefined {
    return [...this.open.values()].find((t) => t.alert.id === id)?.alert;
  }

  /** Resolves once every write so far is done (reads; tests; shutdown). */
  settled(): Promise<void> {
    return this.writes;
  }

  private subjectOf(ruleId: string, key: string): AlertSubject {
    return this.open.get(`${ruleId} ${key}`)?.alert.subject ?? { type: 'system' };
  }

  private expireSilences(now: number): void {
    if (!this.silences.some((silence) => silence.until <= now)) return;
    this.silences = this.silences.filter((silence) => silence.until > now);
    this.silencesChanged();
    this.reapplySilences(now);
  }

  private silencesChanged(): void {
    this.options.onSilences?.(this.activeSilences());
  }

  private reapplySilences(now: number): void {
    for (const [key, tracked] of [...this.open]) {
      if (tracked.alert.state === 'resolved') continue;
      const rule = this.rules?.find((r) => ruleIdOf(r) === tracked.alert.ruleId);
      const silence = silenceFor(this.silences, tracked.alert.ruleId, tracked.alert.subject, now);
      this.apply(key, applySilence(tracked, silence, now), rule, now);
    }
  }

  private apply(key: string, step: Step, rule: AlertRule | undefined, now: number): void {
    const before = this.open.get(key);
    if (step.tracked) this.open.set(key, step.tracked);
    // The messages are written with the change that owes them, in one transaction (dispatcher.ts).
    const outbox = step.send && step.tracked ? this.options.dispatcher.prepare(this.message(step.tracked.alert, step.send, rule, now)) : undefined;
    if (step.changed && step.tracked) {
      const added = step.tracked.alert.history.slice(before?.alert.id === step.tracked.alert.id ? before.alert.history.length : 0);
      this.keep(step.tracked, added, outbox);
    } else if (step.tracked && (step.tracked !== before || outbox)) {
      // Only delivery bookkeeping moved (the owed resolved message went): kept, nothing to announce.
      this.store(step.tracked, outbox);
    }
  }

  private keep(tracked: TrackedAlert, added: readonly AlertHistoryEntry[], outbox?: Outbox): void {
    this.store(tracked, outbox);
    this.options.onChange?.(tracked.alert, added);
  }

  /**
   * The alert kept with the messages it owes, then their lanes told: a crash before the commit loses
   * both (the change is decided again on the next start), after it neither (the outbox sends).
   */
  private store(tracked: TrackedAlert, outbox?: Outbox): void {
    this.write(async () => {
      await this.options.repo.saveAlert(tracked, outbox);
      this.options.dispatcher.queued(outbox);
    });
  }

  private message(alert: Alert, status: SendStatus, rule: AlertRule | undefined, now: number): AlertMessage {
    const link = alertLink(this.options.publicUrl, alert.id);
    return {
      status,
      rule: rule ? describeRule(rule) : alert.kind,
      text: alertMessageText(alert, status, now, link),
      startedAt: alert.startedAt,
      ...(status === 'resolved' ? { endedAt: alert.resolvedAt ?? now } : {}),
      alertId: alert.id,
      severity: alert.severity,
      subject: alert.subject,
      ...(alert.value === undefined ? {} : { value: alert.value }),
      ...(alert.threshold === undefined ? {} : { threshold: alert.threshold }),
    };
  }

  private write(store: () => Promise<void>): void {
    this.writes = this.writes.then(store).catch((err: unknown) => this.options.onError(err));
  }
}

/** An open alert's subject no longer among what a complete rule lists: it does not hold. */
const notHolding = (alert: Alert): Reading => ({
  subject: alert.subject,
  holds: false,
  value: alert.value ?? 0,
  threshold: alert.threshold ?? 0,
  text: alert.text,
});
