/**
 * A sparkline's points: a time window (e.g. the last hour) of [time, value] appended to as events
 * arrive. Plain parallel x and y arrays the chart reads; appending notifies the
 * subscribers synchronously, and the Sparkline coalesces that into one redraw per frame.
 */
export interface SparkSeries {
  /** Epoch ms, oldest first. */
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  /** Adds a point (a time before the last one is ignored) and drops what fell out of the window. */
  append(t: number, value: number): void;
  /** Points from a backfill (oldest first), merged before the live ones. */
  prepend(points: readonly (readonly [number, number])[]): void;
  subscribe(onChange: () => void): () => void;
}

export function createSparkSeries({ windowMs, maxPoints = 2000 }: { windowMs: number; maxPoints?: number }): SparkSeries {
  const xs: number[] = [];
  const ys: number[] = [];
  const listeners = new Set<() => void>();
  const trim = () => {
    const last = xs[xs.length - 1];
    if (last === undefined) return;
    let drop = 0;
    while (drop < xs.length && xs[drop]! < last - windowMs) drop++;
    drop = Math.max(drop, xs.length - maxPoints);
    if (drop > 0) {
      xs.splice(0, drop);
      ys.splice(0, drop);
    }
  };
  const tell = () => listeners.forEach((l) => l());
  return {
    xs,
    ys,
    append(t, value) {
      if (!Number.isFinite(t) || !Number.isFinite(value)) return;
      const last = xs[xs.length - 1];
      if (last !== undefined && t < last) return;
      xs.push(t);
      ys.push(value);
      trim();
      tell();
    },
    prepend(points) {
      const first = xs[0] ?? Infinity;
      const older = points.filter(([t, v]) => t < first && Number.isFinite(t) && Number.isFinite(v));
      if (older.length === 0) return;
      xs.unshift(...older.map(([t]) => t));
      ys.unshift(...older.map(([, v]) => v));
      trim();
      tell();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
  };
}

/** "low 1.2, high 3.4, now 2.1 over the last 60 min" (or "no data yet"), with `format` for the values. */
export function describeSpark(series: Pick<SparkSeries, 'xs' | 'ys'>, format: (v: number) => string): string {
  const { xs, ys } = series;
  if (ys.length === 0) return 'no data yet';
  let low = Infinity;
  let high = -Infinity;
  for (const y of ys) {
    if (y < low) low = y;
    if (y > high) high = y;
  }
  const minutes = Math.max(1, Math.round((xs[xs.length - 1]! - xs[0]!) / 60_000));
  return `now ${format(ys[ys.length - 1]!)}, low ${format(low)}, high ${format(high)} over the last ${minutes} min`;
}
