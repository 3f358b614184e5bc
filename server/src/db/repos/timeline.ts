/**
 * The timeline's own events (docs/protocol.md "Timeline", migration 17): what the server saw
 * happen, one row each. A page is read newest first from timeline_by_at; user log entries are not
 * here but merged by the route. Rows older than the keep window are pruned by whoever records.
 */
import type { Database } from 'better-sqlite3';
import type { TimelineKind } from '../../../../src/config/enums.ts';
import { TimelineEvent } from '../../../../src/contract/index.ts';
import type { Gate } from '../gate.ts';

export interface TimelinePage {
  /** `at` from this time on (ms, included). */
  from: number;
  /** `at` up to this time (ms, included). */
  to: number;
  /** Only events strictly older than this (ms). */
  before?: number;
  /** Only these kinds; every kind when absent. */
  kinds?: readonly TimelineKind[];
  limit: number;
}

export interface TimelineRepo {
  insert(event: TimelineEvent): Promise<void>;
  /** Newest first; events of one ms in a stable order. */
  list(page: TimelinePage): Promise<TimelineEvent[]>;
  /** Deletes events older than `before` (ms); how many. */
  prune(before: number): Promise<number>;
}

interface Row {
  at: number;
  kind: string;
  severity: string | null;
  text: string;
  link: string | null;
  ref: string | null;
}

/** A row as the contract says it, NULL columns left out; null for a row the contract would refuse (written by hand, or by an older server). */
function toEvent(row: Row): TimelineEvent | null {
  const parsed = TimelineEvent.safeParse(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)));
  return parsed.success ? parsed.data : null;
}

export function sqliteTimelineRepo(db: Database, gate: Gate): TimelineRepo {
  const insert = db.prepare<[number, string, string | null, string, string | null, string | null]>(
    'INSERT INTO timeline_events (at, kind, severity, text, link, ref) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // kinds travels as a JSON array so one statement serves every choice; NULL means every kind.
  // `+kind` keeps SQLite on timeline_by_at: the range is bounded and the page short.
  const page = db.prepare<[{ from: number; to: number; before: number; kinds: string | null; limit: number }], Row>(
    `SELECT at, kind, severity, text, link, ref FROM timeline_events
     WHERE at >= @from AND at <= @to AND at < @before
       AND (@kinds IS NULL OR +kind IN (SELECT value FROM json_each(@kinds)))
     ORDER BY at DESC, id DESC LIMIT @limit`,
  );
  const prune = db.prepare<[number]>('DELETE FROM timeline_events WHERE at < ?');
  return {
    insert: (event) =>
      gate.run(() => {
        insert.run(event.at, event.kind, event.severity ?? null, event.text, event.link ?? null, event.ref ?? null);
      }),
    list: ({ from, to, before = Number.MAX_SAFE_INTEGER, kinds, limit }) =>
      gate.run(() =>
        page.all({ from, to, before, kinds: kinds === undefined ? null : JSON.stringify(kinds), limit })
          .map(toEvent)
          .filter((event): event is TimelineEvent => event !== null),
      ),
    prune: (before) => gate.run(() => prune.run(before).changes),
  };
}
