/**
 * Expected step durations learned from history: for each (txType, network, bridge kind) the
 * durations of the latest completed steps, a window of at most SAMPLES_PER_KEY, and their median
 * and p95 (src/domain/trades.ts durationStats). A completion costs a push into its window; the
 * figures are worked out again only when asked after a change, from at most that many samples.
 */
import { durationStats, type DurationStats } from '../../../src/domain/trades.ts';

/** Completed steps remembered per key: recent enough to follow a chain getting slower, enough for a p95. */
export const SAMPLES_PER_KEY = 200;

export interface StepKind {
  txType: string;
  network: string;
  /** The kind of the trade's bridge ('' without one). */
  bridgeKind: string;
}

const keyOf = ({ txType, network, bridgeKind }: StepKind) => `${txType}\u0000${network}\u0000${bridgeKind}`;

interface Window {
  samples: number[];
  /** Where the next sample goes once the window is full. */
  next: number;
  stats: DurationStats | undefined;
  stale: boolean;
}

export class StepDurations {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly perKey = SAMPLES_PER_KEY) {}

  /** A step of this kind completed after `durationMs`. */
  add(kind: StepKind, durationMs: number): void {
    const key = keyOf(kind);
    let window = this.windows.get(key);
    if (!window) {
      window = { samples: [], next: 0, stats: undefined, stale: true };
      this.windows.set(key, window);
    }
    if (window.samples.length < this.perKey) window.samples.push(durationMs);
    else {
      window.samples[window.next] = durationMs;
      window.next = (window.next + 1) % this.perKey;
    }
    window.stale = true;
  }

  /** Median and p95 of the kind's latest completed steps; undefined before the first. */
  stats(kind: StepKind): DurationStats | undefined {
    const window = this.windows.get(keyOf(kind));
    if (!window) return undefined;
    if (window.stale) {
      window.stats = durationStats(window.samples);
      window.stale = false;
    }
    return window.stats;
  }

  clear(): void {
    this.windows.clear();
  }
}
