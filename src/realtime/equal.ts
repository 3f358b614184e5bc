/**
 * Structural equality for JSON-like payloads (what zod parsed off the wire). Iterative, not
 * recursive: JSON.parse accepts nesting deep enough to overflow the stack of a recursive compare,
 * and a backend's free-form fields (brainState.txState, statistics) are not ours to bound.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
    const [x, y] = pair;
    if (Object.is(x, y)) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) pending.push([x[i], y[i]]);
      continue;
    }
    const rx = x as Record<string, unknown>;
    const ry = y as Record<string, unknown>;
    const keys = Object.keys(rx);
    if (keys.length !== Object.keys(ry).length) return false;
    for (const k of keys) {
      if (!Object.prototype.hasOwnProperty.call(ry, k)) return false;
      pending.push([rx[k], ry[k]]);
    }
  }
  return true;
}

/** The previous value when structurally equal to the next, so subscribers keep the same identity. */
export function keepIfEqual<T>(prev: T | undefined, next: T): T {
  return prev !== undefined && deepEqual(prev, next) ? prev : next;
}
