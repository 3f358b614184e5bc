import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_PICKER_LIMIT } from '../../src/config/constants.ts';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import {
  buildTokenEntries, createTokenIndex, normaliseAddress, parseTokenQuery, searchTokens, type TokenEntry,
} from '../../src/domain/tokenSearch.ts';

const entry = (tokenName: string, network_name: string, address: string, decimals = 18): TokenEntry => ({
  tokenName, network_name, address, decimals,
});

/** The rule of §5 written the obvious way, to check the index against. */
function naive(entries: readonly TokenEntry[], query: string) {
  const { text, network } = parseTokenQuery(query);
  const all = entries.filter(
    (e) =>
      (e.tokenName.toLowerCase().includes(text) || e.address.toLowerCase().includes(text)) &&
      e.network_name.toLowerCase().startsWith(network),
  );
  return { shown: all.slice(0, TOKEN_PICKER_LIMIT), total: all.length };
}

describe('§3 token entries', () => {
  it('§3 merges the built-in list with allTokens networkData, skipping ATA', () => {
    const entries = buildTokenEntries(
      { Ethereum: [['WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18]] },
      {
        FOO: {
          tokenName: 'FOO',
          networkData: {
            Ethereum: { address: '0xABCDEF0000000000000000000000000000000001', decimals: 9 },
            ATA: { address: '0xABCDEF0000000000000000000000000000000002', decimals: 9 },
            Solana: { address: 'FooMintAddress1111111111111111111111111111', decimals: 6 },
          },
        },
      },
    );
    expect(entries).toEqual([
      entry('WETH', 'Ethereum', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'),
      entry('FOO', 'Ethereum', '0xabcdef0000000000000000000000000000000001', 9),
      entry('FOO', 'Solana', 'FooMintAddress1111111111111111111111111111', 6),
    ]);
  });

  it('§3 lower-cases an address only when it starts with 0x', () => {
    expect(normaliseAddress('0xAbC')).toBe('0xabc');
    expect(normaliseAddress('So11111111111111111111111111111111111111112')).toBe('So11111111111111111111111111111111111111112');
  });

  it('§3 an allTokens entry for a built-in address keeps its place and takes the operators\' name', () => {
    const entries = buildTokenEntries(
      { Ethereum: [['USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6], ['DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18]] },
      { USDC_MAIN: { tokenName: 'USDC_MAIN', networkData: { Ethereum: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 } } } },
    );
    expect(entries.map((e) => e.tokenName)).toEqual(['USDC_MAIN', 'DAI']);
  });
});

describe('§5 token search', () => {
  const entries = [
    entry('USDC', 'Ethereum', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 6),
    entry('USDC', 'Arbitrum', '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 6),
    entry('WETH', 'Arbitrum', '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'),
    entry('USDT', 'Binance', '0x55d398326f99059ff775485246999027b3197955'),
    entry('SOLX', 'Solana', 'So11111111111111111111111111111111111111112', 9),
  ];
  const index = createTokenIndex(entries);
  const names = (query: string) => searchTokens(index, query).shown.map((e) => `${e.tokenName}@${e.network_name}`);

  it('§5 splits on a space into a text/address part and a network prefix part', () => {
    expect(parseTokenQuery('USDC arb')).toEqual({ text: 'usdc', network: 'arb' });
    expect(parseTokenQuery('usdc')).toEqual({ text: 'usdc', network: '' });
    expect(parseTokenQuery(' eth')).toEqual({ text: '', network: 'eth' });
  });

  it('§5 the text part matches tokenName or address, case-insensitively', () => {
    expect(names('usdc')).toEqual(['USDC@Ethereum', 'USDC@Arbitrum']);
    expect(names('UsD')).toEqual(['USDC@Ethereum', 'USDC@Arbitrum', 'USDT@Binance']);
    expect(names('0x82AF49')).toEqual(['WETH@Arbitrum']);
    expect(names('so111')).toEqual(['SOLX@Solana']);
  });

  it('§5 the network part matches network_name prefixes, case-insensitively', () => {
    expect(names('usdc ARB')).toEqual(['USDC@Arbitrum']);
    expect(names(' bin')).toEqual(['USDT@Binance']);
    expect(names('usdc bitrum')).toEqual([]);
  });

  it('§2/§5 shows at most 20 and counts all matches', () => {
    const many = Array.from({ length: 45 }, (_, i) => entry(`TOK${i}`, 'Base', `0x${i.toString(16).padStart(40, '0')}`));
    const result = searchTokens(createTokenIndex(many), 'tok');
    expect(result.shown).toHaveLength(TOKEN_PICKER_LIMIT);
    expect(result.total).toBe(45);
    expect(result.shown[0]?.tokenName).toBe('TOK0');
    expect(searchTokens(createTokenIndex(many), '').total).toBe(45);
  });

  it('§5 the index answers exactly what the plain rule answers (property)', () => {
    const alphabet = 'abcx0123 ';
    const token = fc.record({
      tokenName: fc.string({ unit: fc.constantFrom(...'ABCabcé0x'), minLength: 1, maxLength: 6 }),
      network_name: fc.constantFrom('Ethereum', 'Arbitrum', 'Base', 'Binance', 'Blast'),
      address: fc.string({ unit: fc.constantFrom(...'0123abcx'), minLength: 1, maxLength: 12 }),
      decimals: fc.constant(18),
    });
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), fc.string({ unit: fc.constantFrom(...alphabet, 'é', 'B', 'e'), maxLength: 6 }), (list, query) => {
        expect(searchTokens(createTokenIndex(list), query)).toEqual(naive(list, query));
      }),
      { numRuns: 300 },
    );
  });

  it('§5 agrees with the plain rule on a large list, where posting lists get intersected', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pickFrom = (chars: string, length: number) => Array.from({ length }, () => chars[Math.floor(random() * chars.length)]).join('');
    const networks = ['Ethereum', 'Arbitrum', 'Base', 'Binance'];
    const big = Array.from({ length: 6000 }, (_, i) =>
      entry(pickFrom('ABCDE', 3 + (i % 4)), networks[i % networks.length] ?? 'Base', `0x${pickFrom('0123abcdef', 40)}`),
    );
    const bigIndex = createTokenIndex(big);
    for (const query of ['abc', 'abcd', 'bad', 'ace', 'cab e', 'dead', '0x1a', 'a1b', 'eeb ar', 'ddd bin', 'cc ']) {
      expect(searchTokens(bigIndex, query), query).toEqual(naive(big, query));
    }
  });

  it('§5 works over the built-in list', () => {
    const builtin = createTokenIndex(buildTokenEntries(BUILTIN_TOKENS, {}));
    const weth = searchTokens(builtin, 'weth base');
    expect(weth.shown.map((e) => e.address)).toEqual(['0x4200000000000000000000000000000000000006']);
  });
});
