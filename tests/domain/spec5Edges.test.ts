/**
 * Bad input: the §5 rules (and the §3 keys and §4/§9 thresholds they rest on) at
 * their edges, with fast-check where a law exists. The happy paths live in amounts.test.ts,
 * rules.test.ts and tests/quote; this file adds what is at or past a boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_DANGER_MS, COUNTDOWN_WARNING_MS, SESSION_MS } from '../../src/config/constants.ts';
import { NETWORK_INFO, NETWORKS, STALE_BLOCK_DEFAULT_MS, STALE_BLOCK_MS, staleThresholdMs } from '../../src/config/networks.ts';
import { MAX_BASE_UNITS, fromBaseUnits, toBaseUnits } from '../../src/domain/amounts.ts';
import { isBlockStale, secondsSince } from '../../src/domain/blocks.ts';
import { countdownColour, formatMmSs, type CountdownColour } from '../../src/domain/countdown.ts';
import { serviceHealth, type HealthColour } from '../../src/domain/health.ts';
import { pairKey, parseTxHistoryKey, poolKey, txHistoryKey } from '../../src/domain/keys.ts';
import { SAME_NETWORK_MESSAGE, initialPanelState, quoteInput, swapSides } from '../../src/domain/quote.ts';
import { buildTokenEntries, normaliseAddress, type TokenEntry } from '../../src/domain/tokenSearch.ts';
import { QuoteQuery } from '../../src/contract/index.ts';

const EMPTY_AMOUNT = 'Enter an amount to quote';
const NOT_A_NUMBER = 'Amount must be a number';
const TOO_LARGE = 'Amount is too large';

/** A decimal amount as an operator might type it: digits, optionally a point and more digits. */
const typedAmount = (maxFraction: number) =>
  fc
    .tuple(fc.stringMatching(/^\d{0,40}$/), fc.option(fc.stringMatching(new RegExp(`^\\d{0,${maxFraction}}$`)), { nil: undefined }))
    .filter(([whole, fraction]) => whole !== '' || (fraction ?? '') !== '')
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

describe('§5 amounts to integer base units, at the edges', () => {
  it('§5 an empty or blank amount gives "Enter an amount to quote", whatever the decimals', () => {
    for (const text of ['', ' ', '\t', '\n  ']) {
      for (const decimals of [0, 6, 18, 36]) expect(toBaseUnits(text, decimals)).toEqual({ ok: false, error: EMPTY_AMOUNT });
    }
  });

  it('§5 leading and trailing dots are amounts; a dot alone, two dots or two points are not', () => {
    expect(toBaseUnits('.5', 18)).toEqual({ ok: true, value: 5n * 10n ** 17n });
    expect(toBaseUnits('5.', 18)).toEqual({ ok: true, value: 5n * 10n ** 18n });
    expect(toBaseUnits(' 5. ', 0)).toEqual({ ok: true, value: 5n });
    expect(toBaseUnits('.0', 0)).toEqual({ ok: true, value: 0n });
    for (const text of ['.', '..', '..5', '5..', '1.2.3', '. 5', '5 .']) {
      expect(toBaseUnits(text, 18), text).toEqual({ ok: false, error: NOT_A_NUMBER });
    }
  });

  it('§5 exponents, signs, separators, hex, words and non-ASCII digits are refused, never misread', () => {
    const refused = ['1e18', '1E3', '1e-5', '-1', '+1', '-0', '1,5', '1_000', '1 000', '0x10', 'Infinity', 'NaN', '١', '１', '1\u00a02'];
    for (const text of refused) expect(toBaseUnits(text, 18), text).toEqual({ ok: false, error: NOT_A_NUMBER });
  });

  it('§5 zero in every spelling is zero base units', () => {
    for (const text of ['0', '00', '0.', '.0', '0.000', '000.000']) expect(toBaseUnits(text, 18), text).toEqual({ ok: true, value: 0n });
  });

  it('§5 leading zeros do not change the value', () => {
    expect(toBaseUnits('007.5', 1)).toEqual({ ok: true, value: 75n });
    expect(toBaseUnits('0000000000000000000001', 0)).toEqual({ ok: true, value: 1n });
  });

  it('§5 decimals 0: whole amounts only, a zero fraction is still whole', () => {
    expect(toBaseUnits('42', 0)).toEqual({ ok: true, value: 42n });
    expect(toBaseUnits('42.000', 0)).toEqual({ ok: true, value: 42n });
    expect(toBaseUnits('42.5', 0)).toEqual({ ok: false, error: 'Amount has more than 0 decimal places' });
  });

  it('§5 decimals 36: the smallest unit is 1, one digit more is refused', () => {
    expect(toBaseUnits(`0.${'0'.repeat(35)}1`, 36)).toEqual({ ok: true, value: 1n });
    expect(toBaseUnits('1', 36)).toEqual({ ok: true, value: 10n ** 36n });
    expect(toBaseUnits(`0.${'0'.repeat(36)}1`, 36)).toEqual({ ok: false, error: 'Amount has more than 36 decimal places' });
    // Exactly the token's decimals is fine; trailing zeros beyond them are not extra precision.
    expect(toBaseUnits(`1.${'9'.repeat(36)}000`, 36)).toEqual({ ok: true, value: 2n * 10n ** 36n - 1n });
  });

  it('§5 the largest amount is 2^256 - 1 base units; anything above is "Amount is too large", not a query the server refuses', () => {
    expect(toBaseUnits(MAX_BASE_UNITS.toString(), 0)).toEqual({ ok: true, value: 2n ** 256n - 1n });
    expect(toBaseUnits((2n ** 256n).toString(), 0)).toEqual({ ok: false, error: TOO_LARGE });
    expect(toBaseUnits(fromBaseUnits(MAX_BASE_UNITS, 18), 18)).toEqual({ ok: true, value: MAX_BASE_UNITS });
    expect(toBaseUnits(fromBaseUnits(MAX_BASE_UNITS + 1n, 18), 18)).toEqual({ ok: false, error: TOO_LARGE });
    expect(toBaseUnits('9'.repeat(200), 18)).toEqual({ ok: false, error: TOO_LARGE });
    // Every amount it accepts is one the §7 quote contract accepts.
    fc.assert(
      fc.property(typedAmount(36), fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        const parsed = toBaseUnits(text, decimals);
        if (parsed.ok) {
          expect(parsed.value <= MAX_BASE_UNITS).toBe(true);
          expect(QuoteQuery.shape.amountIn.safeParse(parsed.value.toString()).success).toBe(true);
        }
      }),
    );
  });

  it('refuses token decimals that are not a whole number of at least 0 instead of guessing', () => {
    for (const decimals of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const parsed = toBaseUnits('1', decimals);
      expect(parsed.ok, String(decimals)).toBe(false);
    }
  });

  it('§5 round trip, base units -> text -> base units, for decimals 0..36 up to 2^256 - 1 (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_BASE_UNITS }), fc.integer({ min: 0, max: 36 }), (value, decimals) => {
        expect(toBaseUnits(fromBaseUnits(value, decimals), decimals)).toEqual({ ok: true, value });
      }),
      { numRuns: 500 },
    );
  });

  it('§5 round trip, typed text -> base units -> text, gives the same number in its shortest form (property)', () => {
    fc.assert(
      fc.property(typedAmount(36), fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        const parsed = toBaseUnits(text, decimals);
        const [whole = '', fraction = ''] = text.split('.');
        const significantFraction = fraction.replace(/0+$/, '');
        if (significantFraction.length > decimals) {
          expect(parsed.ok).toBe(false);
          return;
        }
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const canonical = `${whole.replace(/^0+/, '') || '0'}${significantFraction ? `.${significantFraction}` : ''}`;
        expect(fromBaseUnits(parsed.value, decimals)).toBe(canonical);
      }),
      { numRuns: 500 },
    );
  });

  it('§5 a larger typed amount never gives fewer base units (monotonic, property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 60n }), fc.bigInt({ min: 0n, max: 10n ** 60n }), fc.integer({ min: 0, max: 36 }), (a, b, decimals) => {
        const pa = toBaseUnits(fromBaseUnits(a, decimals), decimals);
        const pb = toBaseUnits(fromBaseUnits(b, decimals), decimals);
        if (!pa.ok || !pb.ok) throw new Error('in-range amounts must parse');
        expect(pa.value < pb.value).toBe(a < b);
      }),
    );
  });

  it('fromBaseUnits keeps every digit of huge values, pads small ones, signs negatives and accepts decimal strings', () => {
    expect(fromBaseUnits(2n ** 300n, 0)).toBe((2n ** 300n).toString());
    expect(fromBaseUnits(1n, 36)).toBe(`0.${'0'.repeat(35)}1`);
    expect(fromBaseUnits(0n, 36)).toBe('0');
    expect(fromBaseUnits(10n ** 36n, 36)).toBe('1');
    expect(fromBaseUnits(-15n, 1)).toBe('-1.5');
    expect(fromBaseUnits('1500000', 6)).toBe('1.5');
  });
});

describe('§5 quote inputs at the edges', () => {
  const eth = (tokenName: string, address: string, decimals = 18): TokenEntry => ({ tokenName, network_name: 'Ethereum', address, decimals });
  const A = eth('AAA', '0x00000000000000000000000000000000000000aa');
  const B = eth('BBB', '0x00000000000000000000000000000000000000bb', 0);
  const baseA: TokenEntry = { ...A, network_name: 'Base' };

  it('§5 the same-network rule comes first: different networks give its message even with no amount', () => {
    expect(quoteInput({ from: A, to: baseA, amount: '' })).toEqual({ ok: false, message: SAME_NETWORK_MESSAGE });
    expect(quoteInput({ from: A, to: baseA, amount: 'abc' })).toEqual({ ok: false, message: SAME_NETWORK_MESSAGE });
  });

  it('§5 network names are compared exactly (case and spaces count)', () => {
    expect(quoteInput({ from: A, to: { ...B, network_name: 'ethereum' }, amount: '1' })).toEqual({ ok: false, message: SAME_NETWORK_MESSAGE });
    expect(quoteInput({ from: A, to: { ...B, network_name: 'Ethereum ' }, amount: '1' })).toEqual({ ok: false, message: SAME_NETWORK_MESSAGE });
  });

  it('§5 the same-network rule is symmetric in from and to (property)', () => {
    const network = fc.constantFrom(...NETWORKS);
    fc.assert(
      fc.property(network, network, (n1, n2) => {
        const a = quoteInput({ from: { ...A, network_name: n1 }, to: { ...B, network_name: n2 }, amount: '1' });
        const b = quoteInput({ from: { ...B, network_name: n2 }, to: { ...A, network_name: n1 }, amount: '1' });
        expect(a.ok).toBe(n1 === n2);
        expect(b.ok).toBe(n1 === n2);
        if (!a.ok) expect(a.message).toBe(SAME_NETWORK_MESSAGE);
      }),
    );
  });

  it('§5 an empty amount, with both tokens on one network, gives "Enter an amount to quote"', () => {
    expect(quoteInput({ from: A, to: B, amount: '  ' })).toEqual({ ok: false, message: EMPTY_AMOUNT });
  });

  it('§5 the amount is scaled by the FROM token decimals, not the to token', () => {
    expect(quoteInput({ from: B, to: A, amount: '7' })).toMatchObject({ ok: true, query: { amountIn: '7' } });
    expect(quoteInput({ from: A, to: B, amount: '7' })).toMatchObject({ ok: true, query: { amountIn: (7n * 10n ** 18n).toString() } });
    expect(quoteInput({ from: B, to: A, amount: '7.5' })).toEqual({ ok: false, message: 'Amount has more than 0 decimal places' });
  });

  it('§5 an amount beyond 2^256 - 1 base units is not quoted', () => {
    expect(quoteInput({ from: A, to: B, amount: '1' + '0'.repeat(60) })).toEqual({ ok: false, message: TOO_LARGE });
  });

  it('§4/§5 the swap button output, scaled by the to-token decimals, is an amount the next quote accepts (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_BASE_UNITS }), fc.integer({ min: 0, max: 36 }), (out, decimals) => {
        const to: TokenEntry = { ...B, decimals };
        const swapped = swapSides({ from: A, to, amount: '1' }, out);
        expect(swapped.from).toBe(to);
        const input = quoteInput(swapped);
        expect(input).toEqual({ ok: true, query: expect.objectContaining({ amountIn: out.toString() }) });
      }),
      { numRuns: 300 },
    );
  });
});

describe('§3 token entries: addresses', () => {
  it('§3 lower-cases an address only when it starts with 0x (either case of x), after trimming', () => {
    expect(normaliseAddress('0xAbCdEF0000000000000000000000000000000001')).toBe('0xabcdef0000000000000000000000000000000001');
    expect(normaliseAddress('0XABCDEF')).toBe('0xabcdef');
    expect(normaliseAddress('  0xAB \n')).toBe('0xab');
    // Solana, TON and Tron addresses are case-sensitive: kept as they are.
    expect(normaliseAddress('So11111111111111111111111111111111111111112')).toBe('So11111111111111111111111111111111111111112');
    expect(normaliseAddress('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')).toBe('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs');
    expect(normaliseAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    // "0x" inside, not at the start, is not an EVM prefix.
    expect(normaliseAddress('Ab0xCD')).toBe('Ab0xCD');
  });

  it('§3 normalising is idempotent and never changes a non-0x address (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (address) => {
        const once = normaliseAddress(address);
        expect(normaliseAddress(once)).toBe(once);
        if (!/^0x/i.test(address.trim())) expect(once).toBe(address.trim());
        else expect(once).toBe(address.trim().toLowerCase());
      }),
    );
  });

  it('§3 allTokens entries with an address that is not usable, bad decimals, or on ATA are skipped', () => {
    const entries = buildTokenEntries(
      {},
      {
        OK: { tokenName: 'OK', networkData: { Ethereum: { address: '0xAA', decimals: 18 } } },
        EMPTY: { tokenName: 'EMPTY', networkData: { Ethereum: { address: '', decimals: 18 } } },
        NOADDR: { tokenName: 'NOADDR', networkData: { Ethereum: { decimals: 18 } as unknown as { address: string; decimals: number } } },
        NEG: { tokenName: 'NEG', networkData: { Ethereum: { address: '0xBB', decimals: -1 } } },
        FRACTION: { tokenName: 'FRACTION', networkData: { Ethereum: { address: '0xCC', decimals: 1.5 } } },
        TEXT: { tokenName: 'TEXT', networkData: { Ethereum: { address: '0xDD', decimals: '18' as unknown as number } } },
        ATA: { tokenName: 'ATA', networkData: { ATA: { address: '0xEE', decimals: 18 } } },
      },
    );
    expect(entries).toEqual([{ tokenName: 'OK', network_name: 'Ethereum', address: '0xaa', decimals: 18 }]);
  });

  it('§3/§4 an address given in another case still finds its token when the panel opens', () => {
    const tokens = buildTokenEntries({}, { LINK: { tokenName: 'LINK', networkData: { Ethereum: { address: '0x514910771AF9Ca656af840dff83E8264EcF986CA', decimals: 18 } } } });
    const weth = NETWORK_INFO.Ethereum.wrappedNative;
    const state = initialPanelState(tokens, { network: 'Ethereum', from: '0X514910771AF9CA656AF840DFF83E8264ECF986CA' });
    expect(state.from?.tokenName).toBe('LINK');
    expect(state.to?.address).toBe(weth.address.toLowerCase());
  });
});

describe('§3/§5 keys at the edges', () => {
  const network = fc.constantFrom(...NETWORKS);

  it('§3 pair keys are symmetric, sorted, and hold both names joined by one "_" (property over every pair of networks)', () => {
    fc.assert(
      fc.property(network, network, (a, b) => {
        const key = pairKey(a, b);
        expect(pairKey(b, a)).toBe(key);
        const [first, second] = a < b ? [a, b] : [b, a];
        expect(key).toBe(`${first}_${second}`);
      }),
    );
  });

  it('§3 "alphabetically" is the same order on every machine: plain code-unit order, not the locale\'s', () => {
    // Upper case sorts before lower case in code-unit order; a locale-aware sort would put Abstract first.
    expect(pairKey('Abstract', 'ATA')).toBe('ATA_Abstract');
    expect(pairKey('CEX Binance', 'Base')).toBe('Base_CEX Binance');
    expect(pairKey('Ethereum', 'Ethereum')).toBe('Ethereum_Ethereum');
  });

  it('§5 pool keys ignore network order and wrap the pair key as token_pair_lp (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), network, network, (token, a, b) => {
        expect(poolKey(token, a, b)).toBe(poolKey(token, b, a));
        expect(poolKey(token, a, b)).toBe(`${token}_${pairKey(a, b)}_lp`);
      }),
    );
  });

  it('§3 tx history keys: attempt 0 is kept, an empty txType is left off, and parse reads back what was built (property)', () => {
    expect(txHistoryKey('buy', 'swap', 0)).toBe('buy:swap:0');
    expect(txHistoryKey('buy', 'swap', 0, '')).toBe('buy:swap:0');
    expect(txHistoryKey('sell', 'bridge', '3', 'Claim')).toBe('sell:bridge:3:Claim');
    expect(parseTxHistoryKey('buy:swap')).toBeNull();
    expect(parseTxHistoryKey('buy:swap:0:Swap:extra')).toBeNull();
    const part = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes(':'));
    fc.assert(
      fc.property(part, part, fc.nat(), fc.option(part, { nil: undefined }), (side, method, attempt, txType) => {
        const parts = parseTxHistoryKey(txHistoryKey(side, method, attempt, txType));
        expect(parts).toEqual(txType === undefined ? { side, method, attempt: String(attempt) } : { side, method, attempt: String(attempt), txType });
      }),
    );
  });
});

describe('§4/§9 thresholds exactly at their boundaries', () => {
  const severity = { light: 0, success: 0, warning: 1, danger: 2 } as const;

  it('§4/§9 every network: not stale at exactly its threshold, stale 1 ms later (constants from src/config)', () => {
    for (const network of NETWORKS) {
      const threshold = STALE_BLOCK_MS[network] ?? STALE_BLOCK_DEFAULT_MS;
      expect(staleThresholdMs(network)).toBe(threshold);
      expect(isBlockStale(network, 1_000_000, 1_000_000 + threshold), network).toBe(false);
      expect(isBlockStale(network, 1_000_000, 1_000_000 + threshold + 1), network).toBe(true);
    }
    // A network the console does not know gets the default threshold, not none.
    expect(isBlockStale('Nowhere', 0, STALE_BLOCK_DEFAULT_MS)).toBe(false);
    expect(isBlockStale('Nowhere', 0, STALE_BLOCK_DEFAULT_MS + 1)).toBe(true);
  });

  it('§4 once a block head is stale it stays stale as time passes (monotonic, property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORKS, 'Nowhere'), fc.nat(10 ** 12), fc.nat(10 ** 6), fc.nat(10 ** 6), (network, changedAt, t1, extra) => {
        if (isBlockStale(network, changedAt, changedAt + t1)) expect(isBlockStale(network, changedAt, changedAt + t1 + extra)).toBe(true);
        expect(secondsSince(changedAt, changedAt + t1 + extra)).toBeGreaterThanOrEqual(secondsSince(changedAt, changedAt + t1));
      }),
    );
  });

  it('§4/§9 countdown: light at exactly 10 min, warning 1 ms under it and at exactly 5 min, danger 1 ms under 5 min and at 0', () => {
    expect(countdownColour(SESSION_MS)).toBe('light');
    expect(countdownColour(COUNTDOWN_WARNING_MS)).toBe('light');
    expect(countdownColour(COUNTDOWN_WARNING_MS - 1)).toBe('warning');
    expect(countdownColour(COUNTDOWN_DANGER_MS)).toBe('warning');
    expect(countdownColour(COUNTDOWN_DANGER_MS - 1)).toBe('danger');
    expect(countdownColour(0)).toBe('danger');
    expect(countdownColour(-1)).toBe('danger');
    // The mm:ss shown at the boundaries.
    expect(formatMmSs(COUNTDOWN_WARNING_MS)).toBe('10:00');
    expect(formatMmSs(COUNTDOWN_WARNING_MS - 1)).toBe('09:59');
    expect(formatMmSs(COUNTDOWN_DANGER_MS - 1)).toBe('04:59');
    expect(formatMmSs(999)).toBe('00:00');
    expect(formatMmSs(0)).toBe('00:00');
  });

  it('§4 a remaining time that is not a number reads 00:00 in danger, never "NaN:NaN"', () => {
    for (const value of [Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(formatMmSs(value)).toBe('00:00');
      expect(countdownColour(value)).toBe('danger');
    }
  });

  it('§4 the countdown colour only gets worse as the session runs out (monotonic, property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: SESSION_MS }), fc.integer({ min: -1000, max: SESSION_MS }), (a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const worse = (c: CountdownColour) => severity[c];
        expect(worse(countdownColour(less))).toBeGreaterThanOrEqual(worse(countdownColour(more)));
        // mm:ss never goes up as the remaining time goes down.
        const seconds = (t: string) => Number(t.slice(0, -3)) * 60 + Number(t.slice(-2));
        expect(seconds(formatMmSs(less))).toBeLessThanOrEqual(seconds(formatMmSs(more)));
      }),
    );
  });

  it('§4 service health at its boundaries: connected equal to expected is success, one under is danger, any 0 peer count is warning', () => {
    expect(serviceHealth({ peerCounts: [1, 1], numConnected: 8, numExpected: 8 })).toBe('success');
    expect(serviceHealth({ peerCounts: [1, 1], numConnected: 7, numExpected: 8 })).toBe('danger');
    expect(serviceHealth({ peerCounts: [1, 0], numConnected: 8, numExpected: 8 })).toBe('warning');
    expect(serviceHealth({ peerCounts: [0, 0], numConnected: 0, numExpected: 0 })).toBe('warning');
    expect(serviceHealth({ peerCounts: [1], numConnected: 0, numExpected: 0 })).toBe('success');
  });

  it('§4 a peer count that is not a positive number (negative, NaN) counts as 0: warning', () => {
    for (const bad of [-1, Number.NaN, 0.0, -0]) {
      expect(serviceHealth({ peerCounts: [3, bad], numConnected: 8, numExpected: 8 }), String(bad)).toBe('warning');
    }
  });

  it('§4 health is decided by the rule for any input (property): warning iff some count <= 0, else danger iff connected < expected', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2, max: 5 }), { maxLength: 6 }), fc.nat(20), fc.nat(20), (peerCounts, numConnected, numExpected) => {
        const expected: HealthColour = peerCounts.some((c) => c <= 0) ? 'warning' : numConnected < numExpected ? 'danger' : 'success';
        expect(serviceHealth({ peerCounts, numConnected, numExpected })).toBe(expected);
        // Losing a connection never makes it look healthier.
        expect(severity[serviceHealth({ peerCounts, numConnected: Math.max(0, numConnected - 1), numExpected })]).toBeGreaterThanOrEqual(
          severity[serviceHealth({ peerCounts, numConnected, numExpected })],
        );
      }),
    );
  });
});
