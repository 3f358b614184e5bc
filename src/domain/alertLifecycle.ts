/**
 * The alert lifecycle (docs/protocol.md "Alerts lifecycle") as plain functions: one alert is one
 * rule holding for one subject; it goes pending → firing → resolved; a resolved alert that holds
 * again within the rule's resolveSeconds is reopened (the same alert, no second firing message);
 * an acknowledgement and a silence ride on it. Each step says what to send, so the server (and the
 * standalone process) only keeps, broadcasts and delivers.
 *
 * The resolved message waits out resolveSeconds: sent at once, a flapping rule would page
 * "RESOLVED" and then go quiet while it holds again, which is worse than one late "RESOLVED".
 */
import {
  ALERT_FOR_SECONDS_DEFAULT,
  ALERT_HISTORY_MAX,
  ALERT_RESOLVE_SECONDS_DEFAULT,
  ALERT_SEVERITY_DEFAULT,
} from '../config/alerts.ts';
import type { AlertHistoryEntry, Alert, AlertSubject, Silence } from '../contract/alerts.ts';
import type { AlertRule } from '../contract/alertRules.ts';
import { ruleIdOf, subjectKey, type Reading } from './alertRules.ts';

/** An alert as the server keeps it: the wire's Alert and what delivery needs to remember. */
export interface TrackedAlert {
  alert: Alert;
  /** A firing message went out for it (not when it fired silenced): a resolved one is owed later. */
  notified: boolean;
  /** When the resolved message is due (resolvedAt + resolveSeconds); absent when none is owed. */
  resolvedDueAt?: number;
}

export type SendStatus = 'firing' | 'resolved';

export interface Step {
  tracked: TrackedAlert | undefined;
  /** The alert changed (broadcast and keep it). */
  changed: boolean;
  send: SendStatus | null;
}

const historyWith = (history: readonly AlertHistoryEntry[], entry: AlertHistoryEntry): AlertHistoryEntry[] =>
  [...history, entry].slice(-ALERT_HISTORY_MAX);

export const severityOf = (rule: AlertRule) => rule.severity ?? ALERT_SEVERITY_DEFAULT;
const forMs = (rule: AlertRule) => (rule.forSeconds ?? ALERT_FOR_SECONDS_DEFAULT) * 1000;
const resolveMs = (rule: AlertRule) => (rule.resolveSeconds ?? ALERT_RESOLVE_SECONDS_DEFAULT) * 1000;

/** The alert's identity among the live ones: its rule and its subject. */
export const alertKey = (ruleId: string, subject: AlertSubject): string => `${ruleId} ${subjectKey(subject)}`;

/** Whether a silence covers an alert of this rule and subject now: its rule, its subject, or both when it names both. */
export function silenceCovers(silence: Silence, ruleId: string, subject: AlertSubject, now: number): boolean {
  if (silence.until <= now) return false;
  if (silence.ruleId !== undefined && silence.ruleId !== ruleId) return false;
  if (silence.subject !== undefined) {
    if (silence.subject.type !== subject.type) return false;
    if (silence.subject.name !== undefined && silence.subject.name !== subject.name) return false;
  }
  return silence.ruleId !== undefined || silence.subject !== undefined;
}

export const silenceFor = (silences: readonly Silence[], ruleId: string, subject: AlertSubject, now: number): Silence | undefined =>
  silences.find((silence) => silenceCovers(silence, ruleId, subject, now));

/** A resolved alert that can no longer reopen and owes no message: the server may forget it. */
export const isClosed = (tracked: TrackedAlert, rule: AlertRule, now: number): boolean =>
  tracked.alert.state === 'resolved' &&
  tracked.resolvedDueAt === undefined &&
  (tracked.alert.firingAt === undefined || now - (tracked.alert.resolvedAt ?? 0) >= resolveMs(rule));

/** Still holding, pending or firing: what the status line and the bell show. */
export const isActive = (alert: Alert): boolean => alert.state !== 'resolved';

function withValue(alert: Alert, reading: Reading): Alert {
  return { ...alert, text: reading.text, value: reading.value, threshold: reading.threshold };
}

/**
 * One evaluation of one subject of one rule. `reading` undefined: the subject is not read now (a
 * complete rule that lists only what holds: it does not hold; see `complete`), `null`: unknown, the
 * alert keeps its state.
 */
export function stepAlert(input: {
  tracked: TrackedAlert | undefined;
  rule: AlertRule;
  reading: Reading | null;
  now: number;
  silenced: boolean;
  newId: () => string;
}): Step {
  const { tracked, rule, reading, now, silenced } = input;
  const unchanged: Step = { tracked, changed: false, send: null };
  if (reading === null) return dueResolved(tracked, now, silenced) ?? unchanged;
  let alert = tracked?.alert;
  // A resolved alert past its window (or one that never fired) is closed: its owed message goes
  // first, and the next evaluation may open a new one.
  if (alert?.state === 'resolved' && (alert.firingAt === undefined || now - (alert.resolvedAt ?? 0) >= resolveMs(rule))) {
    const due = dueResolved(tracked, now, silenced);
    if (due) return due;
    alert = undefined;
  }

  // Nothing open: a new alert when the rule holds.
  if (!alert || !tracked) {
    if (!reading.holds) return unchanged;
    const ruleId = ruleIdOf(rule);
    const opened: Alert = withValue(
      { id: input.newId(), ruleId, kind: rule.kind, severity: severityOf(rule), subject: reading.subject, state: 'pending', text: '', startedAt: now, history: [{ at: now, event: 'pending' }] },
      reading,
    );
    return fireWhenDue({ alert: opened, notified: false }, rule, now, silenced, true);
  }

  if (alert.state === 'pending') {
    if (reading.holds) return fireWhenDue({ ...tracked, alert: withValue(alert, reading) }, rule, now, silenced, false);
    // It never fired: nothing was sent, nothing is owed.
    return { tracked: { alert: { ...alert, state: 'resolved', resolvedAt: now, history: historyWith(alert.history, { at: now, event: 'resolved' }) }, notified: false }, changed: true, send: null };
  }

  if (alert.state === 'firing') {
    if (reading.holds) return unchanged;
    const resolved: Alert = { ...alert, state: 'resolved', resolvedAt: now, history: historyWith(alert.history, { at: now, event: 'resolved' }) };
    const owed = tracked.notified ? { resolvedDueAt: now + resolveMs(rule) } : {};
    const next: TrackedAlert = { alert: resolved, notified: tracked.notified, ...owed };
    return dueResolved(next, now, silenced, true) ?? { tracked: next, changed: true, send: null };
  }

  // Resolved, within its window: holding again reopens it, with no new firing message.
  if (reading.holds) {
    const { resolvedAt: _resolvedAt, ...rest } = alert;
    const reopened: Alert = withValue({ ...rest, state: 'firing', history: historyWith(alert.history, { at: now, event: 'reopened' }) }, reading);
    const { resolvedDueAt: _due, ...keep } = tracked;
    return { tracked: { ...keep, alert: reopened }, changed: true, send: null };
  }
  return dueResolved(tracked, now, silenced) ?? unchanged;
}

/** The resolved message once its window has passed (dropped when silenced: nothing goes out for a silenced alert). */
function dueResolved(tracked: TrackedAlert | undefined, now: number, silenced: boolean, changed = false): Step | null {
  if (tracked?.resolvedDueAt === undefined || now < tracked.resolvedDueAt) return null;
  const { resolvedDueAt: _due, ...rest } = tracked;
  return { tracked: rest, changed, send: silenced ? null : 'resolved' };
}

/** Pending until the rule has held for forSeconds, then firing (and sent unless silenced). */
function fireWhenDue(tracked: TrackedAlert, rule: AlertRule, now: number, silenced: boolean, isNew: boolean): Step {
  const { alert } = tracked;
  if (now - alert.startedAt < forMs(rule)) return { tracked, changed: isNew, send: null };
  const firing: Alert = { ...alert, state: 'firing', firingAt: now, history: historyWith(alert.history, { at: now, event: 'firing' }) };
  return { tracked: { alert: firing, notified: !silenced }, changed: true, send: silenced ? null : 'firing' };
}

/**
 * The silence an alert is under now, as its own record says it: "silenced" when one starts to cover
 * it, "unsilenced" when none does any more. A firing alert that was never announced is announced
 * when its silence ends.
 */
export function applySilence(tracked: TrackedAlert, silence: Silence | undefined, now: number): Step {
  const { alert } = tracked;
  if (alert.silenceId === silence?.id) return { tracked, changed: false, send: null };
  if (silence) {
    return { tracked: { ...tracked, alert: { ...alert, silenceId: silence.id, history: historyWith(alert.history, { at: now, event: 'silenced', by: silence.by }) } }, changed: true, send: null };
  }
  const { silenceId: _silenceId, ...rest } = alert;
  const unsilenced: Alert = { ...rest, history: historyWith(alert.history, { at: now, event: 'unsilenced' }) };
  const announce = alert.state === 'firing' && !tracked.notified;
  return { tracked: { ...tracked, alert: unsilenced, notified: tracked.notified || announce }, changed: true, send: announce ? 'firing' : null };
}

/** Someone is on it: their name, when, and what they said. Null when the alert is resolved (409). */
export function acknowledge(alert: Alert, by: string, at: number, comment: string | undefined): Alert | null {
  if (alert.state === 'resolved') return null;
  const text = comment?.trim();
  return { ...alert, ack: { by, at, ...(text ? { comment: text } : {}) }, history: historyWith(alert.history, { at, event: 'acknowledged', by }) };
}
