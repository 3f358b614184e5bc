/**
 * The notification policy (docs/guide.md "Preferences"): each kind of signal has a level, the
 * operator's pick or the kind's default, which says whether it shows a toast and whether it goes
 * to the bell. Also the one-time migration of the per-kind mutes stored before levels existed.
 */
import { DEFAULT_SIGNAL_LEVELS, SIGNAL_KINDS, SIGNAL_LEVELS, type SignalKind, type SignalLevel } from '../config/signals.ts';

export type SignalLevels = Readonly<Partial<Record<SignalKind, SignalLevel>>>;

const isKind = (kind: string): kind is SignalKind => (SIGNAL_KINDS as readonly string[]).includes(kind);
const isLevel = (level: unknown): level is SignalLevel => (SIGNAL_LEVELS as readonly unknown[]).includes(level);

/**
 * The level that applies to a kind: the operator's pick, else the kind's default. A kind the
 * console does not know (an entry of a newer console) is shown and kept, rather than lost.
 */
export function levelOf(levels: SignalLevels, kind: string): SignalLevel {
  if (!isKind(kind)) return 'toastAndBell';
  return levels[kind] ?? DEFAULT_SIGNAL_LEVELS[kind];
}

export function showsToast(level: SignalLevel): boolean {
  return level === 'toastAndBell' || level === 'toastOnly';
}

export function reachesBell(level: SignalLevel): boolean {
  return level === 'toastAndBell' || level === 'bellOnly';
}

/** Stored levels, read leniently: an unknown kind or level is dropped, so that kind keeps its default. */
export function parseLevels(stored: unknown): SignalLevels {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const levels: Partial<Record<SignalKind, SignalLevel>> = {};
  for (const [kind, level] of Object.entries(stored as Record<string, unknown>)) {
    if (isKind(kind) && isLevel(level)) levels[kind] = level;
  }
  return levels;
}

/**
 * The levels of a user who muted toasts per kind before levels existed. A muted toast was still
 * recorded in the centre, so a kind whose default reaches the bell becomes Bell only; a kind the
 * bell now leaves out by default (routine trade progress) becomes Off, since that operator wanted
 * no toast of it and the bell no longer takes it either. An unmuted kind keeps its default: the
 * new defaults are the point of the policy.
 */
export function levelsFromMutedToasts(mutedToasts: unknown): SignalLevels {
  if (!Array.isArray(mutedToasts)) return {};
  const levels: Partial<Record<SignalKind, SignalLevel>> = {};
  for (const kind of mutedToasts) {
    if (typeof kind !== 'string' || !isKind(kind)) continue;
    levels[kind] = reachesBell(DEFAULT_SIGNAL_LEVELS[kind]) ? 'bellOnly' : 'off';
  }
  return levels;
}
