/**
 * This page's notification centre records, one per user of this browser (issue 25 finding 7): each
 * user's entries in their own IndexedDB database (`operator-console-signals:{user}`) and their read
 * mark under their own localStorage key (`signalsReadUpTo:{user}`), so an Operator signing in after
 * an Admin starts with their own history and unread count, not the Admin's "99+".
 */
import { CENTRE_DB_NAME, CENTRE_READ_STORAGE_KEY } from '../../config/signals.ts';
import { ownedStorageName } from '../../domain/signalOwner.ts';
import { signalOwner } from '../signalOwner.ts';
import { createJournal, type SignalJournal } from './journal.ts';
import { idbPersistence } from './idbPersistence.ts';

type MarkStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The journal's read mark, kept under the user's own key. */
export function ownedMarks(storage: MarkStorage | null, user: string): MarkStorage | null {
  if (!storage) return null;
  return {
    getItem: (key) => storage.getItem(ownedStorageName(key, user)),
    setItem: (key, value) => storage.setItem(ownedStorageName(key, user), value),
  };
}

/**
 * The centre as it was before it was per user (one database and one read mark for the whole
 * browser) is dropped, not given to anyone: it mixes every user's signals, which is the leak this
 * fixes, and a history is not a choice anyone made. Done once per page, at the first sign-in.
 */
let legacyDropped = false;
function dropUnkeyed(): void {
  if (legacyDropped) return;
  legacyDropped = true;
  try {
    browserStorage()?.removeItem(CENTRE_READ_STORAGE_KEY);
    globalThis.indexedDB?.deleteDatabase(CENTRE_DB_NAME);
  } catch {
    // storage refused: nothing of it is read anyway
  }
}

const shared = new Map<string, SignalJournal>();

/** The centre record of a user (one per user and page); the signed-in user's by default. */
export function signalJournal(user: string = signalOwner()): SignalJournal {
  let journal = shared.get(user);
  if (!journal) {
    dropUnkeyed();
    journal = createJournal({
      persistence: idbPersistence(globalThis.indexedDB, console, ownedStorageName(CENTRE_DB_NAME, user)),
      marks: ownedMarks(browserStorage(), user),
    });
    shared.set(user, journal);
  }
  return journal;
}
