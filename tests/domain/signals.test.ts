import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_LIMIT, MAX_TOAST_LIMIT, SIGNAL_KINDS, TOAST_MERGE_WINDOW_MS } from '../../src/config/signals.ts';
import {
  DEFAULT_SIGNAL_PREFS, isAlarm, isSnoozed, kindOfToast, mergeKey, mergesInto, parseSignalPrefs, pickVisible, snoozeFor,
  soundAllowed, titleWithCount, titleWithoutCount, toastAllowed, wantsBrowserNotification, withLevel, withSoundMuted,
} from '../../src/domain/signals.ts';

const toast = (seq: number, persistent = false) => ({ seq, persistent });

describe('toast limit (calm signals; §2 newest on top)', () => {
  it('keeps the newest N, newest first', () => {
    expect(pickVisible([1, 2, 3, 4, 5, 6].map((s) => toast(s)), 4).map((t) => t.seq)).toEqual([6, 5, 4, 3]);
  });

  it('§8 persistent toasts keep their place before newer transient ones, up to the limit', () => {
    const open = [toast(1, true), toast(2), toast(3), toast(4, true), toast(5)];
    expect(pickVisible(open, 3).map((t) => t.seq)).toEqual([5, 4, 1]);
    expect(pickVisible(open, 1).map((t) => t.seq)).toEqual([4]);
  });
});

describe('merging identical toasts', () => {
  it('the same kind and text within the window merge; text-less toasts never do', () => {
    expect(mergeKey('info', 'a')).toBe(mergeKey('info', 'a'));
    expect(mergeKey('info', 'a')).not.toBe(mergeKey('warning', 'a'));
    expect(mergeKey('info', '')).toBeNull();
    expect(mergesInto(1000, 1000 + TOAST_MERGE_WINDOW_MS)).toBe(true);
    expect(mergesInto(1000, 1001 + TOAST_MERGE_WINDOW_MS)).toBe(false);
    expect(mergesInto(1000, 999)).toBe(false);
  });

  it('a toast of no stated kind: §4 the realtime connection by its id, otherwise its variant', () => {
    expect(kindOfToast('warning', 'realtime:reconnecting')).toBe('connection');
    expect(kindOfToast('default')).toBe('info');
    expect(kindOfToast('error', 'tx-confirmed:t1')).toBe('error');
  });
});

describe('preferences: level and sound per kind, snooze, read leniently', () => {
  it('a kind without a toast, or a muted sound, is quiet for its kind only; Off silences the sound too', () => {
    const prefs = withSoundMuted(withLevel(DEFAULT_SIGNAL_PREFS, 'tradeSent', 'bellOnly'), 'connection', true);
    expect(toastAllowed(prefs, 'tradeSent', 0)).toBe(false);
    expect(toastAllowed(prefs, 'tradeFailed', 0)).toBe(true);
    expect(soundAllowed(prefs, 'tradeSent', 0)).toBe(true);
    expect(soundAllowed(prefs, 'connection', 0)).toBe(false);
    expect(soundAllowed(prefs, null, 0)).toBe(true);
    expect(withSoundMuted(prefs, 'connection', false).mutedSounds).toEqual([]);
    expect(soundAllowed(withLevel(prefs, 'tradeSent', 'off'), 'tradeSent', 0)).toBe(false);
  });

  it('a snooze quiets every toast and sound until it ends, then nothing more', () => {
    const prefs = snoozeFor(DEFAULT_SIGNAL_PREFS, 1000, 15 * 60_000);
    expect(isSnoozed(prefs, 1000 + 15 * 60_000 - 1)).toBe(true);
    expect(toastAllowed(prefs, 'tradeFailed', 2000)).toBe(false);
    expect(soundAllowed(prefs, null, 2000)).toBe(false);
    expect(isSnoozed(prefs, 1000 + 15 * 60_000)).toBe(false);
    expect(toastAllowed(prefs, 'tradeFailed', 1000 + 15 * 60_000)).toBe(true);
  });

  it('stored preferences: unknown kinds, odd limits and junk fall back field by field', () => {
    expect(parseSignalPrefs('junk')).toEqual(DEFAULT_SIGNAL_PREFS);
    expect(
      parseSignalPrefs({ limit: 99, levels: { tradeSent: 'off', nope: 'off', tradeFailed: 'loud' }, mutedSounds: ['x', 'alert'], snoozeUntil: 'soon', browserNotifications: 'yes' }),
    ).toEqual({
      ...DEFAULT_SIGNAL_PREFS,
      limit: MAX_TOAST_LIMIT,
      levels: { tradeSent: 'off' },
      mutedSounds: ['alert'],
    });
    expect(parseSignalPrefs({ levels: ['off'] }).levels).toEqual({});
    expect(parseSignalPrefs({ limit: 2.5 }).limit).toBe(DEFAULT_TOAST_LIMIT);
  });

  it('the kinds list is the one place kinds live (alert rules add theirs there)', () => {
    expect(SIGNAL_KINDS).toEqual(expect.arrayContaining(['tradeSent', 'tradeConfirmed', 'tradeFailed', 'info', 'success', 'warning', 'error', 'connection']));
  });
});

describe('hidden tab', () => {
  it('the title carries the count of unread failures and warnings, none at 0', () => {
    expect(titleWithCount('Operator Console', 2)).toBe('(2) Operator Console');
    expect(titleWithCount('Operator Console', 0)).toBe('Operator Console');
    expect(titleWithoutCount('(12) Operator Console')).toBe('Operator Console');
    expect(isAlarm('warning') && isAlarm('error')).toBe(true);
    expect(isAlarm('info') || isAlarm('success')).toBe(false);
  });

  it('browser notifications for trade failures and disconnects only', () => {
    expect(wantsBrowserNotification('tradeFailed', 'error')).toBe(true);
    expect(wantsBrowserNotification('connection', 'warning')).toBe(true);
    expect(wantsBrowserNotification('connection', 'success')).toBe(false);
    expect(wantsBrowserNotification('error', 'error')).toBe(false);
  });
});
