/**
 * A live sparkline on a canvas (uPlot), redrawn at most once per frame from its SparkSeries; React
 * renders it once. Its text alternative (`describe`) follows the label in the box's accessible name,
 * refreshed at most every DESCRIBE_EVERY_MS so a screen reader is not flooded.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cancelRedraw, redrawNextFrame } from './frameLoop.ts';
import { chartTheme } from './theme.ts';
import type { SparklineProps } from './types.ts';

const DESCRIBE_EVERY_MS = 5_000;

export default function Sparkline({ source, label, describe, color = 'primary', width = 96, height = 24 }: SparklineProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  }, [describe]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { color: paint } = chartTheme(theme);
    let plot: uPlot | null = null;
    let stopped = false;
    let unsubscribe = () => {};
    let describedAt = 0;
    const describeNow = () => {
      describedAt = Date.now();
      const text = `${label}: ${describeRef.current(source)}`;
      el.setAttribute('aria-label', text);
      el.title = text;
    };
    const redraw = () => {
      plot?.setData([source.xs as number[], source.ys as number[]]);
      if (Date.now() - describedAt >= DESCRIBE_EVERY_MS) describeNow();
    };
    describeNow();
    // The library is imported here, not at the top: a page without a canvas (jsdom) still renders the
    // row, its sparkline box keeping its name; uPlot touches matchMedia as it loads.
    import('uplot').then(
      ({ default: UPlot }) => {
        if (stopped) return;
        plot = new UPlot(
          {
            width,
            height,
            pxAlign: false,
            cursor: { show: false },
            legend: { show: false },
            select: { show: false, left: 0, top: 0, width: 0, height: 0 },
            axes: [{ show: false }, { show: false }],
            scales: { x: { time: false } },
            series: [{}, { stroke: paint(color), width: 1.25, points: { show: false } }],
          },
          [source.xs as number[], source.ys as number[]],
          el,
        );
        // The canvas is a picture of figures the text alternative says.
        el.querySelectorAll('canvas').forEach((c) => c.setAttribute('aria-hidden', 'true'));
        unsubscribe = source.subscribe(() => redrawNextFrame(redraw));
      },
      () => undefined, // no canvas support (tests): the name and description stay
    );
    return () => {
      stopped = true;
      unsubscribe();
      cancelRedraw(redraw);
      plot?.destroy();
    };
  }, [source, theme, color, width, height, label]);

  return <Box ref={box} role="img" aria-label={label} data-sparkline="" sx={{ width, height, display: 'inline-block', verticalAlign: 'middle', lineHeight: 0, contain: 'strict' }} />;
}
