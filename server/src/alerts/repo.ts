/**
 * What alerts delivery keeps: the destinations with their secrets (never sent back whole: routes.ts
 * masks them), the rules firing now, and the delivery log, bounded. On the server's connection
 * through its gate (a statement never lands inside another request's transaction); the standalone
 * process opens its own file and gate.
 */
import type { Database } from 'better-sqlite3';
import { ALERT_DELIVERIES_KEPT } from '../../../src/config/alertDelivery.ts';
import type { AlertRule } from '../../../src/contract/alertRules.ts';
import type { Delivery, DestinationKind } from '../../../src/contract/alertDelivery.ts';
import type { Gate } from '../db/gate.ts';

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
}

export interface FiringRule {
  key: string;
  rule: AlertRule;
  startedAt: number;
}

export interface AlertRepo {
  destinations(): Promise<StoredDestination[]>;
  replaceDestinations(list: readonly StoredDestination[]): Promise<void>;
  firing(): Promise<FiringRule[]>;
  startFiring(firing: FiringRule): Promise<void>;
  endFiring(key: string): Promise<void>;
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

export function sqliteAlertRepo(db: Database, gate: Gate, kept = ALERT_DELIVERIES_KEPT): AlertRepo {
  const listDestinations = db.prepare<[], { data: string }>('SELECT data FROM alert_destinations ORDER BY position');
  const clearDestinations = db.prepare('DELETE FROM alert_destinations');
  const insertDestination = db.prepare<[string, number, string]>('INSERT INTO alert_destinations (id, position, data) VALUES (?, ?, ?)');
  const listFiring = db.prepare<[], { rule_key: string; rule: string; started_at: number }>('SELECT rule_key, rule, started_at FROM alert_firing');
  const putFiring = db.prepare<[string, string, number]>(
    'INSERT INTO alert_firing (rule_key, rule, started_at) VALUES (?, ?, ?) ON CONFLICT (rule_key) DO NOTHING',
  );
  const deleteFiring = db.prepare<[string]>('DELETE FROM alert_firing WHERE rule_key = ?');
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
    list.forEach((destination, i) => insertDestination.run(destination.id, i, JSON.stringify(destination)));
  });

  return {
    destinations: () => gate.run(() => listDestinations.all().map((row) => JSON.parse(row.data) as StoredDestination)),
    replaceDestinations: (list) => gate.run(() => replace(list)),
    firing: () =>
      gate.run(() =>
        listFiring.all().map((row) => ({ key: row.rule_key, rule: JSON.parse(row.rule) as AlertRule, startedAt: row.started_at })),
      ),
    startFiring: ({ key, rule, startedAt }) => gate.run(() => void putFiring.run(key, JSON.stringify(rule), startedAt)),
    endFiring: (key) => gate.run(() => void deleteFiring.run(key)),
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
