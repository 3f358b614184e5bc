/**
 * Lines or stacked bars over time on a canvas (uPlot), sized to its container, coloured from the MUI
 * theme, with its text alternative and its figures in a visually hidden table (src/charts/index.ts).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTimeZoneMode } from '../ui/timeZone.ts';
import { axisTimeLabels, formatTime, type TimeZoneMode } from '../domain/time.ts';
import { VISUALLY_HIDDEN } from '../ui/visuallyHidden.ts';
import { BUCKET_MS } from '../config/stats.ts';
import { ChartMarkers, type PlotGeometry } from './ChartMarkers.tsx';
import { chartTheme } from './theme.ts';
import type { TimeChartProps } from './types.ts';
import { formatNumber } from '../domain/numberFormat.ts';

/** Tick steps for a count axis: 1, 2, 5, 10, 20, 50 … up to a billion. */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((m) => m * 10 ** power)).flat();

/**
 * Stacked bars: each series drawn as the running sum of itself and the ones below it, the tallest
 * (top) first so each lower one is drawn over it and shows.
 */
function stackValues(series: TimeChartProps['series']): (number | null)[][] {
  const sums: number[] = [];
  return series
    .map((s) =>
      s.values.map((v, i) => {
        sums[i] = (sums[i] ?? 0) + (v ?? 0);
        return sums[i];
      }),
    )
    .reverse();
}

function bucketText(t: number, bucket: 'hour' | 'day', mode: TimeZoneMode): string {
  const text = formatTime(t, mode);
  // "2026-11-24 23:00:00 UTC" -> "2026-11-24 23:00 UTC" / "2026-11-24 UTC"
  return bucket === 'day' ? text.replace(/ \d\d:\d\d:\d\d/, '') : text.replace(/(\d\d:\d\d):\d\d/, '$1');
}

/** Where the plot area is inside `box`, and the time scale's ends: what markers are placed by. */
function geometryOf(plot: uPlot, box: HTMLElement): PlotGeometry | null {
  const { min, max } = plot.scales.x ?? {};
  if (min === undefined || max === undefined || min === null || max === null) return null;
  const over = plot.over.getBoundingClientRect();
  const outer = box.getBoundingClientRect();
  return { left: over.left - outer.left, top: over.top - outer.top, width: over.width, height: over.height, min, max };
}

export default function TimeChart({ kind, times, series, label, description, formatValue = formatNumber, bucket = 'hour', height = 160, markers }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const mode = useTimeZoneMode();
  const descriptionId = useId();
  const data = useMemo(
    () => [times as number[], ...(kind === 'stackedBars' ? stackValues(series) : series.map((s) => s.values as (number | null)[]))] as uPlot.AlignedData,
    [kind, times, series],
  );
  const shape = `${kind}|${series.map((s) => `${s.label}:${s.color}`).join(',')}`;
  const plotRef = useRef<uPlot | null>(null);
  const formatRef = useRef(formatValue);
  useEffect(() => {
    formatRef.current = formatValue;
  }, [formatValue]);
  const dataRef = useRef(data);
  const [geometry, setGeometry] = useState<PlotGeometry | null>(null);
  const wantsGeometry = (markers?.length ?? 0) > 0;
  const wantsGeometryRef = useRef(wantsGeometry);
  useEffect(() => {
    wantsGeometryRef.current = wantsGeometry;
  }, [wantsGeometry]);

  // Made again when the theme, the time zone or the series change; new figures only set the data.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const t = chartTheme(theme);
    const bars = kind === 'stackedBars' ? uPlot.paths.bars?.({ size: [0.7, 40], align: 1 }) : undefined;
    const axis = { stroke: t.axis, font: t.font, grid: { stroke: t.grid, width: 1 }, ticks: { stroke: t.grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(120, el.clientWidth),
        height,
        ms: 1,
        tzDate: mode === 'utc' ? (ms) => uPlot.tzDate(new Date(ms), 'Etc/UTC') : (ms) => new Date(ms),
        cursor: { show: true, points: { show: false }, drag: { x: false, y: false } },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        legend: { show: false },
        // Markers follow the plot: placed again when its size or its time scale changes (only when there are any).
        hooks: {
          setSize: [
            (u) => {
              if (wantsGeometryRef.current) setGeometry(geometryOf(u, el));
            },
          ],
          setScale: [
            (u, key) => {
              if (key === 'x' && wantsGeometryRef.current) setGeometry(geometryOf(u, el));
            },
          ],
        },
        // The right padding holds half the last time label ("Nov 24", centred on its tick): with 8 px
        // a phone's chart cut "4pm" to "4pn".
        padding: [8, 24, 0, 0],
        scales: kind === 'stackedBars' ? { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } } : {},
        axes: [
          // 24-hour times and dates in the header's zone, as every other time in the console.
          { ...axis, values: (_u, splits, _axis, _space, step) => axisTimeLabels(splits, step, mode) },
          {
            ...axis,
            // As wide as its longest label ("+$1,250.00"), so no label is cut at the chart's left edge.
            size: (_u, values) => Math.max(40, Math.ceil(Math.max(0, ...(values ?? []).map((v) => String(v).length)) * 7.2) + 18),
            values: (_u, splits) => splits.map((v) => formatRef.current(v)),
            // Stacked bars count things (trades per hour): whole steps only, where a range of 0 to 1
            // was split at 0.5 and its tick read "1" twice.
            ...(kind === 'stackedBars' && { incrs: WHOLE_STEPS }),
          },
        ],
        series: [
          {},
          ...(kind === 'stackedBars' ? [...series].reverse() : series).map((s) => {
            const c = t.color(s.color);
            return kind === 'stackedBars'
              ? { label: s.label, stroke: c, fill: c, width: 0, paths: bars, points: { show: false } }
              : { label: s.label, stroke: c, width: 2, points: { show: false } };
          }),
        ],
      },
      dataRef.current,
      el,
    );
    el.querySelectorAll('canvas').forEach((c) => c.setAttribute('aria-hidden', 'true'));
    plotRef.current = plot;
    if (wantsGeometryRef.current) setGeometry(geometryOf(plot, el));
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(120, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` stands for the series' looks; figures are set below
  }, [theme, mode, kind, shape, height]);

  useEffect(() => {
    dataRef.current = data;
    plotRef.current?.setData(data);
  }, [data]);

  // Markers arriving after the plot was made (their own request) are placed at once.
  useEffect(() => {
    const plot = plotRef.current;
    if (wantsGeometry && plot && box.current) setGeometry(geometryOf(plot, box.current));
  }, [wantsGeometry]);

  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0, position: 'relative' }}>
      <Box ref={box} role="img" aria-label={label} aria-describedby={descriptionId} title={description} sx={{ width: '100%', minWidth: 0, overflow: 'hidden' }} />
      {markers && markers.length > 0 && geometry ? <ChartMarkers markers={markers} geometry={geometry} slackMs={BUCKET_MS[bucket]} /> : null}
      <Box component="figcaption" id={descriptionId} sx={VISUALLY_HIDDEN}>
        {description}
      </Box>
      {/* A table box is never narrower than its content: the hiding box is a div around it. */}
      <div style={VISUALLY_HIDDEN}>
      <table>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((t, i) => (
            <tr key={t}>
              <th scope="row">{bucketText(t, bucket, mode)}</th>
              {series.map((s) => {
                const v = s.values[i];
                return <td key={s.label}>{v === null || v === undefined ? '–' : formatValue(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </Box>
  );
}
