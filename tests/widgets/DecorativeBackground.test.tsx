// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchServerEvent, liveStore } from '../../src/realtime/index.ts';
import type { HandlerContext } from '../../src/realtime/handlers.ts';
import type { LiveNotifier } from '../../src/notifications/index.ts';
import { DecorativeBackground } from '../../src/widgets/Background/DecorativeBackground.tsx';
import { resetLive } from './harness.tsx';

/*
 * §2: "On a special command the background changes to a decorative style for 18 s (effective range
 * 1 s to 19 s)"; docs/protocol.md Server -> client events: command {name: 'background', seconds}
 * (default 18, clamped 1..19). The numbers below are docs/product.md's, on purpose not the app's
 * constants.
 *
 * The component hides itself with setTimeout and the live store publishes once per animation
 * frame, so both are faked along with Date. (harness `live()` waits on a real-looking setTimeout,
 * which would never fire with setTimeout faked, so the frame is advanced here instead.)
 */

const notifier: LiveNotifier = {
  notify: () => undefined,
  sound: () => undefined,
  txSent: () => undefined,
  txConfirmed: () => undefined,
};

const warnings: string[] = [];
const ctx: HandlerContext = {
  store: liveStore,
  now: () => Date.now(),
  notifier,
  stopReconnect: () => undefined,
  logger: { warn: (msg: string) => warnings.push(msg), error: (msg: string) => warnings.push(`error: ${msg}`) },
};

const background = () => screen.queryByTestId('decorative-background');

/** Let the store publish (one frame) and React render; 16 ms of fake time pass. */
async function nextFrame(): Promise<void> {
  await act(async () => {
    vi.advanceTimersToNextFrame();
  });
}

/** The server's `command` event as the socket handlers receive it, then one frame. */
async function command(seconds?: number): Promise<void> {
  const payload = seconds === undefined ? { name: 'background' } : { name: 'background', seconds };
  expect(dispatchServerEvent('command', payload, ctx)).toBe(true);
  await nextFrame();
}

/** Advance the fake clock (and its timers) to the absolute time `at`. */
async function advanceTo(at: number): Promise<void> {
  const by = at - Date.now();
  expect(by).toBeGreaterThanOrEqual(0);
  await act(async () => {
    vi.advanceTimersByTime(by);
  });
}

describe('§2 decorative background', () => {
  beforeEach(async () => {
    await resetLive();
    warnings.length = 0;
    vi.useFakeTimers({
      now: 1_700_000_000_000,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    expect(warnings).toEqual([]);
  });

  it('is absent until a background command arrives', async () => {
    render(<DecorativeBackground />);
    await nextFrame();
    expect(background()).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(background()).toBeNull();
  });

  it('appears while now < backgroundUntil and disappears exactly at backgroundUntil', async () => {
    render(<DecorativeBackground />);
    const until = Date.now() + 3000;
    await act(async () => {
      liveStore.update(() => ({ backgroundUntil: until }));
      vi.advanceTimersToNextFrame();
    });
    expect(background()).toBeInTheDocument();
    expect(background()).toHaveAttribute('aria-hidden');
    await advanceTo(until - 1);
    expect(background()).toBeInTheDocument();
    await advanceTo(until);
    expect(background()).toBeNull();
  });

  it('a backgroundUntil already in the past shows nothing', async () => {
    render(<DecorativeBackground />);
    await act(async () => {
      liveStore.update(() => ({ backgroundUntil: Date.now() - 1 }));
      vi.advanceTimersToNextFrame();
    });
    expect(background()).toBeNull();
  });

  it.each([
    { seconds: 2, shownMs: 2000 },
    { seconds: 1, shownMs: 1000 },
    { seconds: 19, shownMs: 19_000 },
    { seconds: 7.5, shownMs: 7500 },
    { seconds: undefined, shownMs: 18_000 },
    { seconds: 60, shownMs: 19_000 },
    { seconds: 20, shownMs: 19_000 },
    { seconds: 0, shownMs: 1000 },
    { seconds: 0.2, shownMs: 1000 },
    { seconds: -5, shownMs: 1000 },
  ])('the command with seconds=$seconds shows it for $shownMs ms (default 18 s, clamped to 1..19 s)', async ({ seconds, shownMs }) => {
    render(<DecorativeBackground />);
    const sentAt = Date.now();
    await command(seconds);
    expect(background()).toBeInTheDocument();
    await advanceTo(sentAt + shownMs - 1);
    expect(background()).toBeInTheDocument();
    await advanceTo(sentAt + shownMs);
    expect(background()).toBeNull();
  });

  it('a later command extends it: the earlier end no longer hides it', async () => {
    render(<DecorativeBackground />);
    const first = Date.now();
    await command(2);
    await advanceTo(first + 1500);
    expect(background()).toBeInTheDocument();
    const second = Date.now();
    await command(2);
    // Past the first command's end (first + 2000): still shown.
    await advanceTo(first + 2000);
    expect(background()).toBeInTheDocument();
    await advanceTo(second + 2000 - 1);
    expect(background()).toBeInTheDocument();
    await advanceTo(second + 2000);
    expect(background()).toBeNull();
  });

  it('a command after the previous one ended shows it again for its own seconds', async () => {
    render(<DecorativeBackground />);
    const first = Date.now();
    await command(1);
    await advanceTo(first + 1000);
    expect(background()).toBeNull();
    await advanceTo(first + 5000);
    await command(3);
    expect(background()).toBeInTheDocument();
    await advanceTo(first + 5000 + 3000 - 1);
    expect(background()).toBeInTheDocument();
    await advanceTo(first + 8000);
    expect(background()).toBeNull();
  });

  it('mounted while a background is running, it shows it for the rest of the time only', async () => {
    const sentAt = Date.now();
    await command(5);
    await advanceTo(sentAt + 2000);
    render(<DecorativeBackground />);
    await nextFrame();
    expect(background()).toBeInTheDocument();
    await advanceTo(sentAt + 5000 - 1);
    expect(background()).toBeInTheDocument();
    await advanceTo(sentAt + 5000);
    expect(background()).toBeNull();
  });
});
