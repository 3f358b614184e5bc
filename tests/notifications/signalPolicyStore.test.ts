/**
 * The stored policy, per user: the mutes stored before levels existed are read once, written in
 * today's shape and removed; what is stored after that is what is read; bad stored data never stops
 * the console (docs/guide.md "Preferences").
 */
import { describe, expect, it } from 'vitest';
import { SIGNAL_POLICY_STORAGE_KEY, SIGNAL_PREFS_STORAGE_KEY } from '../../src/config/signals.ts';
import { DEFAULT_SIGNAL_PREFS, withLevel } from '../../src/domain/signals.ts';
import { createSignalPrefsStore } from '../../src/notifications/signalPrefs.ts';

function storage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const NEW = `${SIGNAL_POLICY_STORAGE_KEY}:ann`;
const OLD = `${SIGNAL_PREFS_STORAGE_KEY}:ann`;

describe('the stored notification policy', () => {
  it("a user's mutes of before are migrated once: written in the new shape, the old key removed", () => {
    const store = storage({ [OLD]: JSON.stringify({ limit: 3, mutedToasts: ['warning', 'tradeConfirmed'], mutedSounds: ['alert'], snoozeUntil: null, browserNotifications: false }) });
    const prefs = createSignalPrefsStore(store, () => 0, NEW, OLD);
    expect(prefs.get()).toEqual({ ...DEFAULT_SIGNAL_PREFS, limit: 3, levels: { warning: 'bellOnly', tradeConfirmed: 'off' }, mutedSounds: ['alert'] });
    expect(store.data.has(OLD)).toBe(false);
    expect(JSON.parse(store.data.get(NEW)!)).toEqual(prefs.get());
    expect(prefs.toastAllowed('warning')).toBe(false);
    expect(prefs.bellAllowed('warning')).toBe(true);
  });

  it('once the new shape is stored, a stale old key is not read over it', () => {
    const store = storage({ [NEW]: JSON.stringify({ ...DEFAULT_SIGNAL_PREFS, levels: { warning: 'toastOnly' } }), [OLD]: JSON.stringify({ mutedToasts: ['warning'] }) });
    const prefs = createSignalPrefsStore(store, () => 0, NEW, OLD);
    expect(prefs.get().levels).toEqual({ warning: 'toastOnly' });
  });

  it('a level set is stored and read back by the next page', () => {
    const store = storage();
    createSignalPrefsStore(store, () => 0, NEW, OLD).set(withLevel(DEFAULT_SIGNAL_PREFS, 'tradeFailed', 'bellOnly'));
    expect(createSignalPrefsStore(store, () => 0, NEW, OLD).get().levels).toEqual({ tradeFailed: 'bellOnly' });
  });

  it('bad stored data, old or new, gives the defaults and no crash', () => {
    for (const junk of ['{not json', 'null', '"text"', '[1,2]', '{"levels":"all"}']) {
      expect(createSignalPrefsStore(storage({ [NEW]: junk }), () => 0, NEW, OLD).get()).toEqual(DEFAULT_SIGNAL_PREFS);
      expect(createSignalPrefsStore(storage({ [OLD]: junk }), () => 0, NEW, OLD).get()).toEqual(DEFAULT_SIGNAL_PREFS);
    }
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    const prefs = createSignalPrefsStore(throwing, () => 0, NEW, OLD);
    expect(prefs.get()).toEqual(DEFAULT_SIGNAL_PREFS);
    expect(() => prefs.set(withLevel(DEFAULT_SIGNAL_PREFS, 'alert', 'off'))).not.toThrow();
  });
});
