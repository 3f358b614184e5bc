/**
 * A live sparkline, redrawn at most once per frame from its SparkSeries; React renders it once. Its
 * text alternative (`describe`) follows the label in the box's accessible name, refreshed at most
 * every DESCRIBE_EVERY_MS so a screen reader is not flooded.
 *
 * The line is drawn with plain Canvas 2D on one offscreen canvas shared by every sparkline and shown
 * as a picture (an <img>), not as a canvas of its own: Home's Gas and balances table repaints four
 * times a second, and Chromium would take a snapshot of each of its 30 small canvases on every
 * repaint (docs/decisions.md "uPlot for charts; sparklines as pictures"). A picture changes only
 * when its line does (a point at most every 10 s) and a repaint draws it from the decoded image. A
 * polyline needs no chart library: uPlot stays for the TimeChart's axes and bars.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { cancelRedraw, redrawSoon } from './frameLoop.ts';
import { sparkPath } from './sparkPath.ts';
import { chartTheme } from './theme.ts';
import type { SparklineProps } from './types.ts';

const DESCRIBE_EVERY_MS = 5_000;
/** CSS px of the line. */
const LINE_WIDTH = 1.25;

/**
 * The one canvas every sparkline draws on before it becomes a picture (never in the page); null
 * without canvas support (jsdom). A data: URL, as the console's Content-Security-Policy allows
 * pictures from data: and not from blob:.
 */
let drawing: HTMLCanvasElement | null | undefined;
function drawingCanvas(): HTMLCanvasElement | null {
  if (drawing === undefined) drawing = typeof OffscreenCanvas === 'function' ? document.createElement('canvas') : null;
  return drawing;
}

export default function Sparkline({ source, label, describe, color = 'primary', width = 96, height = 24 }: SparklineProps) {
  const box = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const theme = useTheme();
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  }, [describe]);

  useEffect(() => {
    const el = box.current;
    const img = picture.current;
    if (!el || !img) return;
    const stroke = chartTheme(theme).color(color);
    let describedAt = 0;
    const describeNow = () => {
      describedAt = Date.now();
      const text = `${label}: ${describeRef.current(source)}`;
      el.setAttribute('aria-label', text);
      el.title = text;
    };
    const show = (url: string | null) => {
      // Hidden without a line: an <img> without a picture would draw a placeholder's frame.
      img.hidden = url === null;
      if (url) img.src = url;
      else img.removeAttribute('src');
    };
    const redraw = () => {
      if (Date.now() - describedAt >= DESCRIBE_EVERY_MS) describeNow();
      const canvas = drawingCanvas();
      const g = canvas?.getContext('2d');
      if (!canvas || !g) return;
      const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      const line = LINE_WIDTH * ratio;
      const points = sparkPath(source.xs, source.ys, w, h, line / 2);
      if (points.length === 0) {
        show(null);
        return;
      }
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      } else g.clearRect(0, 0, w, h);
      g.beginPath();
      g.moveTo(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) g.lineTo(points[i]!, points[i + 1]!);
      g.strokeStyle = stroke;
      g.lineWidth = line;
      g.lineJoin = 'round';
      g.lineCap = 'round';
      g.stroke();
      show(canvas.toDataURL());
    };
    describeNow();
    redrawSoon(redraw);
    const unsubscribe = source.subscribe(() => redrawSoon(redraw));
    return () => {
      unsubscribe();
      cancelRedraw(redraw);
      show(null);
    };
  }, [source, theme, color, width, height, label]);

  return (
    <Box ref={box} role="img" aria-label={label} data-sparkline="" sx={{ width, height, display: 'inline-block', verticalAlign: 'middle', lineHeight: 0, contain: 'strict' }}>
      {/* A picture of figures the text alternative says. */}
      <img ref={picture} alt="" aria-hidden="true" hidden width={width} height={height} style={{ verticalAlign: 'top' }} />
    </Box>
  );
}
