/**
 * One requestAnimationFrame for every chart on the page: a chart marks itself dirty as often as
 * events come, and is redrawn once in the next frame (at most once per frame,
 * whatever the event rate).
 */
const dirty = new Set<() => void>();
let scheduled = false;

function flush() {
  scheduled = false;
  const redraws = [...dirty];
  dirty.clear();
  for (const redraw of redraws) redraw();
}

export function redrawNextFrame(redraw: () => void): void {
  dirty.add(redraw);
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
}

export function cancelRedraw(redraw: () => void): void {
  dirty.delete(redraw);
}
