/** domain/shortHash.ts: one cut of a transaction hash for every screen. */
import { describe, expect, it } from 'vitest';
import { SHORT_HASH_HEAD, SHORT_HASH_MAX, SHORT_HASH_TAIL, shortHash } from '../../src/domain/shortHash.ts';

const EVM = '0x3e7f46aa00000000000000000000000000000000000000000000000000bea97';

describe('shortHash (domain/shortHash.ts)', () => {
  it('keeps the start and the end of a long hash around "…"', () => {
    expect(shortHash(EVM)).toBe('0x3e7f46…0bea97');
    expect(shortHash(EVM)).toHaveLength(SHORT_HASH_HEAD + 1 + SHORT_HASH_TAIL);
  });

  it(`shows a hash of at most ${SHORT_HASH_MAX} characters whole, and cuts one longer`, () => {
    const at = 'a'.repeat(SHORT_HASH_MAX - 6) + '123456';
    expect(shortHash(at)).toBe(at);
    expect(shortHash(`${at}7`)).toBe('aaaaaaaa…234567');
    expect(shortHash('')).toBe('');
  });
});
