/**
 * Where a new floating window opens (§2), and which window is in front (raiseWindow, below).
 * The spec puts every window at x 30 near the bottom, stacked by index; on a wide screen that is
 * under the menu (react-admin's sidebar, 220 px on the left) and, for the second window, over most
 * of the first. The rule kept here: the spec's place when it covers nothing; otherwise the same
 * height, moved right just past whatever it would cover (the menu, another window), as many times
 * as needed; and when no place to the right fits on screen (a narrow window), the spec's place after
 * all, since a window half off screen is worse than one over the menu. Only where a window opens:
 * the operator may then drag it anywhere.
 */

/** A rectangle on screen, px in viewport coordinates (the shape of a window's x, y, w, h). */
export interface ScreenBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** True when the two share any area (touching edges do not count). */
export function boxesOverlap(a: ScreenBox, b: ScreenBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * `preferred`: the spec's place for the window; `occupied`: what it must not cover; `gap`: the space
 * left between it and what it was moved past.
 */
export function placeWindow(preferred: ScreenBox, occupied: readonly ScreenBox[], viewportWidth: number, gap: number): ScreenBox {
  let box = preferred;
  for (;;) {
    const covered = occupied.filter((other) => boxesOverlap(box, other));
    if (covered.length === 0) return box;
    // Each step moves strictly right (past a box it overlapped), so this ends.
    const x = Math.max(...covered.map((other) => other.x + other.w)) + gap;
    if (x + box.w > viewportWidth) return preferred;
    box = { ...box, x };
  }
}

/**
 * Stacking: `order` lists window ids back to front. The window the operator
 * touches comes to the front and the others keep their order among themselves; the same array comes
 * back when it already is in front (nothing to redraw).
 */
export function raiseWindow(order: readonly number[], id: number): readonly number[] {
  if (order[order.length - 1] === id) return order;
  return [...order.filter((other) => other !== id), id];
}

/** A window's place in the stack, 0 at the back; an id not in `order` yet counts as in front. */
export function stackRank(order: readonly number[], id: number): number {
  const rank = order.indexOf(id);
  return rank === -1 ? order.length : rank;
}
