/**
 * What alerts keep: the destinations with their secrets (never sent back whole: routes.ts masks
 * them), the alerts with their history (docs/protocol.md "Alerts lifecycle"), the silences, and the
 * delivery log, bounded. On the server's connection
 * through its gate (a statement never lands inside another request's transaction); the standalone
 * process opens its own file and gate.
 */
import type { Database } from 'better-sqlite3';
import { ALERT_DELIVERIES_KEPT } from '../../../src/config/alertDelivery.ts';
import { ALERTS_KEPT_MAX } from '../../../src/config/alerts.ts';
import type { Delivery, DestinationKind } from '../../../src/contract/alertDelivery.ts';
import type { Alert, Silence } from '../../../src/contract/alerts.ts';
import type { TrackedAlert } from '../../../src/domain/alertLifecycle.ts';
import type { Gate } from '../db/gate.ts';
import { destinationFromRow, destinationRow, sealPlainFields } from './secrets.ts';

/** A destination as stored: its secrets whole. */
export interface StoredDestination {
  id: string;
  name: string;
  kind: DestinationKind;
  enabled: boolean;
  url?: string;
  chatId?: string;
  botToken?: string;
  apiBase?: string;
  commands?: boolean;
  /**
   * Never stored: set when read back, when a secret kept encrypted could not be decrypted
   * (alerts/secrets.ts); which field, and why. Such a destination is not sent to until its secret is
   * entered again.
   */
  unreadable?: string;
}

export interface AlertListQuery {
  active: boolean;
  from?: number;
  to?: number;
  limit: number;
}

export interface AlertRepo {
  destinations(): Promise<StoredDestination[]>;
  replaceDestinations(list: readonly StoredDestination[]): Promise<void>;
  /** With a secrets key: encrypts the secrets still stored as plain text; the names of the destinations rewritten. */
  sealPlainSecrets(): Promise<string[]>;
  /** The alerts still open: not resolved, or resolved since `since` (a reopen may still come, a message may be owed). */
  openAlerts(since: number): Promise<TrackedAlert[]>;
  saveAlert(tracked: TrackedAlert): Promise<void>;
  /** Active ones first, then newest first. */
  alerts(query: AlertListQuery): Promise<Alert[]>;
  alert(id: string): Promise<Alert | null>;
  /** The silences ending after `now`. */
  silences(now: number): Promise<Silence[]>;
  addSilence(silence: Silence): Promise<void>;
  /** False when there was none by that id. */
  deleteSilence(id: string): Promise<boolean>;
  addDelivery(delivery: Delivery): Promise<void>;
  updateDelivery(id: string, result: Pick<Delivery, 'ok' | 'attempts' | 'error'>): Promise<void>;
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
}

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
  const saveAlert = db.transaction((tracked: TrackedAlert) => {
    const { alert } = tracked;
    putAlert.run(alert.id, alert.ruleId, alert.state, alert.startedAt, alert.resolvedAt ?? null, JSON.stringify(tracked));
    if (alert.state === 'resolved') pruneAlerts.run(ALERTS_KEPT_MAX);
  });
  const insertDelivery = db.prepare<[string, number, string, string, string, string, number, number, string | null]>(
    'INSERT INTO alert_deliveries (id, at, destination_id, rule, status, text, ok, attempts, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const pruneDeliveries = db.prepare<[number]>('DELETE FROM alert_deliveries WHERE seq <= (SELECT MAX(seq) FROM alert_deliveries) - ?');
  const setResult = db.prepare<[number, number, string | null, string]>('UPDATE alert_deliveries SET ok = ?, attempts = ?, error = ? WHERE id = ?');
  const listDeliveries = db.prepare<[number], DeliveryRow>(
    'SELECT id, at, destination_id, rule, status, text, ok, attempts, error FROM alert_deliveries ORDER BY seq DESC LIMIT ?',
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
    saveAlert: (tracked) => gate.run(() => saveAlert(tracked)),
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
    addDelivery: (d) =>
      gate.run(() => {
        insertDelivery.run(d.id, d.at, d.destinationId, d.rule, d.status, d.text, d.ok ? 1 : 0, d.attempts, d.error ?? null);
        pruneDeliveries.run(kept);
      }),
    updateDelivery: (id, { ok, attempts, error }) => gate.run(() => void setResult.run(ok ? 1 : 0, attempts, error ?? null, id)),
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
        })),
      ),
  };
}
