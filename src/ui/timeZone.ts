/**
 * The header's choice of local time or UTC, one store for every time on every screen: a change
 * re-renders each place that shows a time at once. Remembered per browser in localStorage; what was
 * stored and is not a mode (or storage that cannot be read) gives local time.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { TIME_ZONE_STORAGE_KEY } from '../config/constants.ts';
import { formatTime, timeZoneModeOf, type TimeZoneMode } from '../domain/time.ts';

const listeners = new Set<() => void>();
/** Read from storage once, then kept here; null until first asked for (and after another tab wrote it). */
let current: TimeZoneMode | null = null;

function readStored(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null; // storage access can throw (privacy modes); then the default applies
  }
}

export function getTimeZoneMode(): TimeZoneMode {
  current ??= timeZoneModeOf(readStored());
  return current;
}

export function setTimeZoneMode(mode: TimeZoneMode): void {
  current = mode;
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, mode);
  } catch {
    // quota or privacy mode: the choice holds for this page but is not remembered
  }
  for (const listener of listeners) listener();
}

/** Another tab of the same browser changed the choice: this one follows. */
function onStorage(event: StorageEvent) {
  if (event.key !== TIME_ZONE_STORAGE_KEY && event.key !== null) return;
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useTimeZoneMode(): TimeZoneMode {
  return useSyncExternalStore(subscribe, getTimeZoneMode, getTimeZoneMode);
}

/** A formatter for the chosen zone ("2026-11-24 23:41:07 UTC"); a new one when the choice changes. */
export function useFormatTime(): (ms: number) => string {
  const mode = useTimeZoneMode();
  return useCallback((ms: number) => formatTime(ms, mode), [mode]);
}
