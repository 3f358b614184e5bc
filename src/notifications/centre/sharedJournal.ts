/**
 * This page's notification centre records, one per user of this browser: each
 * user's entries in their own IndexedDB database (`operator-console-signals:{user}`) and their read
 * mark under their own localStorage key (`signalsReadUpTo:{user}`), so an Operator signing in after
 * an Admin starts with their own history and unread count, not the Admin's "99+". The unkeyed
 * database and read mark of before (one for the whole browser) are dropped: not read for anyone,
 * since they mix every user's signals.
 */
import { CENTRE_DB_NAME, CENTRE_READ_STORAGE_KEY } from '../../config/signals.ts';
import { ownedStorageName } from '../../domain/signalOwner.ts';
import { signalOwner } from '../signalOwner.ts';
import { createJournal, type SignalJournal } from './journal.ts';
import { idbPersistence } from './idbPersistence.ts';

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const shared = new Map<string, SignalJournal>();

/** The centre record of a user (one per user and page); the signed-in user's by default. */
export function signalJournal(user: string = signalOwner()): SignalJournal {
  let journal = shared.get(user);
  if (!journal) {
    journal = createJournal({
      persistence: idbPersistence(globalThis.indexedDB, console, ownedStorageName(CENTRE_DB_NAME, user)),
      marks: browserStorage(),
      markKey: ownedStorageName(CENTRE_READ_STORAGE_KEY, user),
    });
    shared.set(user, journal);
  }
  return journal;
}
