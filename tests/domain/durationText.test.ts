/** Durations on a trade's journey as operators read them (domain/durationText.ts): never raw milliseconds. */
import { describe, expect, it } from 'vitest';
import { durationAgainstExpected, durationText, overByText, roughDurationText } from '../../src/domain/durationText.ts';

describe('durations on a trade journey', () => {
  it.each([
    [0, '0 ms'],
    [329, '329 ms'],
    [1000, '1 s'],
    [12_400, '12 s'],
    [60_000, '1 min'],
    [250_000, '4 min 10 s'],
    [3_600_000, '1 h'],
    [7_500_000, '2 h 5 min'],
    [90_000_000, '1 d 1 h'],
    [-1, '–'],
    [Number.NaN, '–'],
  ])('%d ms reads "%s" (the two largest units, whole)', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it.each([
    [300, '≈ 300 ms'],
    [28_609, '≈ 29 s'],
    [60_000, '≈ 1 min'],
    [95_000, '≈ 2 min'],
    [5_400_000, '≈ 2 h'],
  ])('what such steps take, %d ms, reads "%s": one unit, as an estimate', (ms, text) => {
    expect(roughDurationText(ms)).toBe(text);
  });

  it('"4 min 10 s of ≈ 1 min" against what is expected; the duration alone when nothing is', () => {
    expect(durationAgainstExpected(250_000, 60_000)).toBe('4 min 10 s of ≈ 1 min');
    expect(durationAgainstExpected(250_000, undefined)).toBe('4 min 10 s');
  });

  it('"over by 12 min" only once past what is expected', () => {
    expect(overByText(13 * 60_000, 60_000)).toBe('over by 12 min');
    expect(overByText(60_000, 60_000)).toBeNull();
    expect(overByText(90_000, undefined)).toBeNull();
  });
});
