/**
 * The firehose bench reports how long each row's console committed after the frame, from the
 * frame queue's pacing marks (src/realtime/frameQueue.ts): the arithmetic is pinned here without a
 * browser.
 */
import { describe, expect, it } from 'vitest';
import { afterFrameShare } from '../../bench/lib/pageProbe.ts';

describe('the share of a bench step the console committed after the frame', () => {
  it('is none without a mark: the console starts in the frame', () => {
    expect(afterFrameShare([], 0, 1000)).toBe(0);
  });

  it('counts from a change inside the step to its end, and back', () => {
    expect(afterFrameShare([{ start: 250, mode: 'afterFrame' }], 0, 1000)).toBe(0.75);
    expect(afterFrameShare([{ start: 250, mode: 'afterFrame' }, { start: 500, mode: 'inFrame' }], 0, 1000)).toBe(0.25);
  });

  it('takes the mode a change before the step left, and ignores changes after it, in any order', () => {
    const changes = [{ start: 1500, mode: 'inFrame' }, { start: 100, mode: 'afterFrame' }];
    expect(afterFrameShare(changes, 1000, 2000)).toBe(0.5);
    expect(afterFrameShare(changes, 200, 1000)).toBe(1);
  });
});
