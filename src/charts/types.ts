/** The chart module's props (src/charts/index.ts documents them). Type-only: costs no bytes. */
import type { SparkSeries } from './sparkSeries.ts';

export type { SparkSeries };

/** A palette colour of the MUI theme, so both themes apply. */
export type ChartColor = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

export interface TimeChartSeries {
  /** Its name in the hidden table's header and the legend. */
  label: string;
  /** One value per time (null: no value). */
  values: readonly (number | null)[];
  color: ChartColor;
}

/** Something that happened at a moment of the chart's range (a timeline event), drawn as a mark on it. */
export interface TimeChartMarker {
  /** Epoch ms. */
  at: number;
  /** What happened, in words: the mark's accessible name and its tooltip. */
  label: string;
  color: ChartColor;
}

export interface TimeChartProps {
  /** 'line': each series a line; 'stackedBars': the series stacked as bars, the first at the bottom. */
  kind: 'line' | 'stackedBars';
  /** Epoch ms, oldest first (a bucket's start for bars). */
  times: readonly number[];
  series: readonly TimeChartSeries[];
  /** The accessible name, and the hidden table's caption. */
  label: string;
  /** The text alternative: what the chart shows, in the operator's words. */
  description: string;
  /** Values in the hidden table and on the axis (default: plain number). */
  formatValue?: (value: number) => string;
  /** The hidden table's time column: to the hour or to the day (in the console's UTC/local choice). */
  bucket?: 'hour' | 'day';
  /** Canvas height in px (default 160). */
  height?: number;
  /**
   * Moments to mark on the time axis; each mark says what happened on hover and focus. Marks closer
   * than a finger's width are one mark that lists them all; marks outside the range are left out.
   */
  markers?: readonly TimeChartMarker[];
}

export interface SparklineProps {
  source: SparkSeries;
  /** The accessible name, e.g. "Gas on ethereum, last hour". */
  label: string;
  /** The text alternative from the current points; refreshed at most every few seconds. */
  describe: (series: SparkSeries) => string;
  color?: ChartColor;
  /** CSS px (defaults 96 × 24). */
  width?: number;
  height?: number;
}
