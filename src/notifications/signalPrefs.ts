/**
 * The operator's signal preferences (domain SignalPrefs), kept per user in this browser's
 * localStorage (`signalPrefs:{user}`) and observable, so the toaster, the sounds
 * and the preferences screen read one copy.
 */
import { SIGNAL_PREFS_STORAGE_KEY } from '../config/signals.ts';
import { ownedStorageName } from '../domain/signalOwner.ts';
import { parseSignalPrefs, soundAllowed, toastAllowed, type SignalPrefs } from '../domain/signals.ts';
import { signalOwner } from './signalOwner.ts';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SignalPrefsStore {
  get(): SignalPrefs;
  set(next: SignalPrefs): void;
  subscribe(listener: () => void): () => void;
  toastAllowed(kind: string): boolean;
  soundAllowed(kind: string | null): boolean;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(storage: PrefsStorage | null, key: string): SignalPrefs {
  try {
    const raw = storage?.getItem(key);
    return parseSignalPrefs(raw ? (JSON.parse(raw) as unknown) : null);
  } catch {
    return parseSignalPrefs(null); // unreadable: the defaults
  }
}

export function createSignalPrefsStore(
  storage: PrefsStorage | null = browserStorage(),
  now: () => number = Date.now,
  key: string = SIGNAL_PREFS_STORAGE_KEY,
): SignalPrefsStore {
  let prefs = read(storage, key);
  const listeners = new Set<() => void>();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    prefs = read(storage, key);
    for (const listener of [...listeners]) listener();
  };
  // Another tab of this browser changed them: the same preferences everywhere.
  if (typeof window !== 'undefined' && storage) window.addEventListener('storage', onStorage);
  return {
    get: () => prefs,
    set(next) {
      prefs = next;
      try {
        storage?.setItem(key, JSON.stringify(next));
      } catch {
        // quota or privacy mode: kept for this page only
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    toastAllowed: (kind) => toastAllowed(prefs, kind, now()),
    soundAllowed: (kind) => soundAllowed(prefs, kind, now()),
  };
}

const shared = new Map<string, SignalPrefsStore>();
/** The preferences of a user in this browser (one store per user and page); the signed-in user's by default. */
export function signalPrefs(user: string = signalOwner()): SignalPrefsStore {
  let store = shared.get(user);
  if (!store) {
    // The unkeyed `signalPrefs` of before (one for the whole browser) is dropped: not read for
    // anyone, since it may be another user's choices.
    store = createSignalPrefsStore(browserStorage(), Date.now, ownedStorageName(SIGNAL_PREFS_STORAGE_KEY, user));
    shared.set(user, store);
  }
  return store;
}
