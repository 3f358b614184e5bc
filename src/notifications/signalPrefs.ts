/**
 * The operator's signal preferences (domain SignalPrefs: each kind's level, muted sounds, the toast
 * limit, a snooze), kept per user in this browser's localStorage (`signalPolicy:{user}`) and
 * observable, so the toaster, the bell, the sounds and the preferences screen read one copy.
 */
import { SIGNAL_POLICY_STORAGE_KEY, SIGNAL_PREFS_STORAGE_KEY } from '../config/signals.ts';
import { ownedStorageName } from '../domain/signalOwner.ts';
import { bellAllowed, migrateLegacyPrefs, parseSignalPrefs, soundAllowed, toastAllowed, type SignalPrefs } from '../domain/signals.ts';
import { signalOwner } from './signalOwner.ts';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>;

export interface SignalPrefsStore {
  get(): SignalPrefs;
  set(next: SignalPrefs): void;
  subscribe(listener: () => void): () => void;
  toastAllowed(kind: string): boolean;
  /** Whether a signal of this kind is recorded in the notification centre (the bell). */
  bellAllowed(kind: string): boolean;
  soundAllowed(kind: string | null): boolean;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parsedJson(raw: string | null | undefined): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null; // unreadable: the defaults
  }
}

function save(storage: PrefsStorage | null, key: string, prefs: SignalPrefs): void {
  try {
    storage?.setItem(key, JSON.stringify(prefs));
  } catch {
    // quota or privacy mode: kept for this page only
  }
}

/**
 * The preferences under `key`; when there are none yet, the mutes stored before levels existed
 * (`legacyKey`) are read once, written in today's shape under `key`, and removed, so they are
 * never migrated again over a later choice.
 */
function read(storage: PrefsStorage | null, key: string, legacyKey: string | null): SignalPrefs {
  let current: string | null | undefined;
  let legacy: string | null | undefined;
  try {
    current = storage?.getItem(key);
    legacy = current === null && legacyKey !== null ? storage?.getItem(legacyKey) : null;
  } catch {
    return parseSignalPrefs(null);
  }
  if (current !== null && current !== undefined) return parseSignalPrefs(parsedJson(current));
  if (legacy === null || legacy === undefined || legacyKey === null) return parseSignalPrefs(null);
  const migrated = migrateLegacyPrefs(parsedJson(legacy));
  save(storage, key, migrated);
  try {
    storage?.removeItem?.(legacyKey);
  } catch {
    // left behind: the new key is read first from now on
  }
  return migrated;
}

export function createSignalPrefsStore(
  storage: PrefsStorage | null = browserStorage(),
  now: () => number = Date.now,
  key: string = SIGNAL_POLICY_STORAGE_KEY,
  legacyKey: string | null = null,
): SignalPrefsStore {
  let prefs = read(storage, key, legacyKey);
  const listeners = new Set<() => void>();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    prefs = read(storage, key, null);
    for (const listener of [...listeners]) listener();
  };
  // Another tab of this browser changed them: the same preferences everywhere.
  if (typeof window !== 'undefined' && storage) window.addEventListener('storage', onStorage);
  return {
    get: () => prefs,
    set(next) {
      prefs = next;
      save(storage, key, next);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    toastAllowed: (kind) => toastAllowed(prefs, kind, now()),
    bellAllowed: (kind) => bellAllowed(prefs, kind),
    soundAllowed: (kind) => soundAllowed(prefs, kind, now()),
  };
}

const shared = new Map<string, SignalPrefsStore>();
/** The preferences of a user in this browser (one store per user and page); the signed-in user's by default. */
export function signalPrefs(user: string = signalOwner()): SignalPrefsStore {
  let store = shared.get(user);
  if (!store) {
    // The unkeyed `signalPrefs` of before per-user preferences (one for the whole browser) is not
    // read for anyone, since it may be another user's choices; the user's own `signalPrefs:{user}`
    // of before levels is migrated.
    store = createSignalPrefsStore(
      browserStorage(),
      Date.now,
      ownedStorageName(SIGNAL_POLICY_STORAGE_KEY, user),
      ownedStorageName(SIGNAL_PREFS_STORAGE_KEY, user),
    );
    shared.set(user, store);
  }
  return store;
}
