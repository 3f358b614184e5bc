/**
 * What alerts keep: the destinations with their secrets (never sent back whole: routes.ts masks
 * them), the alerts with their history (docs/protocol.md "Alerts lifecycle"), the silences, and the
 * delivery log, which is also the outbox (docs/protocol.md "Alerts delivery"): a message is written
 * there pending, with its body, in the transaction that keeps the alert's change, and the dispatcher
 * takes it from there; the finished rows are bounded. On the server's connection
 * through its gate (a statement never lands inside another request's transaction); the standalone
 * process opens its own file and gate.
 */
import type { Database } from 'better-sqlite3';
import { ALERT_DELIVERIES_KEPT } from '../../../src/config/alertDelivery.ts';
import { ALERTS_KEPT_MAX } from '../../../src/config/alerts.ts';
import type { Delivery, DeliveryState, WebhookBody } from '../../../src/contract/alertDelivery.ts';
import type { AttemptOutcome } from '../../../src/domain/alertDelivery.ts';
import { droppedText } from '../../../src/domain/alertDelivery.ts';
import type { Alert, Silence } from '../../../src/contract/alerts.ts';
import type { TrackedAlert } from '../../../src/domain/alertLifecycle.ts';
import type { Gate } from '../db/gate.ts';
import type { StoredDestination } from './destination.ts';
import { destinationFromRow, destinationRow, sealPlainFields } from './secrets.ts';

export type { StoredDestination } from './destination.ts';

export interface AlertListQuery {
  active: boolean;
  from?: number;
  to?: number;
  limit: number;
}

/** A message for one destination, as written to the delivery log. */
export interface NewDelivery {
  id: string;
  at: number;
  destinationId: string;
  /** What is sent: no secret (that stays in the destination). */
  message: WebhookBody;
  state: Exclude<DeliveryState, 'ok'>;
  attempts: number;
  error?: string;
  /** When it is due (pending), or when its try started (sending). */
  nextAttemptAt: number | null;
}

/** Messages to write, and each destination's bound on what waits (past it the oldest waiting fail). */
export interface Outbox {
  rows: readonly NewDelivery[];
  queueMax: number;
}

/** A message taken for a try: its attempts count that try. */
export interface ClaimedDelivery {
  id: string;
  destinationId: string;
  message: WebhookBody;
  attempts: number;
}

export interface AlertRepo {
  destinations(): Promise<StoredDestination[]>;
  replaceDestinations(list: readonly StoredDestination[]): Promise<void>;
  /** With a secrets key: encrypts the secrets still stored as plain text; the names of the destinations rewritten. */
  sealPlainSecrets(): Promise<string[]>;
  /** The alerts still open: not resolved, or resolved since `since` (a reopen may still come, a message may be owed). */
  openAlerts(since: number): Promise<TrackedAlert[]>;
  /** The alert's change, and the messages it produced (pending), in one transaction. */
  saveAlert(tracked: TrackedAlert, outbox?: Outbox): Promise<void>;
  /** Active ones first, then newest first. */
  alerts(query: AlertListQuery): Promise<Alert[]>;
  alert(id: string): Promise<Alert | null>;
  /** The silences ending after `now`. */
  silences(now: number): Promise<Silence[]>;
  addSilence(silence: Silence): Promise<void>;
  /** False when there was none by that id. */
  deleteSilence(id: string): Promise<boolean>;
  /** Messages not tied to an alert's change (a test send, a rate-limit summary). */
  addDeliveries(outbox: Outbox): Promise<void>;
  /**
   * The destination's next due message, marked in flight with its try counted: never-tried ones
   * first, then by when due (dispatcher.ts says why). None due: when the next one is, or null.
   */
  claimDelivery(destinationId: string, now: number): Promise<{ claimed: ClaimedDelivery } | { nextAt: number | null }>;
  /** A try's outcome (or a row found in flight at start). */
  settleDelivery(id: string, outcome: AttemptOutcome): Promise<void>;
  /** The destinations with messages waiting or in flight. */
  queuedDestinations(): Promise<string[]>;
  /** Every message waiting for the destination ends failed with `reason`; how many. */
  failQueued(destinationId: string, reason: string): Promise<number>;
  /** The rows in flight when the process stopped, each with what becomes of it. */
  settleInterrupted(outcome: (row: ClaimedDelivery) => AttemptOutcome): Promise<number>;
  /** Newest first. */
  deliveries(limit: number): Promise<Delivery[]>;
}

interface DeliveryRow {
  id: string;
  at: number;
  destination_id: string;
  rule: string;
  status: Delivery['status'];
  text: string;
  ok: number;
  attempts: number;
  error: string | null;
  state: DeliveryState;
  next_attempt_at: number | null;
}

interface QueuedRow {
  id: string;
  destination_id: string;
  body: string | null;
  attempts: number;
}

const claimedOf = (row: QueuedRow): ClaimedDelivery => ({
  id: row.id,
  destinationId: row.destination_id,
  message: JSON.parse(row.body ?? '{}') as WebhookBody,
  attempts: row.attempts,
});

/**
 * `secretsKey` (SECRETS_KEY): the destinations' secrets are kept encrypted (secrets.ts); without it,
 * as plain text.
 */
export function sqliteAlertRepo(db: Database, gate: Gate, kept = ALERT_DELIVERIES_KEPT, secretsKey?: Buffer): AlertRepo {
  // A secret replaced (encrypted at start, or changed) must not stay readable in the page it was
  // deleted from: FAST zeroes deleted content where that costs no extra I/O (the row's own page).
  if (secretsKey) db.pragma('secure_delete = FAST');
  const listDestinations = db.prepare<[], { data: string }>('SELECT data FROM alert_destinations ORDER BY position');
  const allDestinationRows = db.prepare<[], { id: string; data: string }>('SELECT id, data FROM alert_destinations');
  const setDestinationData = db.prepare<[string, string]>('UPDATE alert_destinations SET data = ? WHERE id = ?');
  const clearDestinations = db.prepare('DELETE FROM alert_destinations');
  const insertDestination = db.prepare<[string, number, string]>('INSERT INTO alert_destinations (id, position, data) VALUES (?, ?, ?)');
  const listOpen = db.prepare<[number], { data: string }>("SELECT data FROM alerts WHERE state <> 'resolved' OR resolved_at >= ?");
  const putAlert = db.prepare<[string, string, string, number, number | null, string]>(
    `INSERT INTO alerts (id, rule_id, state, started_at, resolved_at, data) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, resolved_at = excluded.resolved_at, data = excluded.data`,
  );
  // The oldest resolved alerts beyond what is kept; an open one is never dropped.
  const pruneAlerts = db.prepare<[number]>(
    "DELETE FROM alerts WHERE state = 'resolved' AND id IN (SELECT id FROM alerts ORDER BY started_at DESC LIMIT -1 OFFSET ?)",
  );
  const listAlerts = db.prepare<{ active: number; from: number; to: number; limit: number }, { data: string }>(
    `SELECT json_extract(data, '$.alert') AS data FROM alerts
     WHERE started_at >= @from AND started_at < @to AND (@active = 0 OR state <> 'resolved')
     ORDER BY state = 'resolved', started_at DESC, id LIMIT @limit`,
  );
  const oneAlert = db.prepare<[string], { data: string }>("SELECT json_extract(data, '$.alert') AS data FROM alerts WHERE id = ?");
  const listSilences = db.prepare<[number], { data: string }>('SELECT data FROM alert_silences WHERE until > ? ORDER BY until, id');
  const insertSilence = db.prepare<[string, number, string]>('INSERT INTO alert_silences (id, until, data) VALUES (?, ?, ?)');
  const removeSilence = db.prepare<[string]>('DELETE FROM alert_silences WHERE id = ?');
  const pruneSilences = db.prepare<[number]>('DELETE FROM alert_silences WHERE until <= ?');
  const insertDelivery = db.prepare<[string, number, string, string, string, string, number, string | null, string, number | null, string]>(
    `INSERT INTO alert_deliveries (id, at, destination_id, rule, status, text, ok, attempts, error, state, next_attempt_at, body)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  );
  // Only finished rows go: a message still to send is bounded by the queue bound instead.
  const pruneDeliveries = db.prepare<[number]>(
    "DELETE FROM alert_deliveries WHERE state IN ('ok', 'failed') AND seq <= (SELECT MAX(seq) FROM alert_deliveries) - ?",
  );
  const countWaiting = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM alert_deliveries WHERE destination_id = ? AND state = 'pending'");
  const dropOldest = db.prepare<[string, string, number]>(
    `UPDATE alert_deliveries SET state = 'failed', ok = 0, error = ?, next_attempt_at = NULL WHERE seq IN (
       SELECT seq FROM alert_deliveries WHERE destination_id = ? AND state = 'pending' ORDER BY seq DESC LIMIT -1 OFFSET ?)`,
  );
  const insertOutbox = (outbox: Outbox) => {
    for (const d of outbox.rows) {
      const { message } = d;
      insertDelivery.run(d.id, d.at, d.destinationId, message.rule, message.status, message.text, d.attempts, d.error ?? null, d.state, d.nextAttemptAt, JSON.stringify(message));
    }
    for (const destinationId of new Set(outbox.rows.map((d) => d.destinationId))) {
      const waiting = countWaiting.get(destinationId)?.n ?? 0;
      if (waiting > outbox.queueMax) dropOldest.run(droppedText(waiting), destinationId, outbox.queueMax);
    }
    if (outbox.rows.length > 0) pruneDeliveries.run(kept);
  };
  const saveAlert = db.transaction((tracked: TrackedAlert, outbox: Outbox | undefined) => {
    const { alert } = tracked;
    putAlert.run(alert.id, alert.ruleId, alert.state, alert.startedAt, alert.resolvedAt ?? null, JSON.stringify(tracked));
    if (alert.state === 'resolved') pruneAlerts.run(ALERTS_KEPT_MAX);
    if (outbox) insertOutbox(outbox);
  });
  const addDeliveries = db.transaction(insertOutbox);
  const nextDue = db.prepare<[string, number], QueuedRow>(
    `SELECT id, destination_id, body, attempts FROM alert_deliveries
     WHERE destination_id = ? AND state = 'pending' AND next_attempt_at <= ?
     ORDER BY attempts > 0, next_attempt_at, seq LIMIT 1`,
  );
  const markSending = db.prepare<[string]>("UPDATE alert_deliveries SET state = 'sending', attempts = attempts + 1 WHERE id = ?");
  const firstDue = db.prepare<[string], { at: number | null }>(
    "SELECT min(next_attempt_at) AS at FROM alert_deliveries WHERE destination_id = ? AND state = 'pending'",
  );
  const claim = db.transaction((destinationId: string, now: number): { claimed: ClaimedDelivery } | { nextAt: number | null } => {
    const row = nextDue.get(destinationId, now);
    if (!row) return { nextAt: firstDue.get(destinationId)?.at ?? null };
    markSending.run(row.id);
    return { claimed: { ...claimedOf(row), attempts: row.attempts + 1 } };
  });
  const settle = db.prepare<[string, number, string | null, number | null, string]>(
    'UPDATE alert_deliveries SET state = ?, ok = ?, error = ?, next_attempt_at = ? WHERE id = ?',
  );
  const settleOne = (id: string, o: AttemptOutcome) => void settle.run(o.state, o.state === 'ok' ? 1 : 0, o.error ?? null, o.nextAttemptAt, id);
  const listQueued = db.prepare<[], { destination_id: string }>(
    "SELECT DISTINCT destination_id FROM alert_deliveries WHERE state IN ('pending', 'sending')",
  );
  const failWaiting = db.prepare<[string, string]>(
    "UPDATE alert_deliveries SET state = 'failed', ok = 0, error = ?, next_attempt_at = NULL WHERE destination_id = ? AND state = 'pending'",
  );
  const listSending = db.prepare<[], QueuedRow>("SELECT id, destination_id, body, attempts FROM alert_deliveries WHERE state = 'sending' ORDER BY seq");
  const settleSending = db.transaction((outcome: (row: ClaimedDelivery) => AttemptOutcome) => {
    const rows = listSending.all();
    for (const row of rows) settleOne(row.id, outcome(claimedOf(row)));
    return rows.length;
  });
  const listDeliveries = db.prepare<[number], DeliveryRow>(
    'SELECT id, at, destination_id, rule, status, text, ok, attempts, error, state, next_attempt_at FROM alert_deliveries ORDER BY seq DESC LIMIT ?',
  );
  const replace = db.transaction((list: readonly StoredDestination[]) => {
    clearDestinations.run();
    list.forEach((destination, i) => insertDestination.run(destination.id, i, destinationRow(destination, secretsKey)));
  });
  const sealPlain = db.transaction((key: Buffer): string[] =>
    allDestinationRows.all().flatMap(({ id, data }) => {
      const sealed = sealPlainFields(data, key);
      if (sealed === null) return [];
      setDestinationData.run(sealed, id);
      return [(JSON.parse(data) as { name: string }).name];
    }),
  );

  return {
    destinations: () => gate.run(() => listDestinations.all().map((row) => destinationFromRow(row.data, secretsKey))),
    replaceDestinations: (list) => gate.run(() => replace(list)),
    sealPlainSecrets: () => gate.run(() => (secretsKey ? sealPlain(secretsKey) : [])),
    openAlerts: (since) => gate.run(() => listOpen.all(since).map((row) => JSON.parse(row.data) as TrackedAlert)),
    saveAlert: (tracked, outbox) => gate.run(() => saveAlert(tracked, outbox)),
    alerts: ({ active, from, to, limit }) =>
      gate.run(() =>
        listAlerts.all({ active: active ? 1 : 0, from: from ?? 0, to: to ?? Number.MAX_SAFE_INTEGER, limit }).map((row) => JSON.parse(row.data) as Alert),
      ),
    alert: (id) => gate.run(() => {
      const row = oneAlert.get(id);
      return row ? (JSON.parse(row.data) as Alert) : null;
    }),
    silences: (now) => gate.run(() => {
      pruneSilences.run(now);
      return listSilences.all(now).map((row) => JSON.parse(row.data) as Silence);
    }),
    addSilence: (silence) => gate.run(() => void insertSilence.run(silence.id, silence.until, JSON.stringify(silence))),
    deleteSilence: (id) => gate.run(() => removeSilence.run(id).changes > 0),
    addDeliveries: (outbox) => gate.run(() => addDeliveries(outbox)),
    claimDelivery: (destinationId, now) => gate.run(() => claim(destinationId, now)),
    settleDelivery: (id, outcome) => gate.run(() => settleOne(id, outcome)),
    queuedDestinations: () => gate.run(() => listQueued.all().map((row) => row.destination_id)),
    failQueued: (destinationId, reason) => gate.run(() => failWaiting.run(reason, destinationId).changes),
    settleInterrupted: (outcome) => gate.run(() => settleSending(outcome)),
    deliveries: (limit) =>
      gate.run(() =>
        listDeliveries.all(limit).map((row) => ({
          id: row.id,
          at: row.at,
          destinationId: row.destination_id,
          rule: row.rule,
          status: row.status,
          text: row.text,
          ok: row.ok === 1,
          attempts: row.attempts,
          ...(row.error === null ? {} : { error: row.error }),
          state: row.state,
          ...(row.next_attempt_at === null || row.state !== 'pending' ? {} : { nextAttemptAt: row.next_attempt_at }),
        })),
      ),
  };
}
