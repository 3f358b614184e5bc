import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNAL_LEVELS, SIGNAL_KINDS } from '../../src/config/signals.ts';
import { levelOf, levelsFromMutedToasts, parseLevels, reachesBell, showsToast } from '../../src/domain/signalPolicy.ts';
import { bellAllowed, countsAsUnread, DEFAULT_SIGNAL_PREFS, migrateLegacyPrefs, toastAllowed, withLevel } from '../../src/domain/signals.ts';

describe('the notification policy (docs/guide.md "Preferences")', () => {
  it('every kind has a default level; routine trade progress stays out of the bell, failures and firing alerts go to it', () => {
    expect(Object.keys(DEFAULT_SIGNAL_LEVELS).sort()).toEqual([...SIGNAL_KINDS].sort());
    for (const kind of ['tradeSent', 'tradeConfirmed'] as const) {
      expect(reachesBell(levelOf({}, kind))).toBe(false);
      expect(showsToast(levelOf({}, kind))).toBe(true);
    }
    for (const kind of ['tradeFailed', 'alert', 'connection', 'error', 'warning'] as const) expect(reachesBell(levelOf({}, kind))).toBe(true);
  });

  it("the operator's pick wins over the default; a kind this console does not know is kept, toast and bell", () => {
    expect(levelOf({ tradeFailed: 'bellOnly' }, 'tradeFailed')).toBe('bellOnly');
    expect(levelOf({ tradeFailed: 'bellOnly' }, 'tradeSent')).toBe('toastOnly');
    expect(levelOf({}, 'somethingNewer')).toBe('toastAndBell');
  });

  it('each level says whether a toast shows and whether the bell records it', () => {
    expect([showsToast('toastAndBell'), reachesBell('toastAndBell')]).toEqual([true, true]);
    expect([showsToast('toastOnly'), reachesBell('toastOnly')]).toEqual([true, false]);
    expect([showsToast('bellOnly'), reachesBell('bellOnly')]).toEqual([false, true]);
    expect([showsToast('off'), reachesBell('off')]).toEqual([false, false]);
  });

  it('a snooze stops toasts, not the bell', () => {
    const snoozed = { ...DEFAULT_SIGNAL_PREFS, snoozeUntil: 10_000 };
    expect(toastAllowed(snoozed, 'tradeFailed', 5000)).toBe(false);
    expect(bellAllowed(snoozed, 'tradeFailed')).toBe(true);
    expect(bellAllowed(withLevel(snoozed, 'tradeFailed', 'off'), 'tradeFailed')).toBe(false);
  });

  it('stored levels are read leniently: unknown kinds and levels are dropped, junk is no pick at all', () => {
    expect(parseLevels({ tradeSent: 'bellOnly', alert: 'loud', nope: 'off' })).toEqual({ tradeSent: 'bellOnly' });
    for (const junk of [null, 'off', 42, ['off']]) expect(parseLevels(junk)).toEqual({});
  });
});

describe('the bell counts what needs a look', () => {
  it('an unread failure or warning counts; an unread routine entry, or a read failure, does not', () => {
    expect(countsAsUnread({ id: 5, severity: 'error' }, 4)).toBe(true);
    expect(countsAsUnread({ id: 5, severity: 'warning' }, 4)).toBe(true);
    expect(countsAsUnread({ id: 5, severity: 'success' }, 4)).toBe(false);
    expect(countsAsUnread({ id: 5, severity: 'info' }, 4)).toBe(false);
    expect(countsAsUnread({ id: 4, severity: 'error' }, 4)).toBe(false);
  });
});

describe('migrating the per-kind mutes of before levels', () => {
  it('a muted toast becomes Bell only where the kind goes to the bell, Off where the bell now leaves it out', () => {
    expect(levelsFromMutedToasts(['warning', 'tradeSent', 'nope', 7])).toEqual({ warning: 'bellOnly', tradeSent: 'off' });
    expect(levelsFromMutedToasts('warning')).toEqual({});
  });

  it('the rest of what was stored is kept; unmuted kinds take the new defaults', () => {
    const migrated = migrateLegacyPrefs({ limit: 2, mutedToasts: ['alert'], mutedSounds: ['connection'], snoozeUntil: 123, browserNotifications: true });
    expect(migrated).toEqual({ limit: 2, levels: { alert: 'bellOnly' }, mutedSounds: ['connection'], snoozeUntil: 123, browserNotifications: true });
    expect(levelOf(migrated.levels, 'tradeConfirmed')).toBe('toastOnly');
  });

  it('anything unreadable migrates to the defaults, never a crash', () => {
    for (const junk of [null, undefined, 'x', 3, [], { mutedToasts: { a: 1 }, limit: 'many' }]) {
      expect(migrateLegacyPrefs(junk)).toEqual(DEFAULT_SIGNAL_PREFS);
    }
  });
});
