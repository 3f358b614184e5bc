/**
 * The rules of calm signals (src/config/signals.ts), as plain functions: which toasts stay on
 * screen, when two toasts are one, what a muted or snoozed kind still does, what the tab title says
 * while the operator looks elsewhere.
 */
import {
  DEFAULT_TOAST_LIMIT, MAX_TOAST_LIMIT, MIN_TOAST_LIMIT, SIGNAL_KINDS, TOAST_MERGE_WINDOW_MS,
  type SignalKind, type SignalLevel, type SignalSeverity,
} from '../config/signals.ts';
import { levelOf, levelsFromMutedToasts, parseLevels, reachesBell, showsToast } from './signalPolicy.ts';

/** A toast variant as the toaster takes it ('default' is react-admin's plain notification). */
export type ToastVariantName = SignalSeverity | 'default';

/** The severity of a toast variant: a plain one reads as info. */
export function severityOf(variant: ToastVariantName): SignalSeverity {
  return variant === 'default' ? 'info' : variant;
}

/**
 * The kind of a toast whose caller did not say: the realtime connection's toasts carry ids under
 * `realtime:`; anything else is a notification of its severity.
 */
export function kindOfToast(variant: ToastVariantName, id?: string): SignalKind {
  if (id?.startsWith('realtime:')) return 'connection';
  return severityOf(variant);
}

/** Two toasts are the same when kind and text are; a toast without text (a bare element) merges with none. */
export function mergeKey(kind: string, text: string | null): string | null {
  return text === null || text === '' ? null : `${kind}\u0000${text}`;
}

/** Whether a toast shown at `at` merges into an open one of the same key last shown at `lastAt`. */
export function mergesInto(lastAt: number, at: number, windowMs = TOAST_MERGE_WINDOW_MS): boolean {
  return at >= lastAt && at - lastAt <= windowMs;
}

export interface StackedToast {
  /** Stays open until closed (§8 "Disconnected from server"). */
  persistent: boolean;
  /** Order of arrival (a merge counts as a new arrival): larger is newer. */
  seq: number;
}

/**
 * The toasts that stay on screen: at most `limit`, persistent ones first (they say something is
 * still wrong), then the newest. The others collapse into "+K more". Returns the visible ones,
 * newest first (§2 newest on top).
 */
export function pickVisible<T extends StackedToast>(open: readonly T[], limit: number): T[] {
  const newestFirst = [...open].sort((a, b) => b.seq - a.seq);
  const kept = new Set<T>();
  for (const toast of newestFirst) if (toast.persistent && kept.size < limit) kept.add(toast);
  for (const toast of newestFirst) if (!toast.persistent && kept.size < limit) kept.add(toast);
  return newestFirst.filter((toast) => kept.has(toast));
}

export function clampToastLimit(n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n)) return DEFAULT_TOAST_LIMIT;
  return Math.min(MAX_TOAST_LIMIT, Math.max(MIN_TOAST_LIMIT, n));
}

/** What the operator chose, per browser. */
export interface SignalPrefs {
  /** Toasts on screen at most. */
  limit: number;
  /** The level the operator picked per kind; a kind not named here has its default (signalPolicy.ts). */
  levels: Readonly<Partial<Record<SignalKind, SignalLevel>>>;
  /** Kinds whose sound is muted. */
  mutedSounds: readonly SignalKind[];
  /** Everything is quiet until this time (ms), if set. */
  snoozeUntil: number | null;
  /** Browser notifications for trade failures and disconnects while the tab is hidden (permission asked first). */
  browserNotifications: boolean;
}

export const DEFAULT_SIGNAL_PREFS: SignalPrefs = {
  limit: DEFAULT_TOAST_LIMIT,
  levels: {},
  mutedSounds: [],
  snoozeUntil: null,
  browserNotifications: false,
};

const knownKinds = (value: unknown): SignalKind[] =>
  Array.isArray(value) ? SIGNAL_KINDS.filter((kind) => value.includes(kind)) : [];

/** Stored preferences, read leniently: anything unreadable falls back to its default, field by field. */
export function parseSignalPrefs(stored: unknown): SignalPrefs {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SIGNAL_PREFS;
  const raw = stored as Record<string, unknown>;
  const snooze = raw.snoozeUntil;
  return {
    limit: clampToastLimit(raw.limit),
    levels: parseLevels(raw.levels),
    mutedSounds: knownKinds(raw.mutedSounds),
    snoozeUntil: typeof snooze === 'number' && Number.isFinite(snooze) ? snooze : null,
    browserNotifications: raw.browserNotifications === true,
  };
}

/**
 * Preferences stored before levels existed (per-kind `mutedToasts`), in today's shape: the mutes
 * become levels (signalPolicy.ts), the rest is read as always. Anything unreadable: the defaults.
 */
export function migrateLegacyPrefs(stored: unknown): SignalPrefs {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return DEFAULT_SIGNAL_PREFS;
  const raw = stored as Record<string, unknown>;
  return parseSignalPrefs({ ...raw, levels: levelsFromMutedToasts(raw.mutedToasts) });
}

export function isSnoozed(prefs: SignalPrefs, now: number): boolean {
  return prefs.snoozeUntil !== null && now < prefs.snoozeUntil;
}

/** A snooze for `durationMs` from now. */
export function snoozeFor(prefs: SignalPrefs, now: number, durationMs: number): SignalPrefs {
  return { ...prefs, snoozeUntil: now + durationMs };
}

/** Whether a signal of this kind shows a toast now: its level has one and nothing is snoozed. */
export function toastAllowed(prefs: SignalPrefs, kind: string, now: number): boolean {
  return !isSnoozed(prefs, now) && showsToast(levelOf(prefs.levels, kind));
}

/** Whether a signal of this kind is recorded in the notification centre; a snooze does not stop that. */
export function bellAllowed(prefs: SignalPrefs, kind: string): boolean {
  return reachesBell(levelOf(prefs.levels, kind));
}

/** A sound of no kind (the server's `sound` event) is quiet only while snoozed; a kind set to Off is silent too. */
export function soundAllowed(prefs: SignalPrefs, kind: string | null, now: number): boolean {
  if (isSnoozed(prefs, now)) return false;
  return kind === null || (levelOf(prefs.levels, kind) !== 'off' && !prefs.mutedSounds.includes(kind as SignalKind));
}

export function withSoundMuted(prefs: SignalPrefs, kind: SignalKind, muted: boolean): SignalPrefs {
  const others = prefs.mutedSounds.filter((k) => k !== kind);
  return { ...prefs, mutedSounds: muted ? [...others, kind] : others };
}

export function withLevel(prefs: SignalPrefs, kind: SignalKind, level: SignalLevel): SignalPrefs {
  return { ...prefs, levels: { ...prefs.levels, [kind]: level } };
}

/** A failure or a warning: what the title counts while the tab is hidden. */
export function isAlarm(severity: SignalSeverity): boolean {
  return severity === 'error' || severity === 'warning';
}

/** Trade failures and disconnects reach the operator through a browser notification when the tab is hidden. */
export function wantsBrowserNotification(kind: string, severity: SignalSeverity): boolean {
  return kind === 'tradeFailed' || (kind === 'connection' && isAlarm(severity));
}

/** "(2) Operator Console": the count of unread failures and warnings in front of the title, none at 0. */
export function titleWithCount(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

/** The title without a count this console put in front of it. */
export function titleWithoutCount(title: string): string {
  return title.replace(/^\(\d+\) /, '');
}

/** Entries the operator has not marked read: those after the read mark (ids only grow). */
export function isUnread(id: number, readUpTo: number): boolean {
  return id > readUpTo;
}

/**
 * What the bell's count counts: an unread entry that needs a look, a failure or a warning (a trade
 * failed, an alert firing, the connection lost), the same rule as the hidden tab's title. Routine
 * entries an operator keeps in the bell (a trade confirmed, a notice) are listed, not counted, so
 * the count means something is wrong.
 */
export function countsAsUnread(entry: { id: number; severity: SignalSeverity }, readUpTo: number): boolean {
  return isUnread(entry.id, readUpTo) && isAlarm(entry.severity);
}
