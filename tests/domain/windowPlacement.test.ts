import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxesOverlap, placeWindow, type ScreenBox } from '../../src/domain/windowPlacement.ts';

const GAP = 16;
const WIDTH = 1440;
/** The spec's place at 1440 × 900: x 30, above the window list. */
const SPEC_PLACE: ScreenBox = { x: 30, y: 344, w: 360, h: 500 };
const MENU: ScreenBox = { x: 0, y: 48, w: 220, h: 852 };

describe('§2 where a new floating window opens', () => {
  it('§2 the spec place (x 30 near the bottom) when it covers nothing', () => {
    expect(placeWindow(SPEC_PLACE, [], WIDTH, GAP)).toEqual(SPEC_PLACE);
    expect(placeWindow(SPEC_PLACE, [{ x: 0, y: 0, w: 1440, h: 344 }], WIDTH, GAP)).toEqual(SPEC_PLACE); // touching is not covering
  });

  it('§2 a new swap window covers neither the menu nor another window: moved right past them, at the same height', () => {
    const first = placeWindow(SPEC_PLACE, [MENU], WIDTH, GAP);
    expect(first).toEqual({ ...SPEC_PLACE, x: 220 + GAP });
    const second = placeWindow({ ...SPEC_PLACE, y: 304 }, [MENU, first], WIDTH, GAP);
    expect(second).toEqual({ x: 220 + GAP + 360 + GAP, y: 304, w: 360, h: 500 });
    expect(boxesOverlap(second, first) || boxesOverlap(second, MENU)).toBe(false);
  });

  it('§2 a window widened to two panels (650) is moved past as a whole', () => {
    const wide = { x: 236, y: 344, w: 650, h: 500 };
    expect(placeWindow({ ...SPEC_PLACE, y: 304 }, [MENU, wide], WIDTH, GAP).x).toBe(236 + 650 + GAP);
  });

  it('§2 with no room to the right (a narrow screen) the window keeps the spec place', () => {
    expect(placeWindow(SPEC_PLACE, [MENU, { x: 236, y: 344, w: 360, h: 500 }], 800, GAP)).toEqual(SPEC_PLACE);
  });

  it('§2 whatever is on screen, the place is the spec place or one that covers nothing and fits', () => {
    const box = fc.record({ x: fc.integer({ min: 0, max: 1400 }), y: fc.integer({ min: 0, max: 880 }), w: fc.integer({ min: 1, max: 700 }), h: fc.integer({ min: 1, max: 700 }) });
    fc.assert(
      fc.property(fc.array(box, { maxLength: 6 }), fc.integer({ min: 400, max: 3000 }), (occupied, width) => {
        const placed = placeWindow(SPEC_PLACE, occupied, width, GAP);
        expect(placed.y).toBe(SPEC_PLACE.y);
        expect(placed.w).toBe(SPEC_PLACE.w);
        if (placed.x !== SPEC_PLACE.x) {
          expect(placed.x + placed.w).toBeLessThanOrEqual(width);
          expect(occupied.some((o) => boxesOverlap(placed, o))).toBe(false);
        }
      }),
    );
  });
});
