/** uPlot in the chart-library bench: a line chart, stacked bars, and canvas sparklines redrawn with setData. */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import type { ChartLibEntry } from './types.ts';

const theme = createTheme();
let plots: uPlot[] = [];
let data: { xs: number[]; ys: number[] }[] = [];

const entry: ChartLibEntry = {
  mountDemo(container) {
    createRoot(container).render(createElement(ThemeProvider, { theme }, createElement('div', null, 'charts')));
    const xs = Array.from({ length: 24 }, (_, i) => i * 3600);
    const line = xs.map((_, i) => i * 2);
    const ok = xs.map((_, i) => i % 5);
    const failed = xs.map((_, i) => i % 2);
    new uPlot({ width: 400, height: 200, series: [{}, { stroke: theme.palette.primary.main }] }, [xs, line], container);
    const bars = uPlot.paths.bars?.({ size: [0.8] });
    new uPlot(
      { width: 400, height: 200, series: [{}, { fill: theme.palette.success.main, paths: bars }, { fill: theme.palette.error.main, paths: bars }] },
      [xs, ok.map((v, i) => v + (failed[i] ?? 0)), failed],
      container,
    );
  },
  mountSparklines(container, series) {
    data = series;
    plots = series.map(
      (s) =>
        new uPlot(
          {
            width: 120, height: 24, pxAlign: false, cursor: { show: false }, legend: { show: false },
            axes: [{ show: false }, { show: false }], scales: { x: { time: false } },
            series: [{}, { stroke: theme.palette.primary.main, width: 1 }],
          },
          [s.xs, s.ys],
          container,
        ),
    );
  },
  redraw(dirty) {
    for (const i of dirty) plots[i]?.setData([data[i]!.xs, data[i]!.ys]);
  },
};
window.chartLib = entry;
