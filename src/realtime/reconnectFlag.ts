/**
 * §4 reconn flag in localStorage: "0" means do not reconnect after a disconnect (set by the
 * server's stopReconnect, and by an unauthorized handshake). A fresh login clears it.
 */
import { RECONN_FLAG_STORAGE_KEY } from '../config/constants.ts';

export type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage access can throw in privacy modes; then reconnecting stays allowed
  }
}

export function isReconnectStopped(storage: FlagStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(RECONN_FLAG_STORAGE_KEY) === '0';
  } catch {
    return false;
  }
}

export function stopReconnect(storage: FlagStorage | null = browserStorage()): void {
  try {
    storage?.setItem(RECONN_FLAG_STORAGE_KEY, '0');
  } catch {
    // not persisted; nothing else to do
  }
}

/** Called by the login flow: a new session may reconnect again. */
export function resetReconnectFlag(storage: FlagStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(RECONN_FLAG_STORAGE_KEY);
  } catch {
    // not persisted; nothing else to do
  }
}
