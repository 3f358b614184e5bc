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
  // uPlot reads the size in px from the font string: MUI's rem sizes are converted.
  const size = theme.typography.caption.fontSize;
  const rem = typeof theme.typography.htmlFontSize === 'number' ? theme.typography.htmlFontSize : 16;
  const px = typeof size === 'number' ? size : typeof size === 'string' && size.endsWith('rem') ? parseFloat(size) * rem : parseFloat(size ?? '12') || 12;
  return {
    color: (c) => theme.palette[c].main,
    axis: theme.palette.text.secondary,
    grid: theme.palette.divider,
    font: `${px}px ${theme.typography.fontFamily ?? 'sans-serif'}`,
  };
}
