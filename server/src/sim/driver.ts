/**
 * Drives the simulated clock from the wall clock: every tick, simulated time moves on by the real
 * time elapsed times the rate, and everything due runs. One timer, however high the rate: at
 * SIM_RATE=100 a tick simply does a hundred times the work.
 */
import { performance } from 'node:perf_hooks';

/** Ticks per second: smooth enough for the eye, few enough to batch work at high rates. */
const TICK_MS = 50;
/** After a blocked event loop, at most this much real time is caught up at once. */
const MAX_CATCH_UP_MS = 1000;

export class Driver {
  private timer: NodeJS.Timeout | null = null;
  private lastReal = 0;
  private simNow = 0;

  constructor(
    private rate: number,
    private readonly advance: (simMs: number) => void,
    private readonly onError: (err: unknown) => void,
    /** The wall clock in ms, monotonic; a test passes its own, with fake timers for the ticks. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(): void {
    if (this.timer) return;
    this.lastReal = this.now();
    this.timer = setInterval(() => this.sync(), TICK_MS);
  }

  stop(): void {
    if (!this.timer) return;
    this.sync();
    clearInterval(this.timer);
    this.timer = null;
  }

  /** Brings simulated time up to now, at the rate in force until now. */
  sync(): void {
    if (!this.timer) return;
    const now = this.now();
    this.simNow += Math.min(now - this.lastReal, MAX_CATCH_UP_MS) * this.rate;
    this.lastReal = now;
    try {
      this.advance(this.simNow);
    } catch (err) {
      this.onError(err);
    }
  }

  setRate(rate: number): void {
    this.sync();
    this.rate = rate;
  }
}
