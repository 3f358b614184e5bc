/**
 * The centre's entries in IndexedDB (one object store keyed by the entry id), so they outlive the
 * page; one database per user of this browser. Where IndexedDB is missing or refuses (jsdom, some private modes), memory only: the centre
 * still works for this page. Writes are fire-and-forget; a failed one is logged.
 */
import { CENTRE_DB_NAME } from '../../config/signals.ts';
import type { JournalPersistence, SignalEntry } from './journal.ts';

const STORE = 'entries';

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

export const memoryPersistence = (): JournalPersistence => ({
  load: () => Promise.resolve([]),
  add: () => undefined,
  dropUpTo: () => undefined,
  clear: () => undefined,
});

/** `name`: the database, one per user (sharedJournal.ts); CENTRE_DB_NAME was the whole browser's. */
export function idbPersistence(
  factory: IDBFactory | undefined = globalThis.indexedDB,
  logger: Pick<Console, 'warn'> = console,
  name: string = CENTRE_DB_NAME,
): JournalPersistence {
  if (!factory) return memoryPersistence();
  const db = open(factory, name);
  db.catch((err: unknown) => logger.warn('[notifications] IndexedDB unavailable, the centre keeps this page only:', err));
  const write = (what: string, run: (store: IDBObjectStore) => void) => {
    db.then((d) => {
      const tx = d.transaction(STORE, 'readwrite');
      run(tx.objectStore(STORE));
      tx.onerror = () => logger.warn(`[notifications] could not ${what}:`, tx.error);
    }).catch(() => undefined);
  };
  return {
    load: () =>
      db.then(
        (d) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = d.transaction(STORE, 'readonly').objectStore(STORE).getAll();
            request.onsuccess = () => resolve(request.result as unknown[]);
            request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
          }),
        () => [],
      ),
    add: (entries: readonly SignalEntry[]) => write('store notifications', (store) => entries.forEach((e) => store.put(e))),
    dropUpTo: (id) => write('trim notifications', (store) => store.delete(IDBKeyRange.upperBound(id))),
    clear: () => write('clear notifications', (store) => store.clear()),
  };
}
