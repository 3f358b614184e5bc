/**
 * The search's prefix test as a NOCASE range (server/src/db/repos/txs.ts prefixRange):
 * a text is in [from, to) under SQLite's NOCASE exactly when it starts with the prefix, ASCII
 * letters in either case, as LIKE 'prefix%' says, for texts around every edge of the range.
 */
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { prefixRange } from '../../server/src/db/repos/txs.ts';

const db = new BetterSqlite3(':memory:');
afterAll(() => db.close());
const range = db.prepare<[string, string, string, string], number>('SELECT ? >= ? COLLATE NOCASE AND ? < ? COLLATE NOCASE').pluck();
const inRange = (value: string, from: string, to: string) => range.get(value, from, value, to);
const like = db.prepare<[string, string], number>("SELECT ? LIKE ? ESCAPE '\\'").pluck();
const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Characters at the edges: around 'A'-'Z' and 'a'-'z', the LIKE wildcards, multi-byte and astral ones. */
const EDGES = ['0', 'x', '@', 'A', 'Z', '[', '`', 'a', 'z', '{', '%', '_', '\\', '\u007f', '\u00e9', '\u00c9', '\ud7ff', '\ue000', '\uffff', '\u{1F600}', '\u{10FFFF}'];
const text = fc.array(fc.constantFrom(...EDGES), { maxLength: 5 }).map((chars) => chars.join(''));

describe('prefixRange', () => {
  it('§4 search: holds exactly the texts LIKE prefix% holds (ASCII case folded), for every edge character', () => {
    fc.assert(
      fc.property(text.filter((prefix) => prefix.length > 0), text, (prefix, value) => {
        const bounds = prefixRange(prefix);
        if (bounds === null) return;
        const candidates = [value, prefix + value, prefix.toUpperCase() + value, prefix.slice(0, -1) + value];
        for (const candidate of candidates) {
          expect(inRange(candidate, bounds[0], bounds[1]), `${JSON.stringify(candidate)} from ${JSON.stringify(prefix)}`).toBe(
            like.get(candidate, `${escape(prefix)}%`),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('has no range where no successor can be written, and for a prefix ending in @ goes up to [', () => {
    expect(prefixRange('ab\u{10FFFF}')).toBeNull();
    expect(prefixRange('a\ud800')).toBeNull();
    expect(prefixRange('0X@')).toEqual(['0x@', '0x[']);
    expect(prefixRange('0xAB')).toEqual(['0xab', '0xac']);
    expect(prefixRange('\ud7ff')).toEqual(['\ud7ff', '\ue000']);
  });
});
