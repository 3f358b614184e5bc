/** What each chart-library entry of bench/chartLibs.bench.ts exposes on `window.chartLib`. */
export interface ChartLibEntry {
  /** A minimal line chart and a stacked bar chart (what the bundle-bytes figure pays for). */
  mountDemo(container: HTMLElement): void;
  /** 22-ish sparklines over `series` (x and y arrays the harness mutates in place). */
  mountSparklines(container: HTMLElement, series: { xs: number[]; ys: number[] }[]): void;
  /** Redraws the sparklines at these indexes from their (mutated) arrays, synchronously. */
  redraw(dirty: readonly number[]): void;
}

declare global {
  interface Window {
    chartLib?: ChartLibEntry;
  }
}
