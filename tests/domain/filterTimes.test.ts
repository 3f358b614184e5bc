/** domain/filterTimes.ts: a list's time range kept as ISO UTC text, sent to the servers as ms. */
import { describe, expect, it } from 'vitest';
import { filterTimeOf, filterTimeText, rangeProblem, timeBounds, withTimeBounds } from '../../src/domain/filterTimes.ts';

const FROM = Date.parse('2026-01-15T10:00:00.000Z');
const TO = Date.parse('2026-01-15T11:30:59.999Z');

describe('list time filters (domain/filterTimes.ts)', () => {
  it('keeps an end as its instant in ISO UTC and reads it back to the same ms', () => {
    expect(filterTimeText(FROM)).toBe('2026-01-15T10:00:00.000Z');
    expect(filterTimeOf(filterTimeText(TO))).toBe(TO);
  });

  it('reads ms too (a hand-written link); a time without its zone or anything else is no end', () => {
    expect(filterTimeOf(FROM)).toBe(FROM);
    for (const odd of ['2026-01-15T10:00', '2026-01-15 10:00:00', 'x', '', -1, 1.5, null, undefined, {}]) expect(filterTimeOf(odd), String(odd)).toBeUndefined();
  });

  it('gives the servers ms and leaves the other fields as they are', () => {
    expect(timeBounds({ from: filterTimeText(FROM), to: filterTimeText(TO) })).toEqual({ from: FROM, to: TO });
    expect(timeBounds({ from: 'soon' })).toEqual({});
    expect(withTimeBounds({ state: 'stuck', from: filterTimeText(FROM), to: 'later' })).toEqual({ state: 'stuck', from: FROM });
    expect(withTimeBounds({ state: 'stuck' })).toEqual({ state: 'stuck' });
  });

  it('says when the end is before the start, and only then', () => {
    expect(rangeProblem({ from: filterTimeText(TO), to: filterTimeText(FROM) })).toBe('the end is before the start');
    expect(rangeProblem({ from: filterTimeText(FROM), to: filterTimeText(FROM) })).toBeNull();
    expect(rangeProblem({ to: filterTimeText(FROM) })).toBeNull();
  });
});
