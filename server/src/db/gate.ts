/**
 * Serialises access to the single SQLite connection so that an open transaction never sees
 * statements from other requests. better-sqlite3 is synchronous, but a transaction's work is
 * async (the Store interface is async so that a PostgreSQL backend can sit behind it), so another
 * request could otherwise run SQL on the shared connection between two awaits of a transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from 'better-sqlite3';

interface TxContext {
  open: boolean;
}

export class Gate {
  private readonly context = new AsyncLocalStorage<TxContext>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Database) {}

  /** Runs one synchronous statement: at once inside the current transaction, else after it. */
  run<T>(statement: () => T): Promise<T> {
    if (this.context.getStore()?.open) return settle(statement);
    return this.enqueue(() => statement());
  }

  /** Runs work atomically; a transaction started inside another joins it. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.context.getStore()?.open) return work();
    return this.enqueue(() => {
      const tx: TxContext = { open: true };
      return this.context.run(tx, async () => {
        this.db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work();
          this.db.exec('COMMIT');
          return result;
        } catch (err) {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
          throw err;
        } finally {
          tx.open = false;
        }
      });
    });
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    const next = this.tail.then(task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

function settle<T>(statement: () => T): Promise<T> {
  try {
    return Promise.resolve(statement());
  } catch (err) {
    return Promise.reject(err);
  }
}
