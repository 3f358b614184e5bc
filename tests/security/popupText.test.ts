/**
 * §2 JSON popups show configs, tx records and log details as text, whatever the value: a
 * generated value of any kind (BigInt, cycles, objects without a prototype, very deep nesting,
 * markup) becomes a string and never throws, so a popup cannot take the screen down.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatForPopup, UNDISPLAYABLE } from '../../src/ui/dialogs/JsonDialog.tsx';

function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('§2 JSON popup text', () => {
  it('§2 any value formats to a string without throwing', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true }),
        (value) => {
          expect(typeof formatForPopup(value)).toBe('string');
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });

  it('§2 values JSON cannot write still show something readable', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(formatForPopup(cyclic)).toBe('[object Object]');
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { big: 1n });
    expect(formatForPopup(bare)).toBe(UNDISPLAYABLE);
    expect(formatForPopup(deepArray(200_000))).toBe(UNDISPLAYABLE);
    expect(formatForPopup('['.repeat(100_000) + ']'.repeat(100_000))).toBe('['.repeat(100_000) + ']'.repeat(100_000));
  });

  it('§2 markup stays text: the popup string is the value, not parsed', () => {
    const xss = '<img src=x onerror="window.__xss=1">';
    expect(formatForPopup({ name: xss })).toBe(`{\n  "name": ${JSON.stringify(xss)}\n}`);
    expect(formatForPopup(xss)).toBe(xss);
  });
});
