/** server/src/lib/clock.ts: the system clock the app and the standalone alert runner fall back on. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../server/src/lib/clock.ts';

describe('the system clock (server/src/lib/clock.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the system time in ms, also when handed on as a bare function', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 15, 10, 0, 0));
    const { now } = systemClock;
    expect(systemClock.now()).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    vi.advanceTimersByTime(1500);
    expect(now()).toBe(Date.UTC(2026, 0, 15, 10, 0, 1, 500));
  });
});
