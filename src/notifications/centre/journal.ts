/**
 * The notification centre's record: the signals whose level reaches the bell (the toaster decides),
 * newest first, bounded (CENTRE_MAX_ENTRIES), kept across sessions by a
 * persistence port (IndexedDB in the browser, memory where there is none). Recording is cheap and
 * synchronous; listeners hear of it at most once per flush (a burst of events is one update).
 */
import { CENTRE_MAX_ENTRIES, CENTRE_READ_STORAGE_KEY, SIGNAL_SEVERITIES, type SignalSeverity } from '../../config/signals.ts';
import { countsAsUnread } from '../../domain/signals.ts';

/** Where an entry leads: a trade's transactions, a transaction. An app path, never a URL elsewhere. */
export interface SignalLink {
  href: string;
  label: string;
}

export interface SignalEntry {
  /** Grows with time across sessions (ms × 1000 + n), so "read up to" is one number. */
  id: number;
  /** When it happened (ms). */
  at: number;
  /** One of SIGNAL_KINDS (config/signals.ts). */
  kind: string;
  severity: SignalSeverity;
  text: string;
  link?: SignalLink;
}

export type SignalInput = Omit<SignalEntry, 'id' | 'at'> & { at?: number };

export interface JournalPersistence {
  /** Stored entries, any order. */
  load(): Promise<unknown[]>;
  add(entries: readonly SignalEntry[]): void;
  /** Forgets entries with an id at or below this one. */
  dropUpTo(id: number): void;
  clear(): void;
}

export interface JournalView {
  /** Newest first. */
  entries: readonly SignalEntry[];
  /** Unread entries that need a look (domain countsAsUnread): the bell's count. */
  unread: number;
  readUpTo: number;
}

export interface SignalJournal {
  record(input: SignalInput): SignalEntry;
  getView(): JournalView;
  subscribe(listener: () => void): () => void;
  /** Called at once for every entry recorded here (browser notifications). */
  onRecord(listener: (entry: SignalEntry) => void): () => void;
  markAllRead(): void;
  clear(): void;
  /** Settles when what earlier sessions stored has been read. */
  ready: Promise<void>;
}

type MarkStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface JournalDeps {
  persistence: JournalPersistence;
  marks?: MarkStorage | null;
  /** The read mark's key in `marks`: the user's own (sharedJournal.ts). */
  markKey?: string;
  now?: () => number;
  /** Runs the flush later; default a short timeout (also runs in a hidden tab, unlike a frame). */
  schedule?: (flush: () => void) => void;
  max?: number;
  logger?: Pick<Console, 'warn'>;
}

const isText = (v: unknown, max = 2000): v is string => typeof v === 'string' && v.length <= max;

/** A stored entry as it must be, or null (logged and dropped by the caller). */
export function parseEntry(raw: unknown): SignalEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.id !== 'number' || !Number.isFinite(e.id) || typeof e.at !== 'number' || !Number.isFinite(e.at)) return null;
  if (!isText(e.kind, 64) || !isText(e.text) || !SIGNAL_SEVERITIES.includes(e.severity as SignalSeverity)) return null;
  const entry: SignalEntry = { id: e.id, at: e.at, kind: e.kind, severity: e.severity as SignalSeverity, text: e.text };
  const link = e.link as Record<string, unknown> | undefined;
  if (link && isText(link.href, 512) && link.href.startsWith('/') && isText(link.label, 200)) entry.link = { href: link.href, label: link.label };
  return entry;
}

export function createJournal(deps: JournalDeps): SignalJournal {
  const { persistence } = deps;
  const now = deps.now ?? Date.now;
  const schedule = deps.schedule ?? ((flush: () => void) => void globalThis.setTimeout(flush, 50));
  const max = deps.max ?? CENTRE_MAX_ENTRIES;
  const logger = deps.logger ?? console;
  const marks = deps.marks ?? null;
  const markKey = deps.markKey ?? CENTRE_READ_STORAGE_KEY;

  let entries: SignalEntry[] = [];
  let readUpTo = Number(marks?.getItem(markKey) ?? 0) || 0;
  let view: JournalView = { entries, unread: 0, readUpTo };
  let lastId = 0;
  /** Recorded since the last flush, oldest first. */
  let pending: SignalEntry[] = [];
  let flushing = false;
  /** Cleared before earlier sessions' entries were read: those are not to come back. */
  let cleared = false;
  const listeners = new Set<() => void>();
  const recordListeners = new Set<(entry: SignalEntry) => void>();

  const publish = () => {
    let unread = 0;
    for (const entry of entries) if (countsAsUnread(entry, readUpTo)) unread++;
    view = { entries, unread, readUpTo };
    for (const listener of [...listeners]) listener();
  };

  const flush = () => {
    flushing = false;
    if (pending.length === 0) return;
    const fresh = pending;
    pending = [];
    persistence.add(fresh);
    entries = [...fresh.reverse(), ...entries];
    if (entries.length > max) {
      const dropped = entries[max];
      entries = entries.slice(0, max);
      if (dropped) persistence.dropUpTo(dropped.id);
    }
    publish();
  };

  const saveMark = () => {
    try {
      marks?.setItem(markKey, String(readUpTo));
    } catch {
      // not persisted: the mark holds for this page
    }
  };

  const ready = persistence
    .load()
    .then((stored) => {
      if (cleared) return;
      const loaded: SignalEntry[] = [];
      let malformed = 0;
      for (const raw of stored) {
        const entry = parseEntry(raw);
        if (entry) loaded.push(entry);
        else malformed++;
      }
      if (malformed > 0) logger.warn(`[notifications] ${malformed} stored notification(s) unreadable, dropped`);
      const known = new Set(entries.map((e) => e.id));
      entries = [...entries, ...loaded.filter((e) => !known.has(e.id))].sort((a, b) => b.id - a.id).slice(0, max);
      lastId = Math.max(lastId, entries[0]?.id ?? 0);
      publish();
    })
    .catch((err: unknown) => logger.warn('[notifications] stored notifications could not be read:', err));

  return {
    record(input) {
      const at = input.at ?? now();
      lastId = Math.max(lastId + 1, Math.floor(at) * 1000);
      const entry: SignalEntry = { ...input, id: lastId, at };
      pending.push(entry);
      for (const listener of [...recordListeners]) listener(entry);
      if (!flushing) {
        flushing = true;
        schedule(flush);
      }
      return entry;
    },
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onRecord(listener) {
      recordListeners.add(listener);
      return () => void recordListeners.delete(listener);
    },
    markAllRead() {
      flush();
      readUpTo = Math.max(readUpTo, lastId);
      saveMark();
      publish();
    },
    clear() {
      cleared = true;
      pending = [];
      entries = [];
      readUpTo = Math.max(readUpTo, lastId);
      saveMark();
      persistence.clear();
      publish();
    },
    ready,
  };
}
