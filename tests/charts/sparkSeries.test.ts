import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSparkSeries, describeSpark } from '../../src/charts/sparkSeries.ts';
import { cancelRedraw, redrawSoon } from '../../src/charts/frameLoop.ts';

describe('sparklines: a sparkline keeps the last hour, backfilled then extended live', () => {
  it('drops points older than the window as new ones arrive, and ignores out-of-order ones', () => {
    const s = createSparkSeries({ windowMs: 1000 });
    s.append(0, 1);
    s.append(500, 2);
    s.append(400, 9); // older than the last: ignored
    s.append(1200, 3);
    expect(s.xs).toEqual([500, 1200]);
    expect(s.ys).toEqual([2, 3]);
  });

  it('a backfill goes before the live points, only what is older than them and inside the window', () => {
    const s = createSparkSeries({ windowMs: 1000 });
    s.append(2000, 5);
    s.prepend([[500, 1], [1500, 2], [1900, 3], [2100, 4]]);
    expect(s.xs).toEqual([1500, 1900, 2000]);
    expect(s.ys).toEqual([2, 3, 5]);
  });

  it('tells its subscribers on each change, and says now/low/high in words', () => {
    const s = createSparkSeries({ windowMs: 3_600_000 });
    const told = vi.fn();
    s.subscribe(told);
    expect(describeSpark(s, String)).toBe('no data yet');
    s.append(0, 4);
    s.append(120_000, 2);
    s.append(300_000, 3);
    expect(told).toHaveBeenCalledTimes(3);
    expect(describeSpark(s, String)).toBe('now 3, low 2, high 4 over the last 5 min');
  });
});

describe('sparklines: charts redraw at most once per frame, whatever the event rate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a thousand dirty marks between two frames make one redraw per chart', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    const a = vi.fn();
    const b = vi.fn();
    for (let i = 0; i < 1000; i++) {
      redrawSoon(a);
      redrawSoon(b);
    }
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    // A chart gone before the frame is not drawn.
    redrawSoon(a);
    cancelRedraw(a);
    frames.shift()!();
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('with idle callbacks, thirty sparklines gaining their point together are drawn across idle times, not in one frame; a round that waited too long draws for a few ms only', () => {
    const rounds: ((deadline: { didTimeout: boolean; timeRemaining(): number }) => void)[] = [];
    const frames: (() => void)[] = [];
    const waits: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: (typeof rounds)[number], options: { timeout: number }) => {
      waits.push(options.timeout);
      rounds.push(cb);
    });
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    const drawn: number[] = [];
    for (let i = 0; i < 30; i++) redrawSoon(() => drawn.push(i));
    expect(rounds).toHaveLength(1);
    expect(frames).toHaveLength(0);
    // An idle time with room for about ten redraws.
    let left = 10;
    rounds.shift()!({ didTimeout: false, timeRemaining: () => (left -= 1) });
    expect(drawn).toHaveLength(10);
    expect(rounds).toHaveLength(1);
    // The page stayed busy: the round ran on its timeout, and draws for a few ms of the clock (each
    // redraw here takes one), leaving the rest to a round that waits less.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    rounds.shift()!({ didTimeout: true, timeRemaining: () => 0 });
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(20);
    while (rounds.length > 0) rounds.shift()!({ didTimeout: true, timeRemaining: () => 0 });
    expect(drawn).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // The first round waits up to a second for idle time, the rest of a started one less.
    expect(waits[0]).toBe(1000);
    expect(Math.max(...waits.slice(1))).toBeLessThan(1000);
    vi.restoreAllMocks();
  });
});
