/**
 * A sparkline's polyline (pure): its points mapped into a box of `width` × `height` device pixels,
 * the oldest at the left edge and the newest at the right, the lowest value at the bottom and the
 * highest at the top, `inset` pixels kept clear above and below so the stroke is not cut. A flat
 * line runs through the middle; fewer than two points draw nothing.
 */
export function sparkPath(xs: readonly number[], ys: readonly number[], width: number, height: number, inset = 0): number[] {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return [];
  const x0 = xs[0]!;
  const spanX = xs[n - 1]! - x0;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = ys[i]!;
    if (y < low) low = y;
    if (y > high) high = y;
  }
  const spanY = high - low;
  const room = Math.max(0, height - 2 * inset);
  const out = new Array<number>(2 * n);
  for (let i = 0; i < n; i++) {
    out[2 * i] = spanX > 0 ? ((xs[i]! - x0) / spanX) * width : (i / (n - 1)) * width;
    out[2 * i + 1] = spanY > 0 ? inset + (1 - (ys[i]! - low) / spanY) * room : height / 2;
  }
  return out;
}
