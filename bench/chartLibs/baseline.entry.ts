/** The chart-library bench's baseline: React, react-dom and MUI's theme, no chart (what the console already pays for). */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { ChartLibEntry } from './types.ts';

const theme = createTheme();
const entry: ChartLibEntry = {
  mountDemo(container) {
    createRoot(container).render(createElement(ThemeProvider, { theme }, createElement('div', null, 'no chart')));
  },
  mountSparklines() {},
  redraw() {},
};
window.chartLib = entry;
