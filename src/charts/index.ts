/**
 * Charts of the console: uPlot (canvas; see docs/decisions.md "uPlot for charts; sparklines as
 * pictures" for why) for a TimeChart; a Sparkline is a polyline drawn with plain Canvas 2D and shown as a picture (see
 * src/charts/Sparkline.tsx for why). Loaded lazily: importing this file costs a few hundred bytes, the library and the charts come in
 * their own chunk the first time one renders. Both themes: colours come from the MUI theme.
 *
 * Every chart says what it shows: `label` is its accessible name (role="img"), `description` its
 * text alternative in the operator's words ("Profit over the last 24 h: +1,234.50 USD over 321
 * trades, 97.2% completed"), read as the accessible description. A TimeChart's figures are also
 * in a visually hidden table (caption = label) that screen readers and tools can read.
 *
 * ```tsx
 * import { TimeChart, Sparkline, createSparkSeries } from '../../charts/index.ts';
 *
 * // Lines (kind "line") or bars stacked bottom-up (kind "stackedBars") over time.
 * <Suspense fallback={null}>
 *   <TimeChart
 *     label="Cumulative profit"
 *     description="Profit over the last 24 h: +$1,234.50 over 321 trades"
 *     kind="line"
 *     times={buckets.map((b) => b.t)}            // epoch ms, oldest first
 *     series={[{ label: 'Profit (USD)', values: cumulative, color: 'primary' }]}
 *     formatValue={formatUsdCompact}               // the hidden table's cells and the axis (domain/numberFormat.ts)
 *     bucket="hour"                               // the hidden table's time column: hour or day
 *     markers={[{ at, label: 'Workers stopped by alice', color: 'warning' }]} // optional: what happened, marked on the time axis
 *   />
 * </Suspense>
 *
 * // A live sparkline: the source is appended to as events arrive; every Sparkline on the page is
 * // redrawn at most once per animation frame, whatever the event rate (no React render per event).
 * const gas = createSparkSeries({ windowMs: 3_600_000 });
 * gas.append(Date.now(), 12.3);
 * <Sparkline source={gas} label="Gas, last hour" describe={(s) => `…`} />
 * ```
 *
 * Render them inside a Suspense boundary (and a LoadBoundary where a failed load should be said).
 */
import { retryableLazy } from '../ui/retryableLazy.tsx';
import type { SparklineProps, TimeChartProps } from './types.ts';

export type { ChartColor, SparkSeries, SparklineProps, TimeChartMarker, TimeChartProps, TimeChartSeries } from './types.ts';
export { createSparkSeries, describeSpark } from './sparkSeries.ts';

/** Lines or stacked bars over time; see the top of this file. */
export const TimeChart = retryableLazy<TimeChartProps>('the chart', () => import('./TimeChart.tsx'));
/** A small live line, redrawn at most once per frame; see the top of this file. */
export const Sparkline = retryableLazy<SparklineProps>('the sparkline', () => import('./Sparkline.tsx'));
