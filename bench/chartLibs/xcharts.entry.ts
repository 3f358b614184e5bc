// Not type-checked by the project (tsconfig exclude): @mui/x-charts is installed only to re-run the
// chart-library comparison (`npm install --no-save @mui/x-charts@9.17.0`), never a dependency.
/** @mui/x-charts in the chart-library bench: a line chart, stacked bars, and SVG sparklines re-rendered by React. */
import { createElement, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { BarChart } from '@mui/x-charts/BarChart';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { ChartLibEntry } from './types.ts';

const theme = createTheme();
let data: { xs: number[]; ys: number[] }[] = [];
let versions: number[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Spark({ index }: { index: number }) {
  useSyncExternalStore(subscribe, () => versions[index]);
  const s = data[index]!;
  return createElement(SparkLineChart, { data: s.ys.slice(), xAxis: { data: s.xs.slice() }, width: 120, height: 24, skipAnimation: true });
}

const entry: ChartLibEntry = {
  mountDemo(container) {
    const xs = Array.from({ length: 24 }, (_, i) => i);
    createRoot(container).render(
      createElement(
        ThemeProvider,
        { theme },
        createElement(LineChart, { width: 400, height: 200, xAxis: [{ data: xs }], series: [{ data: xs.map((i) => i * 2) }], skipAnimation: true }),
        createElement(BarChart, {
          width: 400, height: 200, xAxis: [{ data: xs, scaleType: 'band' }], skipAnimation: true,
          series: [{ data: xs.map((i) => i % 5), stack: 'a' }, { data: xs.map((i) => i % 2), stack: 'a' }],
        }),
      ),
    );
  },
  mountSparklines(container, series) {
    data = series;
    versions = series.map(() => 0);
    flushSync(() => {
      createRoot(container).render(createElement(ThemeProvider, { theme }, series.map((_, index) => createElement(Spark, { key: index, index }))));
    });
  },
  redraw(dirty) {
    for (const i of dirty) versions[i] = (versions[i] ?? 0) + 1;
    flushSync(() => listeners.forEach((l) => l()));
  },
};
window.chartLib = entry;
