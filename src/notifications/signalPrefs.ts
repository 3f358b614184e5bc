/**
 * The operator's signal preferences (domain SignalPrefs), kept per browser in localStorage and
 * observable, so the toaster, the sounds and the preferences screen read one copy.
 */
import { SIGNAL_PREFS_STORAGE_KEY } from '../config/signals.ts';
import { parseSignalPrefs, soundAllowed, toastAllowed, type SignalPrefs } from '../domain/signals.ts';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SignalPrefsStore {
  get(): SignalPrefs;
  set(next: SignalPrefs): void;
  subscribe(listener: () => void): () => void;
  toastAllowed(kind: string): boolean;
  soundAllowed(kind: string | null): boolean;
}

function browserStorage(): PrefsStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(storage: PrefsStorage | null): SignalPrefs {
  try {
    const raw = storage?.getItem(SIGNAL_PREFS_STORAGE_KEY);
    return parseSignalPrefs(raw ? (JSON.parse(raw) as unknown) : null);
  } catch {
    return parseSignalPrefs(null); // unreadable: the defaults
  }
}

export function createSignalPrefsStore(storage: PrefsStorage | null = browserStorage(), now: () => number = Date.now): SignalPrefsStore {
  let prefs = read(storage);
  const listeners = new Set<() => void>();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SIGNAL_PREFS_STORAGE_KEY) return;
    prefs = read(storage);
    for (const listener of [...listeners]) listener();
  };
  // Another tab of this browser changed them: the same preferences everywhere.
  if (typeof window !== 'undefined' && storage) window.addEventListener('storage', onStorage);
  return {
    get: () => prefs,
    set(next) {
      prefs = next;
      try {
        storage?.setItem(SIGNAL_PREFS_STORAGE_KEY, JSON.stringify(next));
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

let shared: SignalPrefsStore | null = null;
/** This browser's preferences (one store per page). */
export function signalPrefs(): SignalPrefsStore {
  shared ??= createSignalPrefsStore();
  return shared;
}
