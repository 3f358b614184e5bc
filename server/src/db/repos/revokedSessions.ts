/** Sessions ended before their expiry (POST /api/logout), remembered until they would have expired. */
import type { Database } from 'better-sqlite3';
import type { Gate } from '../gate.ts';

export interface RevokedSessionRepo {
  /** The revoked sessions that have not expired yet at `nowMs`. */
  active(nowMs: number): Promise<{ sid: string; expiresAt: number }[]>;
  /** Records the revocation and forgets those expired by `nowMs`. */
  revoke(sid: string, expiresAt: number, nowMs: number): Promise<void>;
}

export function sqliteRevokedSessionRepo(db: Database, gate: Gate): RevokedSessionRepo {
  const active = db.prepare<[number], { sid: string; expiresAt: number }>(
    'SELECT sid, expires_at AS expiresAt FROM revoked_sessions WHERE expires_at > ?',
  );
  const insert = db.prepare<[string, number]>('INSERT OR IGNORE INTO revoked_sessions (sid, expires_at) VALUES (?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM revoked_sessions WHERE expires_at <= ?');
  return {
    active: (nowMs) => gate.run(() => active.all(nowMs)),
    revoke: (sid, expiresAt, nowMs) =>
      gate.run(() => {
        prune.run(nowMs);
        insert.run(sid, expiresAt);
      }),
  };
}
