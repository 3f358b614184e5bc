import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIGNAL_PREFS, type SignalPrefs } from '../../src/domain/signals.ts';
import type { SignalInput } from '../../src/notifications/centre/journal.ts';
import { createToaster, plainText } from '../../src/notifications/toaster.ts';
import { createToastStack, type StackClock } from '../../src/notifications/toastStack.ts';
import { bellAllowed, toastAllowed } from '../../src/domain/signals.ts';

/** A clock moved by hand: timers fire when `advance` passes them. */
function fakeClock(): StackClock & { advance(ms: number): void } {
  let now = 1_000_000;
  let timers: { at: number; cb: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout(cb, ms) {
      const id = ++ids;
      timers.push({ at: now + ms, cb, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.cb();
      }
      now = end;
    },
  };
}

const texts = (stack: ReturnType<typeof createToastStack>) => stack.getView().visible.map((t) => `${String(t.message)}${t.count > 1 ? ` ×${t.count}` : ''}`);

function setup(limit = 4, prefs: SignalPrefs = DEFAULT_SIGNAL_PREFS) {
  const clock = fakeClock();
  const stack = createToastStack(() => limit, clock);
  const recorded: SignalInput[] = [];
  const toaster = createToaster({
    stack,
    journal: { record: (input) => (recorded.push(input), { ...input, id: recorded.length, at: clock.now() }) },
    prefs: { toastAllowed: (kind) => toastAllowed(prefs, kind, clock.now()), bellAllowed: (kind) => bellAllowed(prefs, kind) },
  });
  return { clock, stack, toaster, recorded };
}

describe('§2 toast limit: at most N on screen, the rest collapse into "+K more"', () => {
  it('shows the newest N, newest on top, and counts the others', () => {
    const { toaster, stack } = setup(4);
    for (let i = 1; i <= 7; i++) toaster.show(`t${i}`, { variant: 'info', autoHideDuration: 10_000 });
    expect(texts(stack)).toEqual(['t7', 't6', 't5', 't4']);
    expect(stack.getView().more).toBe(3);
  });

  it('a persistent toast (§8 "Disconnected from server") keeps its place while newer ones arrive', () => {
    const { toaster, stack } = setup(2);
    toaster.show('Disconnected from server', { variant: 'error', autoHideDuration: null, id: 'realtime:disconnected' });
    for (let i = 1; i <= 3; i++) toaster.show(`t${i}`, { variant: 'info', autoHideDuration: 10_000 });
    expect(texts(stack)).toEqual(['t3', 'Disconnected from server']);
    expect(stack.getView().more).toBe(2);
  });

  it('a hidden toast comes back when one above it closes, until its own time is up', () => {
    const { toaster, stack, clock } = setup(1);
    toaster.show('old', { variant: 'info', autoHideDuration: 10_000 });
    clock.advance(1000);
    toaster.show('new', { variant: 'info', autoHideDuration: 3000 });
    expect(texts(stack)).toEqual(['new']);
    clock.advance(3000);
    expect(texts(stack)).toEqual(['old']);
    clock.advance(6000);
    expect(stack.getView()).toEqual({ visible: [], more: 0 });
  });

  it('opening the centre lets the hidden ones go; dismiss-all closes every one', () => {
    const { toaster, stack } = setup(2);
    for (let i = 1; i <= 5; i++) toaster.show(`t${i}`, { variant: 'info', autoHideDuration: 10_000 });
    stack.dropHidden();
    expect(stack.getView().more).toBe(0);
    expect(texts(stack)).toEqual(['t5', 't4']);
    toaster.closeAll();
    expect(stack.getView().visible).toEqual([]);
  });

  it('opening the centre keeps the hidden toasts it does not list (a kind at Toast only) until they close', () => {
    const { toaster, stack, clock } = setup(2);
    toaster.show('SENDING A', { variant: 'info', autoHideDuration: 10_000, kind: 'tradeSent' });
    toaster.show('FAIL B', { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed' });
    toaster.show('t1', { variant: 'info', autoHideDuration: 10_000 });
    toaster.show('t2', { variant: 'info', autoHideDuration: 10_000 });
    stack.dropHidden();
    expect(stack.getView().more).toBe(1);
    clock.advance(10_000);
    expect(stack.getView()).toEqual({ visible: [], more: 0 });
  });

  it('a smaller limit applies at once on refresh', () => {
    let limit = 4;
    const stack = createToastStack(() => limit, fakeClock());
    for (let i = 1; i <= 4; i++) stack.show(`t${i}`, { variant: 'info', autoHideDuration: null });
    limit = 2;
    stack.refresh();
    expect(stack.getView().visible).toHaveLength(2);
    expect(stack.getView().more).toBe(2);
  });
});

describe('§2 identical toasts merge into one with a ×count', () => {
  it('same kind and text within the window: one toast, ×3, on top, with a fresh time', () => {
    const { toaster, stack, clock, recorded } = setup();
    toaster.show('DAI: failed to build bridge tx', { variant: 'error', autoHideDuration: 10_000 });
    toaster.show('other', { variant: 'info', autoHideDuration: 10_000 });
    clock.advance(4000);
    toaster.show('DAI: failed to build bridge tx', { variant: 'error', autoHideDuration: 10_000 });
    clock.advance(4000);
    toaster.show('DAI: failed to build bridge tx', { variant: 'error', autoHideDuration: 10_000 });
    expect(texts(stack)).toEqual(['DAI: failed to build bridge tx ×3', 'other']);
    clock.advance(9000); // 'other' is gone (10 s); the merged one runs from its last arrival
    expect(texts(stack)).toEqual(['DAI: failed to build bridge tx ×3']);
    expect(recorded, 'the centre still lists each one').toHaveLength(4);
  });

  it('outside the window, or a different kind or text, it is a toast of its own', () => {
    const { toaster, stack, clock } = setup();
    toaster.show('same', { variant: 'info', autoHideDuration: null });
    clock.advance(6000);
    toaster.show('same', { variant: 'info', autoHideDuration: null });
    toaster.show('same', { variant: 'warning', autoHideDuration: null });
    toaster.show('Same', { variant: 'info', autoHideDuration: null });
    expect(stack.getView().visible.map((t) => t.count)).toEqual([1, 1, 1, 1]);
  });

  it('two merged SENDING toasts: confirming one trade leaves the other showing', () => {
    const { toaster, stack } = setup();
    const sending = { variant: 'info' as const, autoHideDuration: 10_000, kind: 'tradeSent' as const, text: 'SENDING DAI: Ethereum → Polygon' };
    toaster.show('SENDING DAI', { ...sending, id: 'tx-sending:a' });
    toaster.show('SENDING DAI', { ...sending, id: 'tx-sending:b' });
    expect(texts(stack)).toEqual(['SENDING DAI ×2']);
    toaster.close('tx-sending:a');
    expect(texts(stack)).toEqual(['SENDING DAI']);
    toaster.close('tx-sending:b');
    expect(texts(stack)).toEqual([]);
  });

  it('showing again under a logical id replaces the toast', () => {
    const { toaster, stack } = setup();
    toaster.show('v1', { variant: 'info', autoHideDuration: null, id: 'x' });
    toaster.show('v2', { variant: 'info', autoHideDuration: null, id: 'x' });
    expect(texts(stack)).toEqual(['v2']);
  });
});

describe('§2 pause on hover', () => {
  it('no toast closes while paused; each gets the time it had left', () => {
    const { toaster, stack, clock } = setup();
    toaster.show('a', { variant: 'info', autoHideDuration: 10_000 });
    clock.advance(8000);
    stack.pause();
    clock.advance(60_000);
    expect(texts(stack)).toEqual(['a']);
    stack.resume();
    clock.advance(1999);
    expect(texts(stack)).toEqual(['a']);
    clock.advance(1);
    expect(texts(stack)).toEqual([]);
  });
});

describe('levels and snoozing: a toast and a centre entry each where the kind\'s level says', () => {
  it('a kind at Bell only shows no toast but is recorded with its kind and text', () => {
    const { toaster, stack, recorded } = setup(4, { ...DEFAULT_SIGNAL_PREFS, levels: { tradeSent: 'bellOnly' } });
    toaster.show('SENDING DAI', { variant: 'info', autoHideDuration: 10_000, kind: 'tradeSent', text: 'SENDING DAI: Ethereum → Polygon' });
    toaster.show('hello', { variant: 'info', autoHideDuration: 10_000 });
    expect(texts(stack)).toEqual(['hello']);
    expect(recorded.map((r) => [r.kind, r.text])).toEqual([
      ['tradeSent', 'SENDING DAI: Ethereum → Polygon'],
      ['info', 'hello'],
    ]);
  });

  it('by default routine trade progress shows a toast and stays out of the centre; a failure goes to both', () => {
    const { toaster, stack, recorded } = setup();
    toaster.show('SENDING DAI', { variant: 'info', autoHideDuration: 10_000, kind: 'tradeSent' });
    toaster.show('CONFIRM DAI', { variant: 'success', autoHideDuration: 10_000, kind: 'tradeConfirmed' });
    toaster.show('FAIL DAI', { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed' });
    expect(texts(stack)).toEqual(['FAIL DAI', 'CONFIRM DAI', 'SENDING DAI']);
    expect(recorded.map((r) => r.text)).toEqual(['FAIL DAI']);
  });

  it('a kind set to Off shows nothing and records nothing', () => {
    const { toaster, stack, recorded } = setup(4, { ...DEFAULT_SIGNAL_PREFS, levels: { warning: 'off' } });
    toaster.show('low balance', { variant: 'warning', autoHideDuration: 10_000, kind: 'warning' });
    expect(texts(stack)).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('while snoozed nothing shows; after the snooze it does again', () => {
    const clock = fakeClock();
    const prefs: SignalPrefs = { ...DEFAULT_SIGNAL_PREFS, snoozeUntil: clock.now() + 15 * 60_000 };
    const stack = createToastStack(() => 4, clock);
    const record = vi.fn();
    const toaster = createToaster({ stack, journal: { record }, prefs: { toastAllowed: (kind) => toastAllowed(prefs, kind, clock.now()), bellAllowed: (kind) => bellAllowed(prefs, kind) } });
    toaster.show('Disconnected from server', { variant: 'error', autoHideDuration: null, id: 'realtime:disconnected' });
    expect(stack.getView().visible).toEqual([]);
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ kind: 'connection', severity: 'error', text: 'Disconnected from server' }));
    clock.advance(15 * 60_000);
    toaster.show('back', { variant: 'success', autoHideDuration: 1000 });
    expect(texts(stack)).toEqual(['back']);
  });

  it('a toast of a kind without toasts, shown under an id, still replaces what was open under it', () => {
    const { toaster, stack } = setup(4, { ...DEFAULT_SIGNAL_PREFS, levels: { tradeConfirmed: 'bellOnly' } });
    toaster.show('SENDING', { variant: 'info', autoHideDuration: null, id: 'x', kind: 'tradeSent' });
    toaster.show('CONFIRM', { variant: 'success', autoHideDuration: null, id: 'x', kind: 'tradeConfirmed' });
    expect(texts(stack)).toEqual([]);
  });
});

describe('the centre gets words, never markup', () => {
  it('plainText reads strings and element children', () => {
    expect(plainText('a <b>')).toBe('a <b>');
    expect(plainText(['x', 1])).toBe('x1');
    expect(plainText({ type: 'b', props: { children: 'bold' }, key: null, $$typeof: Symbol.for('react.transitional.element') } as never)).toBe('bold');
  });
});
