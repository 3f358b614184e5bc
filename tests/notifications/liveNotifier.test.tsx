// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEventPayload } from '../../src/contract/index.ts';
import { createLiveNotifier, dindilinTimes, sendingToastId, tradeLink } from '../../src/notifications/liveNotifier.tsx';
import { fakeToaster, txConfirmation, VALID } from '../realtime/fixtures.ts';

function setup(opts: { random?: () => number; fetchTrade?: (id: string) => Promise<unknown> } = {}) {
  const toaster = fakeToaster();
  const playSound = vi.fn();
  const fetchTrade = vi.fn(opts.fetchTrade ?? (async () => ({ txs: [] })));
  const logger = { warn: vi.fn() };
  const notifier = createLiveNotifier({ toaster, playSound, fetchTrade, random: opts.random ?? (() => 0), logger });
  return { toaster, playSound, fetchTrade, logger, notifier };
}

function textOf(node: ReactNode): string {
  const { container, unmount } = render(<>{node}</>);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('§7 notify', () => {
  it('shows a toast of the given type with the given duration', () => {
    const { notifier, toaster } = setup();
    notifier.notify({ msg: 'hello', type: 'warning', autoClose: 3000 });
    expect(toaster.toasts).toEqual([{ message: 'hello', options: { variant: 'warning', autoHideDuration: 3000, kind: 'warning' }, open: true }]);
  });

  it('autoClose false keeps the toast open', () => {
    const { notifier, toaster } = setup();
    notifier.notify({ msg: 'stay', type: 'error', autoClose: false });
    expect(toaster.toasts[0]?.options.autoHideDuration).toBeNull();
  });

  it.each([
    [0, 14],
    [0.5, 18],
    [0.99999, 21],
  ])('§9 autoClose 60000 plays dindilin 14..21 times at 50 ms intervals (random %s -> %s)', (r, times) => {
    const { notifier, playSound } = setup({ random: () => r });
    notifier.notify({ msg: 'long', type: 'info', autoClose: 60000 });
    expect(playSound).toHaveBeenCalledTimes(1);
    for (let i = 1; i < times; i++) {
      vi.advanceTimersByTime(49);
      expect(playSound).toHaveBeenCalledTimes(i);
      vi.advanceTimersByTime(1);
      expect(playSound).toHaveBeenCalledTimes(i + 1);
    }
    vi.advanceTimersByTime(10_000);
    expect(playSound).toHaveBeenCalledTimes(times);
    expect(playSound.mock.calls.every(([name]) => name === 'dindilin')).toBe(true);
  });

  it('§9 dindilin count stays within 14..21 for any random value', () => {
    for (let i = 0; i <= 1000; i++) {
      const n = dindilinTimes(() => i / 1000 - 1e-12 * (i === 1000 ? 1 : 0));
      expect(n).toBeGreaterThanOrEqual(14);
      expect(n).toBeLessThanOrEqual(21);
    }
    expect(dindilinTimes(() => 1)).toBe(21); // defensive even for a bad random source
  });

  it('other autoClose values play no dindilin', () => {
    const { notifier, playSound } = setup();
    notifier.notify({ msg: 'x', type: 'info', autoClose: 59999 });
    vi.advanceTimersByTime(5000);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('sound plays the named sound', () => {
    const { notifier, playSound } = setup();
    notifier.sound({ name: 'call' });
    expect(playSound).toHaveBeenCalledExactlyOnceWith('call');
  });
});

describe('§4 transaction toasts', () => {
  it('txSent shows a SENDING info toast with token, tx types, networks and bridge', () => {
    const { notifier, toaster } = setup();
    notifier.txSent(VALID.txSent);
    const t = toaster.toasts[0];
    expect(t?.options).toEqual({
      variant: 'info',
      autoHideDuration: 10_000,
      id: sendingToastId('t1'),
      kind: 'tradeSent',
      text: 'SENDING AAA: Ethereum → Arbitrum via Stargate; Swap, Bridge',
      link: tradeLink('t1'),
    });
    const text = textOf(t?.message);
    for (const part of ['SENDING', 'AAA', 'Swap, Bridge', 'Stargate']) expect(text).toContain(part);
    // The networks are icons, named for assistive technology (and in their title).
    const { getByRole, unmount } = render(<>{t?.message}</>);
    expect(getByRole('img', { name: 'Ethereum' })).toBeInTheDocument();
    expect(getByRole('img', { name: 'Arbitrum' })).toBeInTheDocument();
    unmount();
  });

  it('§4 txConfirmed replaces the SENDING toast of that trade with one FAIL toast when any tx failed, 10 s', () => {
    const { notifier, toaster } = setup();
    notifier.txSent(VALID.txSent);
    notifier.txSent({ ...VALID.txSent, tradeId: 'other' });
    notifier.txConfirmed({
      txs: {
        a: txConfirmation({ txType: 'Swap', success: true }),
        b: txConfirmation({ txType: 'Bridge', success: false }),
      },
    });
    const open = toaster.open();
    expect(open.map((t) => textOf(t.message).split(' ')[0])).toEqual(['SENDING', 'FAIL']);
    expect(textOf(open[0]?.message)).toContain('SENDING'); // the other trade's toast stays
    expect(open[1]?.options).toMatchObject({ variant: 'error', autoHideDuration: 10_000 });
    expect(textOf(open[1]?.message)).toContain('Swap');
    expect(textOf(open[1]?.message)).toContain('Bridge (failed)');
  });

  it('§4 a trade whose txs all succeeded is one CONFIRM (success) toast listing its tx types', () => {
    const { notifier, toaster } = setup();
    notifier.txSent(VALID.txSent);
    notifier.txConfirmed({
      txs: {
        a: txConfirmation({ txType: 'Swap', success: true }),
        b: txConfirmation({ txType: 'Sell', success: true }),
      },
    });
    const open = toaster.open();
    expect(open).toHaveLength(1);
    expect(textOf(open[0]?.message)).toMatch(/^CONFIRM/);
    expect(textOf(open[0]?.message)).toContain('Swap, Sell');
    expect(open[0]?.options).toMatchObject({ variant: 'success', autoHideDuration: 10_000 });
  });

  it('§8 errCode shows "<tokenName>: <message>" as an error toast closing after 10 s', () => {
    const { notifier, toaster } = setup();
    notifier.txConfirmed({ txs: { a: txConfirmation({ tokenName: 'PEPE', success: false }) }, errCode: 3 });
    const err = toaster.toasts.find((t) => typeof t.message === 'string');
    expect(err).toEqual({
      message: 'PEPE: failed to prepare buy trade result in checker',
      options: { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed', link: tradeLink(txConfirmation().tradeId), recorded: false },
      open: true,
    });
    // One failure, one entry in the centre: the trade's, which names the cause.
    const fail = toaster.toasts.find((t) => t.options.id?.startsWith('tx-confirmed:'));
    expect(fail?.options).toMatchObject({ kind: 'tradeFailed', text: expect.stringMatching(/: failed to prepare buy trade result in checker$/) });
  });

  it('§8 an unknown errCode still says something useful', () => {
    const { notifier, toaster } = setup();
    notifier.txConfirmed({ txs: { a: txConfirmation({ tokenName: 'PEPE' }) }, errCode: 99 });
    expect(toaster.toasts.find((t) => typeof t.message === 'string')?.message).toBe('PEPE: unknown error (code 99)');
  });

  it('markup in a token name is text, not HTML', () => {
    const { notifier, toaster } = setup();
    const evil = '<img src=x onerror=alert(1)><b>BOLD</b>';
    notifier.txSent({ ...VALID.txSent, tokenName: evil, bridge: { name: '<script>x</script>' } });
    const { container } = render(<>{toaster.toasts[0]?.message}</>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain(evil);
    expect(container.textContent).toContain('<script>x</script>');
  });
});

describe('§9 profit sound', () => {
  const trade = (amountIns: number[]) => ({ txs: amountIns.map((amountIn) => ({ txType: 'Swap', amountIn })) });

  async function confirm(tx: Partial<ServerEventPayload<'txConfirmed'>['txs'][string]>, fetched: unknown) {
    const ctx = setup({ fetchTrade: async () => fetched });
    ctx.notifier.txConfirmed({ txs: { a: txConfirmation(tx) } });
    await vi.runAllTimersAsync();
    return ctx;
  }

  it('expectedProfit 0.49 does not fetch the trade; 0.5 does', async () => {
    const low = await confirm({ expectedProfit: 0.49, amountOut: 100 }, trade([1]));
    expect(low.fetchTrade).not.toHaveBeenCalled();
    expect(low.playSound).not.toHaveBeenCalled();
    const edge = await confirm({ expectedProfit: 0.5, amountOut: 100, tradeId: 'T9' }, trade([1]));
    expect(edge.fetchTrade).toHaveBeenCalledExactlyOnceWith('T9');
    expect(edge.playSound).toHaveBeenCalledExactlyOnceWith('profit');
  });

  it('a gain of exactly 0.5 plays nothing; 0.51 plays profit (sum of the trade amountIn)', async () => {
    const exact = await confirm({ amountOut: 10.5 }, trade([4, 6]));
    expect(exact.playSound).not.toHaveBeenCalled();
    const more = await confirm({ amountOut: 10.51 }, trade([4, 6]));
    expect(more.playSound).toHaveBeenCalledExactlyOnceWith('profit');
  });

  it('only a successful Sell qualifies', async () => {
    const failed = await confirm({ success: false, amountOut: 100 }, trade([1]));
    expect(failed.fetchTrade).not.toHaveBeenCalled();
    const buy = await confirm({ txType: 'Swap', amountOut: 100 }, trade([1]));
    expect(buy.fetchTrade).not.toHaveBeenCalled();
  });

  it('reads data.txs when the response wraps the trade in data', async () => {
    const wrapped = await confirm({ amountOut: 100 }, { data: trade([1]) });
    expect(wrapped.playSound).toHaveBeenCalledWith('profit');
  });

  it('§8 a failed trade fetch is only logged', async () => {
    const ctx = setup({
      fetchTrade: async () => {
        throw new Error('HTTP 500');
      },
    });
    ctx.notifier.txConfirmed({ txs: { a: txConfirmation({ amountOut: 100 }) } });
    await vi.runAllTimersAsync();
    expect(ctx.playSound).not.toHaveBeenCalled();
    expect(ctx.logger.warn).toHaveBeenCalledWith(expect.stringContaining('t1'), expect.any(Error));
  });

  it('a malformed trade response is logged and plays nothing', async () => {
    const ctx = await confirm({ amountOut: 100 }, { txs: [{ amountIn: 'lots' }] });
    expect(ctx.playSound).not.toHaveBeenCalled();
    expect(ctx.logger.warn).toHaveBeenCalledOnce();
  });
});

describe('sound preferences (mute per kind, snooze)', () => {
  it('a muted kind plays no sound; the others still do', () => {
    const playSound = vi.fn();
    const muted = new Set(['warning']);
    const notifier = createLiveNotifier({
      toaster: fakeToaster(),
      playSound,
      fetchTrade: vi.fn(),
      random: () => 0,
      soundAllowed: (kind) => kind === null || !muted.has(kind),
    });
    notifier.notify({ msg: 'long', type: 'warning', autoClose: 60_000 });
    vi.runAllTimers();
    expect(playSound).not.toHaveBeenCalled();
    notifier.notify({ msg: 'long', type: 'info', autoClose: 60_000 });
    vi.runAllTimers();
    expect(playSound).toHaveBeenCalledWith('dindilin');
  });

  it('while snoozed even a sound of no kind (the server\'s sound event) is quiet', () => {
    const playSound = vi.fn();
    let snoozed = true;
    const notifier = createLiveNotifier({ toaster: fakeToaster(), playSound, fetchTrade: vi.fn(), soundAllowed: () => !snoozed });
    notifier.sound({ name: 'call' });
    expect(playSound).not.toHaveBeenCalled();
    snoozed = false;
    notifier.sound({ name: 'call' });
    expect(playSound).toHaveBeenCalledWith('call');
  });
});
