/**
 * The operator's volume setting (§9: local setting volumeSlider, default 100%).
 * Stored as a number from 0 to 1 (1 = 100%), matching DEFAULT_VOLUME; anything unreadable
 * falls back to the default.
 */
import { DEFAULT_VOLUME, VOLUME_STORAGE_KEY } from '../config/constants.ts';

type VolumeStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): VolumeStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage access can throw (privacy modes); then the default applies
  }
}

function clamp01(n: number): number {
  return Math.min(1, Math.max(0, n));
}

export function getVolume(storage: VolumeStorage | null = browserStorage()): number {
  const raw = storage?.getItem(VOLUME_STORAGE_KEY);
  if (raw === null || raw === undefined || raw.trim() === '') return DEFAULT_VOLUME;
  const n = Number(raw);
  return Number.isFinite(n) ? clamp01(n) : DEFAULT_VOLUME;
}

export function setVolume(volume: number, storage: VolumeStorage | null = browserStorage()): void {
  if (!Number.isFinite(volume)) return;
  try {
    storage?.setItem(VOLUME_STORAGE_KEY, String(clamp01(volume)));
  } catch {
    // quota or privacy mode: the setting just is not persisted
  }
}
