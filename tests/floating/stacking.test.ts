import { describe, expect, it } from 'vitest';
import { raiseWindow, stackRank } from '../../src/domain/windowPlacement.ts';
import { windowZIndex } from '../../src/widgets/FloatingWindows/layout.ts';

describe('§2 floating window manager: window stacking', () => {
  it('the window touched comes to the front; the others keep their order', () => {
    expect(raiseWindow([1, 2, 3], 1)).toEqual([2, 3, 1]);
    expect(raiseWindow([1, 2, 3], 2)).toEqual([1, 3, 2]);
    expect(raiseWindow([1, 2], 3)).toEqual([1, 2, 3]);
  });

  it('raising the front window changes nothing (the same array: nothing to redraw)', () => {
    const order = [1, 2];
    expect(raiseWindow(order, 2)).toBe(order);
  });

  it('a place in the stack counts from 0 at the back; one not listed yet is in front', () => {
    expect([1, 2, 3].map((id) => stackRank([3, 1, 2], id))).toEqual([1, 2, 0]);
    expect(stackRank([1, 2], 7)).toBe(2);
  });

  it('§9 windows are at z-index 10000 or above, higher in front', () => {
    const order = [2, 1];
    expect(windowZIndex(order, 2)).toBe(10000);
    expect(windowZIndex(order, 1)).toBe(10001);
  });
});
