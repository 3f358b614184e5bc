import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBaseUnits, percentFromBest, toBaseUnits, toSignificant } from '../../src/domain/amounts.ts';

describe('§5 amount to integer base units', () => {
  it('is exact, never a float product', () => {
    expect(toBaseUnits('1.5', 18)).toEqual({ ok: true, value: 1500000000000000000n });
    expect(toBaseUnits('0.3', 18)).toEqual({ ok: true, value: 300000000000000000n });
    expect(toBaseUnits('1', 6)).toEqual({ ok: true, value: 1000000n });
    expect(toBaseUnits('.5', 6)).toEqual({ ok: true, value: 500000n });
    expect(toBaseUnits('12.', 2)).toEqual({ ok: true, value: 1200n });
    expect(toBaseUnits('123456789012345678901234567890.123456789012345678', 18)).toEqual({
      ok: true,
      value: 123456789012345678901234567890123456789012345678n,
    });
  });
  it('gives "Enter an amount to quote" for an empty amount', () => {
    expect(toBaseUnits('  ', 18)).toEqual({ ok: false, error: 'Enter an amount to quote' });
  });
  it('refuses non-numbers and too many decimals with a clear message', () => {
    expect(toBaseUnits('abc', 18).ok).toBe(false);
    expect(toBaseUnits('1e18', 18).ok).toBe(false);
    expect(toBaseUnits('-1', 18).ok).toBe(false);
    expect(toBaseUnits('.', 18).ok).toBe(false);
    expect(toBaseUnits('0.1234567', 6)).toEqual({ ok: false, error: 'Amount has more than 6 decimal places' });
    expect(toBaseUnits('0.1234560', 6)).toEqual({ ok: true, value: 123456n });
  });
  it('round-trips through fromBaseUnits for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (value, decimals) => {
        const text = fromBaseUnits(value, decimals);
        expect(toBaseUnits(text, decimals)).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('§2/§9 amount out to 12 significant digits', () => {
  it('rounds half up and drops trailing zeros', () => {
    expect(toSignificant('1234.56789012345678')).toBe('1234.56789012');
    expect(toSignificant('0.000123456789012345')).toBe('0.000123456789012');
    expect(toSignificant('999999999999.5')).toBe('1000000000000');
    expect(toSignificant('12345678901234567')).toBe('12345678901200000');
    expect(toSignificant('1.5')).toBe('1.5');
    expect(toSignificant('0')).toBe('0');
    expect(toSignificant('0.99999999999996')).toBe('1');
  });
  it('never shows more than 12 significant digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 36n }), fc.integer({ min: 0, max: 24 }), (value, decimals) => {
        const shown = toSignificant(fromBaseUnits(value, decimals));
        const significant = shown.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
        expect(significant.length).toBeLessThanOrEqual(12);
        const relative = Math.abs(Number(shown) - Number(fromBaseUnits(value, decimals))) / Number(fromBaseUnits(value, decimals));
        expect(relative).toBeLessThan(1e-11);
      }),
    );
  });
});

describe('§2 route difference from the best', () => {
  it('is a negative percent with 2 decimals', () => {
    expect(percentFromBest(1000n, 990n)).toBe('-1.00%');
    expect(percentFromBest(3000n, 2999n)).toBe('-0.03%');
    expect(percentFromBest(10n ** 24n, 10n ** 24n - 10n ** 20n)).toBe('-0.01%');
    expect(percentFromBest(1000n, 1000n)).toBe('0.00%');
    expect(percentFromBest(10n ** 6n, 10n ** 6n - 1n)).toBe('-0.00%');
  });
});
