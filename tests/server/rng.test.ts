/** server/src/lib/rng.ts: the one seeded randomness of the simulator and the quote engine. */
import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed, rngStreams } from '../../server/src/lib/rng.ts';

const draws = (seed: number, n = 20) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('seeded randomness (server/src/lib/rng.ts)', () => {
  it('the same seed gives the same draws, in [0, 1); another seed others', () => {
    expect(draws(7)).toEqual(draws(7));
    expect(draws(8)).not.toEqual(draws(7));
    for (const x of draws(7, 1000)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('a stream per label: the same label the same stream, another label another, whatever else was drawn', () => {
    const a = rngStreams(3);
    const b = rngStreams(3);
    a('noise').next();
    expect(a('heads:Base').next()).toBe(b('heads:Base').next());
    expect(deriveSeed(3, 'Base')).not.toBe(deriveSeed(3, 'heads:Base'));
    expect(deriveSeed(3, 'Base')).not.toBe(deriveSeed(4, 'Base'));
    expect(deriveSeed(3, 'Base')).toBe(deriveSeed(3, 'Base') >>> 0);
  });

  it('its helpers keep to their ranges', () => {
    const rng = createRng(11);
    for (let i = 0; i < 500; i++) {
      const between = rng.between(2, 5);
      expect(between >= 2 && between < 5).toBe(true);
      const log = rng.logBetween(1e-3, 1e3);
      expect(log >= 1e-3 && log < 1e3 * (1 + 1e-12)).toBe(true);
      const int = rng.int(1, 3);
      expect([1, 2, 3]).toContain(int);
      expect(['a', 'b']).toContain(rng.pick(['a', 'b']));
    }
    expect(rng.hex(10)).toMatch(/^[0-9a-f]{10}$/);
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
    expect(() => rng.pick([])).toThrow('pick from an empty list');
  });
});
