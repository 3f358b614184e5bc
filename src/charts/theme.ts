/** Colours and fonts of the MUI theme for uPlot (canvas: it needs concrete colour strings). */
import type { Theme } from '@mui/material/styles';
import type { ChartColor } from './types.ts';

export interface ChartTheme {
  color: (c: ChartColor) => string;
  axis: string;
  grid: string;
  font: string;
}

export function chartTheme(theme: Theme): ChartTheme {
  const size = theme.typography.caption.fontSize;
  return {
    color: (c) => theme.palette[c].main,
    axis: theme.palette.text.secondary,
    grid: theme.palette.divider,
    font: `${typeof size === 'number' ? `${size}px` : (size ?? '12px')} ${theme.typography.fontFamily ?? 'sans-serif'}`,
  };
}
