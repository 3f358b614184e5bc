import { describe, expect, it } from 'vitest';
import { AFTER_FRAME_ABOVE_MS, FRAME_COST_WINDOW, framePacing, IN_FRAME_BELOW_MS } from '../../src/domain/framePacing.ts';

const frames = (ms: number, n = FRAME_COST_WINDOW) => Array.from({ length: n }, () => ms);

describe('where a frame’s live changes are committed: in the frame, or after it on a slow CPU (docs/architecture.md Live data)', () => {
  it('a desktop’s frames (median 3.6 ms at 1,250 events/s, 4.9 ms at 2,500) stay in the frame', () => {
    expect(framePacing(frames(3.6), 'inFrame')).toBe('inFrame');
    expect(framePacing([...frames(4.9, 40), ...frames(9, 20)], 'inFrame')).toBe('inFrame');
  });

  it('a CPU 4× slower (median 9 ms) commits after the frame, and stays there at its cost then (8.8 ms)', () => {
    expect(framePacing(frames(9), 'inFrame')).toBe('afterFrame');
    expect(framePacing(frames(8.8), 'afterFrame')).toBe('afterFrame');
  });

  it('decides on the median: a few costly frames on a fast CPU do not move it', () => {
    const costs = [...frames(3, 40), ...frames(40, 20)];
    expect(framePacing(costs, 'inFrame')).toBe('inFrame');
  });

  it('keeps its mode between the two thresholds, so a median near one does not flap', () => {
    const between = (AFTER_FRAME_ABOVE_MS + IN_FRAME_BELOW_MS) / 2;
    expect(framePacing(frames(between), 'inFrame')).toBe('inFrame');
    expect(framePacing(frames(between), 'afterFrame')).toBe('afterFrame');
    expect(framePacing(frames(IN_FRAME_BELOW_MS - 0.5), 'afterFrame')).toBe('inFrame');
  });

  it('does not decide before half a window of frames is known', () => {
    expect(framePacing(frames(50, FRAME_COST_WINDOW / 2 - 1), 'inFrame')).toBe('inFrame');
    expect(framePacing(frames(50, FRAME_COST_WINDOW / 2), 'inFrame')).toBe('afterFrame');
  });
});
