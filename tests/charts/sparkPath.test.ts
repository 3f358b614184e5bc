import { describe, expect, it } from 'vitest';
import { sparkPath } from '../../src/charts/sparkPath.ts';

describe('sparklines: a sparkline draws its last hour across its whole box', () => {
  it('puts the oldest point at the left edge, the newest at the right, the lowest value at the bottom and the highest at the top', () => {
    // 0 s → 3, 30 s → 5, 60 s → 1 in a 64 × 20 px box, 1 px kept clear above and below.
    expect(sparkPath([0, 30_000, 60_000], [3, 5, 1], 64, 20, 1)).toEqual([0, 10, 32, 1, 64, 19]);
  });

  it('spaces points by their time, not their index (a gap in the feed shows as a long segment)', () => {
    const path = sparkPath([0, 10_000, 60_000], [1, 2, 3], 60, 10);
    expect([path[0], path[2], path[4]]).toEqual([0, 10, 60]);
  });

  it('a flat line runs through the middle, and fewer than two points draw nothing', () => {
    expect(sparkPath([0, 10, 20], [7, 7, 7], 64, 20, 1)).toEqual([0, 10, 32, 10, 64, 10]);
    expect(sparkPath([5], [1], 64, 20)).toEqual([]);
    expect(sparkPath([], [], 64, 20)).toEqual([]);
  });
});
