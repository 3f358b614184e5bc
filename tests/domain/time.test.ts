import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisTimeLabels, formatTime, parseTime, timeParts, timeZoneModeOf, zoneLabel } from '../../src/domain/time.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('times as operators read them', () => {
  it('24-hour to the second, never AM/PM, midnight as 00', () => {
    expect(formatTime(at('2026-11-24T23:41:07.999Z'), 'utc')).toBe('2026-11-24 23:41:07 UTC');
    expect(formatTime(at('2026-11-24T13:05:00Z'), 'utc')).toBe('2026-11-24 13:05:00 UTC');
    expect(formatTime(at('2026-11-25T00:00:00Z'), 'utc')).toBe('2026-11-25 00:00:00 UTC');
    expect(formatTime(at('2026-01-02T03:04:05Z'), 'local', BERLIN)).toBe('2026-01-02 04:04:05 GMT+1');
  });

  it('the zone is always written: UTC, an offset, or the zone short name', () => {
    expect(zoneLabel(at('2026-01-15T12:00:00Z'), 'utc', BERLIN)).toBe('UTC');
    expect(zoneLabel(at('2026-01-15T12:00:00Z'), 'local', BERLIN)).toBe('GMT+1');
    expect(zoneLabel(at('2026-07-15T12:00:00Z'), 'local', BERLIN)).toBe('GMT+2');
    expect(zoneLabel(at('2026-01-15T12:00:00Z'), 'local', NEW_YORK)).toBe('EST');
    expect(zoneLabel(at('2026-07-15T12:00:00Z'), 'local', NEW_YORK)).toBe('EDT');
    expect(formatTime(at('2026-01-15T12:00:00Z'), 'local', 'Asia/Kolkata')).toBe('2026-01-15 17:30:00 GMT+5:30');
    expect(timeParts(at('2026-01-15T12:00:00Z'), 'local', 'UTC')).toEqual({ text: '2026-01-15 12:00:00', zone: 'UTC' });
  });

  it('UTC and local time name the same instant, each in its own zone', () => {
    const ms = at('2026-11-24T23:41:07Z');
    expect(formatTime(ms, 'utc', NEW_YORK)).toBe('2026-11-24 23:41:07 UTC');
    expect(formatTime(ms, 'local', NEW_YORK)).toBe('2026-11-24 18:41:07 EST');
    expect(formatTime(ms, 'local', BERLIN)).toBe('2026-11-25 00:41:07 GMT+1');
    expect(parseTime('2026-11-24 18:41:07', 'local', NEW_YORK)?.start).toBe(ms);
    expect(parseTime('2026-11-24 23:41:07', 'utc', NEW_YORK)?.start).toBe(ms);
  });

  it('summer time: the zone name changes with the clocks, both ways', () => {
    // Berlin, 29 March 2026: 02:00 GMT+1 becomes 03:00 GMT+2 (01:00 UTC).
    expect(formatTime(at('2026-03-29T00:59:59Z'), 'local', BERLIN)).toBe('2026-03-29 01:59:59 GMT+1');
    expect(formatTime(at('2026-03-29T01:00:00Z'), 'local', BERLIN)).toBe('2026-03-29 03:00:00 GMT+2');
    // 25 October 2026: 03:00 GMT+2 becomes 02:00 GMT+1 again (01:00 UTC), so 02:30 happens twice.
    expect(formatTime(at('2026-10-25T00:30:00Z'), 'local', BERLIN)).toBe('2026-10-25 02:30:00 GMT+2');
    expect(formatTime(at('2026-10-25T01:30:00Z'), 'local', BERLIN)).toBe('2026-10-25 02:30:00 GMT+1');
  });

  it('summer time: a repeated hour reads as its first time unless the zone says which; a skipped hour moves on by the gap', () => {
    expect(parseTime('2026-10-25 02:30', 'local', BERLIN)?.start).toBe(at('2026-10-25T00:30:00Z'));
    expect(parseTime('2026-10-25 02:30 GMT+1', 'local', BERLIN)?.start).toBe(at('2026-10-25T01:30:00Z'));
    expect(parseTime('2026-10-25 02:30:00 gmt+2', 'local', BERLIN)?.start).toBe(at('2026-10-25T00:30:00Z'));
    const skipped = parseTime('2026-03-29 02:30', 'local', BERLIN);
    expect(skipped?.start).toBe(at('2026-03-29T01:30:00Z'));
    expect(formatTime(skipped?.start ?? NaN, 'local', BERLIN)).toBe('2026-03-29 03:30:00 GMT+2');
    // The day the clocks go forward has 23 hours, the day they go back 25.
    const short = parseTime('2026-03-29', 'local', BERLIN);
    expect(short && short.end + 1 - short.start).toBe(23 * 3_600_000);
    const long = parseTime('2026-10-25', 'local', BERLIN);
    expect(long && long.end + 1 - long.start).toBe(25 * 3_600_000);
  });

  it('a typed time names its whole day, minute or second', () => {
    const day = at('2026-11-24T00:00:00Z');
    expect(parseTime('2026-11-24', 'utc')).toEqual({ start: day, end: day + 86_400_000 - 1 });
    expect(parseTime('2026-11-24 23:41', 'utc')).toEqual({ start: at('2026-11-24T23:41:00Z'), end: at('2026-11-24T23:41:59.999Z') });
    expect(parseTime(' 2026-11-24T23:41:07 ', 'utc')).toEqual({ start: at('2026-11-24T23:41:07Z'), end: at('2026-11-24T23:41:07.999Z') });
    expect(parseTime('2026-1-2 3:04', 'utc')?.start).toBe(at('2026-01-02T03:04:00Z'));
  });

  it('what the table shows can be typed back, zone name and all', () => {
    expect(parseTime('2026-11-24 23:41:07 UTC', 'utc')?.start).toBe(at('2026-11-24T23:41:07Z'));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: at('2100-01-01T00:00:00Z') }),
        fc.constantFrom(BERLIN, NEW_YORK, 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'),
        fc.constantFrom('local' as const, 'utc' as const),
        (ms, zone, mode) => {
          const span = parseTime(formatTime(ms, mode, zone), mode, zone);
          expect(span).not.toBeNull();
          expect(span!.start).toBeLessThanOrEqual(ms);
          expect(span!.end).toBeGreaterThanOrEqual(ms);
        },
      ),
    );
  });

  it.each([
    ['nothing', ''],
    ['words', 'yesterday'],
    ['a day the month does not have', '2026-02-30'],
    ['month 13', '2026-13-01'],
    ['hour 24', '2026-11-24 24:00'],
    ['minute 60', '2026-11-24 23:60'],
    ['a two-digit year', '26-11-24'],
    ['a 12-hour time', '2026-11-24 11:41 PM'],
    ['another zone than the chosen one', '2026-11-24 23:41:07 GMT+1'],
  ])('invalid input is not a time: %s', (_case, typed) => {
    expect(parseTime(typed, 'utc', BERLIN)).toBeNull();
  });

  it('what is not a time formats as nothing, not as "Invalid Date" nor a thrown RangeError', () => {
    expect(formatTime(Number.NaN, 'utc')).toBe('');
    expect(formatTime(Number.POSITIVE_INFINITY, 'local')).toBe('');
    expect(formatTime(1e20, 'utc')).toBe('');
    expect(timeParts(-1e20, 'utc')).toBeNull();
  });

  it('the stored choice is read back; anything else is local time', () => {
    expect(timeZoneModeOf('utc')).toBe('utc');
    expect(timeZoneModeOf('local')).toBe('local');
    for (const stored of [null, undefined, '', 'UTC', 'Europe/Berlin', '{"mode":"utc"}', 1]) expect(timeZoneModeOf(stored)).toBe('local');
  });
});

describe('a chart time axis tells time as the rest of the console', () => {
  const hour = 3600_000;
  const at = Date.UTC(2026, 10, 24, 14, 0, 0);
  it('§2 ticks under a day apart read 24-hour "16:00" in the chosen zone, and a day\'s start its date', () => {
    expect(axisTimeLabels([at, at + 2 * hour, at + 10 * hour], 2 * hour, 'utc')).toEqual(['14:00', '16:00', 'Nov 25']);
    expect(axisTimeLabels([at], hour, 'local', 'Europe/Berlin')).toEqual(['15:00']);
  });
  it('§2 ticks a day or more apart read their date; what is not a time reads empty', () => {
    expect(axisTimeLabels([Date.UTC(2026, 11, 31), Date.UTC(2027, 0, 1, 12)], 24 * hour, 'utc')).toEqual(['Dec 31', 'Jan 1']);
    expect(axisTimeLabels([Number.NaN], hour, 'utc')).toEqual(['']);
  });
  it('no label is longer than six characters, so a half fits in the chart\'s right padding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom(hour, 6 * hour, 24 * hour, 7 * 24 * hour), (ms, step) => {
        const [label = ''] = axisTimeLabels([ms], step, 'utc');
        return label.length <= 6;
      }),
    );
  });
});
