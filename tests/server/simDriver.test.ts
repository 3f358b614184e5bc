/**
 * The simulator's driver maps the wall clock to simulated time: SIM_RATE times as fast, a rate change
 * from the moment it is made, at most a second caught up after a blocked event loop, nothing while
 * stopped. Driven by fake timers and a wall clock of the test's own, so no figure depends on how fast
 * this machine is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Driver } from '../../server/src/sim/driver.ts';

describe('simulator driver: SIM_RATE', () => {
  let wall = 0;
  let simNow = 0;
  let driver: Driver;
  const make = (rate: number) => new Driver(rate, (simMs) => (simNow = simMs), (err) => { throw err; }, () => wall);
  /** The wall clock moves on by `ms` in small steps, with every tick due in that time. */
  const pass = (ms: number) => {
    for (let left = ms; left > 0; left -= 10) {
      wall += Math.min(10, left);
      vi.advanceTimersByTime(Math.min(10, left));
    }
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    wall = 0;
    simNow = 0;
  });
  afterEach(() => {
    driver.stop();
    vi.useRealTimers();
  });

  it('simulated time runs at the rate times the wall clock', () => {
    driver = make(10);
    driver.start();
    pass(1500);
    expect(simNow).toBe(15_000);
  });

  it('four times the rate is four times the simulated time for the same wall time, from the change on', () => {
    driver = make(10);
    driver.start();
    pass(1000);
    driver.setRate(40);
    pass(1000);
    expect(simNow).toBe(10_000 + 40_000);
  });

  it('after a blocked event loop at most a second of wall time is caught up', () => {
    driver = make(2);
    driver.start();
    wall += 5000; // the loop was blocked: no tick ran meanwhile
    vi.advanceTimersByTime(50);
    expect(simNow).toBe(2 * 1000);
  });

  it('stopped, simulated time stands still; started again, it goes on from there', () => {
    driver = make(5);
    driver.start();
    pass(1000);
    driver.stop();
    pass(3000);
    expect(simNow).toBe(5000);
    driver.start();
    pass(200);
    expect(simNow).toBe(6000);
  });
});
