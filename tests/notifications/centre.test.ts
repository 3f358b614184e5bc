import { describe, expect, it, vi } from 'vitest';
import { createJournal, parseEntry, type JournalPersistence } from '../../src/notifications/centre/journal.ts';
import { watchHiddenTab } from '../../src/notifications/hiddenTab.ts';
import { createSignalPrefsStore } from '../../src/notifications/signalPrefs.ts';
import { DEFAULT_SIGNAL_PREFS } from '../../src/domain/signals.ts';

function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function persistence(stored: unknown[] = []): JournalPersistence & { added: unknown[]; droppedUpTo: number[]; cleared: number } {
  const p = {
    added: [] as unknown[],
    droppedUpTo: [] as number[],
    cleared: 0,
    load: () => Promise.resolve(stored),
    add: (entries: readonly unknown[]) => void p.added.push(...entries),
    dropUpTo: (id: number) => void p.droppedUpTo.push(id),
    clear: () => void p.cleared++,
  };
  return p;
}

describe('notification centre record', () => {
  it('newest first, earlier sessions included, malformed stored entries logged and dropped', async () => {
    const logger = { warn: vi.fn() };
    const old = { id: 5_000, at: 5, kind: 'info', severity: 'info', text: 'from yesterday' };
    const journal = createJournal({ persistence: persistence([old, { id: 'x' }, { ...old, id: 6_000, severity: 'loud' }]), schedule: (f) => f(), now: () => 10, logger });
    await journal.ready;
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'DAI: failed' });
    expect(journal.getView().entries.map((e) => e.text)).toEqual(['DAI: failed', 'from yesterday']);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('2 stored notification(s) unreadable'));
  });

  it('is bounded: the oldest go, in memory and in storage', async () => {
    const store = persistence();
    let t = 1;
    const journal = createJournal({ persistence: store, schedule: (f) => f(), now: () => t++, max: 3 });
    await journal.ready;
    for (let i = 0; i < 5; i++) journal.record({ kind: 'info', severity: 'info', text: `n${i}` });
    expect(journal.getView().entries.map((e) => e.text)).toEqual(['n4', 'n3', 'n2']);
    expect(store.droppedUpTo.length).toBeGreaterThan(0);
  });

  it('counts unread failures and warnings until marked read, not routine entries; the mark is kept; clear empties it for good', async () => {
    const marks = storage();
    const store = persistence();
    const journal = createJournal({ persistence: store, marks, schedule: (f) => f() });
    await journal.ready;
    journal.record({ kind: 'info', severity: 'info', text: 'a' });
    journal.record({ kind: 'warning', severity: 'warning', text: 'b' });
    journal.record({ kind: 'tradeConfirmed', severity: 'success', text: 'c' });
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'd' });
    expect(journal.getView().unread).toBe(2);
    expect(journal.getView().entries).toHaveLength(4);
    journal.markAllRead();
    expect(journal.getView().unread).toBe(0);
    const again = createJournal({ persistence: persistence(store.added), marks, schedule: (f) => f() });
    await again.ready;
    expect(again.getView().unread).toBe(0);
    journal.clear();
    expect(journal.getView().entries).toEqual([]);
    expect(store.cleared).toBe(1);
  });

  it('listeners hear of a burst once per flush', async () => {
    const flushes: (() => void)[] = [];
    const journal = createJournal({ persistence: persistence(), schedule: (f) => void flushes.push(f) });
    await journal.ready;
    const listener = vi.fn();
    journal.subscribe(listener);
    for (let i = 0; i < 50; i++) journal.record({ kind: 'info', severity: 'info', text: `${i}` });
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(journal.getView().entries).toHaveLength(50);
  });

  it('links lead inside the console only; text is kept as text', () => {
    const base = { id: 1, at: 1, kind: 'info', severity: 'info', text: '<b>x</b>' };
    expect(parseEntry({ ...base, link: { href: 'https://evil.example', label: 'x' } })).toEqual(base);
    expect(parseEntry({ ...base, link: { href: '/tx?filter=%7B%7D', label: 'trade' } })?.link?.href).toBe('/tx?filter=%7B%7D');
  });
});

describe('hidden tab: title count and browser notifications', () => {
  function fakeDocument(hidden = false) {
    const listeners = new Set<() => void>();
    const doc = {
      hidden,
      title: 'Operator Console',
      addEventListener: (_: string, l: () => void) => void listeners.add(l),
      removeEventListener: (_: string, l: () => void) => void listeners.delete(l),
      setHidden(h: boolean) {
        doc.hidden = h;
        for (const l of listeners) l();
      },
    };
    return doc;
  }

  it('counts failures and warnings recorded while hidden and unread; visible again, the plain title', async () => {
    let now = 1000;
    const journal = createJournal({ persistence: persistence(), schedule: (f) => f(), now: () => now });
    await journal.ready;
    const doc = fakeDocument();
    const prefs = createSignalPrefsStore(storage());
    const stop = watchHiddenTab({ journal, prefs, doc: doc as never, notify: vi.fn(), now: () => now });
    journal.record({ kind: 'warning', severity: 'warning', text: 'before hiding' });
    now = 2000;
    doc.setHidden(true);
    journal.record({ kind: 'info', severity: 'info', text: 'fyi' });
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'DAI failed' });
    journal.record({ kind: 'warning', severity: 'warning', text: 'careful' });
    expect(doc.title).toBe('(2) Operator Console');
    journal.markAllRead();
    expect(doc.title).toBe('Operator Console');
    journal.record({ kind: 'connection', severity: 'error', text: 'Disconnected from server' });
    expect(doc.title).toBe('(1) Operator Console');
    doc.setHidden(false);
    expect(doc.title).toBe('Operator Console');
    stop();
  });

  it('a browser notification for a trade failure or a disconnect while hidden, once allowed, and not when muted', async () => {
    const journal = createJournal({ persistence: persistence(), schedule: (f) => f() });
    await journal.ready;
    const doc = fakeDocument(true);
    const prefs = createSignalPrefsStore(storage());
    const notify = vi.fn();
    watchHiddenTab({ journal, prefs, doc: doc as never, notify });
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'not allowed yet' });
    expect(notify).not.toHaveBeenCalled();
    prefs.set({ ...DEFAULT_SIGNAL_PREFS, browserNotifications: true });
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'DAI: failed to build bridge tx' });
    journal.record({ kind: 'connection', severity: 'warning', text: 'Disconnected from server. Reconnecting...' });
    journal.record({ kind: 'error', severity: 'error', text: 'a notify error' });
    expect(notify.mock.calls.map((c) => c[0])).toEqual(['Operator Console: Trade failed', 'Operator Console: Connection']);
    prefs.set({ ...prefs.get(), levels: { tradeFailed: 'bellOnly' } });
    journal.record({ kind: 'tradeFailed', severity: 'error', text: 'muted' });
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
