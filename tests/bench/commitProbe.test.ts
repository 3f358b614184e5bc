/**
 * The firehose bench's commits mode reports which components React renders under the feed and
 * whether their commits escaped the live store's frame: the report's arithmetic is pinned here
 * without a browser.
 */
import { describe, expect, it } from 'vitest';
import { formatCommits, type CommitReading } from '../../bench/lib/commitProbe.ts';

const reading: CommitReading = {
  seconds: 2,
  commits: 80,
  inFrame: 70,
  rootsOutside: { 'Styled(tbody) > NetworkRow': 8, 'Styled(div) > SessionCountdown': 2 },
  rootsInside: { 'Styled(div) > BlockHeadButton': 70, 'NotificationsProvider > ToastStackView': 12 },
  renders: { BlockHeadButton: 500, NetworkRow: 80, ToastCard: 30 },
};

describe('formatCommits', () => {
  it('says commits per second in frames and in tasks of their own, with the update roots of each, busiest first', () => {
    const lines = formatCommits('commits: rate 100', reading);
    expect(lines[0]).toBe("commits: rate 100: 40.0 React commits/s, 35.0 in a frame's callbacks, 5.0 in tasks of their own");
    const outside = lines.indexOf('  update roots of the commits outside frames (commits/s):');
    const inside = lines.indexOf('  update roots of the commits in frames (commits/s):');
    expect(lines.slice(outside + 1, inside)).toEqual(['      4.0/s  Styled(tbody) > NetworkRow', '      1.0/s  Styled(div) > SessionCountdown']);
    expect(lines[inside + 1]).toBe('     35.0/s  Styled(div) > BlockHeadButton');
    expect(lines.at(-3)).toBe('    250.0/s  BlockHeadButton');
  });

  it('says "none" when every commit was in a frame, and keeps the n busiest', () => {
    const lines = formatCommits('t', { ...reading, inFrame: 80, rootsOutside: {} }, 1);
    expect(lines[2]).toBe('     none');
    expect(lines).toHaveLength(7);
  });
});
