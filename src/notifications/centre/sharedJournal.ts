/** This page's notification centre record: IndexedDB where there is one, the read mark in localStorage. */
import { createJournal, type SignalJournal } from './journal.ts';
import { idbPersistence } from './idbPersistence.ts';

function marks(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let shared: SignalJournal | null = null;

export function signalJournal(): SignalJournal {
  shared ??= createJournal({ persistence: idbPersistence(), marks: marks() });
  return shared;
}
