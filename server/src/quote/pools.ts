/**
 * Simulated liquidity: per network, pools across several DEXes and variants sized from USD prices,
 * deterministic from the seed. Every listed token gets direct pools against the network's routing
 * hubs (wrapped native and main stablecoins); a long tail of generated tokens pairs against the
 * wrapped native and stablecoins until the network holds the requested number of pools.
 */
import { concentrationForRange, unitsFromFloat } from './math.ts';
import { DEFAULT_PRICES_USD, HUB_SYMBOLS, STABLE_SYMBOLS } from './prices.ts';
import type { Rng } from '../lib/rng.ts';
import type { EngineToken, Pool, PoolKind, TokenSpec } from './types.ts';

export interface DexVariant {
  dex: string;
  kind: PoolKind;
  feeBps: number;
  /** v3: the position's price range [P/r, P·r]. */
  range?: number;
  /** weighted: weight of the first token of the pair. */
  weight?: number;
  /** Relative depth of this venue against the deepest one. */
  depth: number;
}

const V2 = (dex: string, feeBps: number, depth: number): DexVariant => ({ dex, kind: 'v2', feeBps, depth });
const V3 = (dex: string, feeBps: number, range: number, depth: number): DexVariant => ({ dex, kind: 'v3', feeBps, range, depth });

/** Venues present on every simulated network. */
const COMMON_VENUES: readonly DexVariant[] = [
  V2('uni_v2', 30, 0.6),
  V3('uni_v3', 5, 1.02, 0.5),
  V3('uni_v3', 30, 1.2, 1),
  V3('uni_v3', 100, 2, 0.3),
  V2('sushi_v2', 30, 0.25),
  V3('pancake_v3', 25, 1.3, 0.3),
  { dex: 'balancer_weighted', kind: 'weighted', feeBps: 30, weight: 0.8, depth: 0.2 },
];

/** Venues particular to a network. */
const NETWORK_VENUES: Readonly<Record<string, readonly DexVariant[]>> = {
  Arbitrum: [V2('camelot_v2', 30, 0.5), V3('camelot_v3', 20, 1.3, 0.4)],
  Base: [V2('aerodrome_v2', 30, 0.8), V2('baseswap_v2', 25, 0.2)],
  Optimism: [V2('velodrome_v2', 30, 0.8)],
  Polygon: [V3('quickswap_v3', 30, 1.3, 0.6), V2('quickswap_v2', 30, 0.3)],
  Binance: [V2('pancake_v2', 25, 1), V2('biswap_v2', 10, 0.3), V2('apeswap_v2', 20, 0.15)],
  Ethereum: [V2('shibaswap_v2', 30, 0.1)],
};

export const STABLE_VENUE: DexVariant = { dex: 'curve_stable', kind: 'stable', feeBps: 4, depth: 1 };
const STABLE_AMP = 200n;

export function venuesOf(network: string): readonly DexVariant[] {
  return [...COMMON_VENUES, ...(NETWORK_VENUES[network] ?? [])];
}

export interface PoolInit {
  dex: string;
  kind?: PoolKind;
  token0: EngineToken;
  token1: EngineToken;
  reserve0: bigint;
  reserve1: bigint;
  feeBps?: number;
  /** v3 concentration × 1000 (see math.ts). */
  concentration?: bigint;
  amp?: bigint;
  /** weighted: weight of token0 (0..1). */
  weight0?: number;
  address?: string;
}

let poolSerial = 0;

/** A 20-byte hex address, lower-cased: 32 bits a draw. */
function randomAddress(rng: Rng): string {
  let hex = '0x';
  for (let i = 0; i < 5; i++) hex += Math.floor(rng.next() * 0x100000000).toString(16).padStart(8, '0');
  return hex;
}

/** A pool from explicit figures (tests and hand-made markets). */
export function createPool(init: PoolInit, rng?: Rng): Pool {
  const weight0 = init.weight0 ?? 0.5;
  const address = init.address ?? (rng ? randomAddress(rng) : `0x${(++poolSerial).toString(16).padStart(40, '0')}`);
  return {
    address: address.toLowerCase(),
    dex: init.dex,
    kind: init.kind ?? 'v2',
    token0: init.token0,
    token1: init.token1,
    reserve0: init.reserve0,
    reserve1: init.reserve1,
    feeBps: BigInt(init.feeBps ?? 30),
    concentration: init.concentration ?? 1000n,
    amp: init.amp ?? STABLE_AMP,
    invariant: null,
    weight0,
    weight1: 1 - weight0,
  };
}

export function engineToken(spec: TokenSpec, priceUsd: number): EngineToken {
  const [symbol, address, decimals] = spec;
  const trimmed = address.trim();
  return { symbol, address: /^0x/i.test(trimmed) ? trimmed.toLowerCase() : trimmed, decimals, priceUsd };
}

/**
 * A pool of a venue between two tokens holding about tvlUsd. Its price is off the reference by up
 * to half its fee: arbitrage keeps a pool's price within its fee of the market, so chaining pools
 * through hubs only wins when the direct pools are shallow for the amount.
 */
export function poolFor(venue: DexVariant, a: EngineToken, b: EngineToken, tvlUsd: number, rng: Rng): Pool {
  const weight0 = venue.kind === 'weighted' ? (venue.weight ?? 0.5) : 0.5;
  const skew = 1 + rng.between(-0.5, 0.5) * (venue.feeBps / 10_000);
  return createPool(
    {
      dex: venue.dex,
      kind: venue.kind,
      token0: a,
      token1: b,
      reserve0: unitsFromFloat(((tvlUsd * weight0) / a.priceUsd) * skew, a.decimals),
      reserve1: unitsFromFloat((tvlUsd * (1 - weight0)) / b.priceUsd, b.decimals),
      feeBps: venue.feeBps,
      concentration: venue.kind === 'v3' ? concentrationForRange(venue.range ?? 1.2) : 1000n,
      amp: STABLE_AMP,
      weight0,
    },
    rng,
  );
}

export interface GeneratedMarket {
  tokens: EngineToken[];
  hubs: EngineToken[];
  pools: Pool[];
}

export interface GenerateOptions {
  network: string;
  specs: readonly TokenSpec[];
  poolCount: number;
  prices: Readonly<Record<string, number>>;
  rng: Rng;
}

/** Hubs: the first listed token (the wrapped native) and the listed tokens with a hub symbol. */
export function hubsOf(tokens: readonly EngineToken[]): EngineToken[] {
  return tokens.filter((t, i) => i === 0 || HUB_SYMBOLS.has(t.symbol));
}

export function generateMarket({ network, specs, poolCount, prices, rng }: GenerateOptions): GeneratedMarket {
  const listed = specs.map((spec) => engineToken(spec, prices[spec[0]] ?? rng.logBetween(0.01, 100)));
  const hubs = hubsOf(listed);
  const hubSet = new Set(hubs);
  const venues = venuesOf(network);
  const pools: Pool[] = [];
  const isStablePair = (a: EngineToken, b: EngineToken) => STABLE_SYMBOLS.has(a.symbol) && STABLE_SYMBOLS.has(b.symbol);

  // Hub pairs: every venue, deep.
  hubs.forEach((a, i) => {
    for (const b of hubs.slice(i + 1)) {
      const tvl = rng.logBetween(5e6, 80e6);
      for (const venue of venues) pools.push(poolFor(venue, a, b, tvl * venue.depth, rng));
      if (isStablePair(a, b)) pools.push(poolFor(STABLE_VENUE, a, b, tvl * 2, rng));
    }
  });

  // Listed non-hub tokens: direct pools against every hub on 2-4 venues, some pairs among themselves.
  const others = listed.filter((t) => !hubSet.has(t));
  for (const token of others) {
    for (const hub of hubs) {
      const tvl = rng.logBetween(2e5, 1e7);
      for (const venue of sample(rng, venues, 2 + Math.floor(rng.next() * 3))) pools.push(poolFor(venue, token, hub, tvl * venue.depth, rng));
      if (isStablePair(token, hub)) pools.push(poolFor(STABLE_VENUE, token, hub, tvl, rng));
    }
  }
  others.forEach((a, i) => {
    for (const b of others.slice(i + 1)) {
      if (rng.next() < 0.3) pools.push(poolFor(rng.pick(venues), a, b, rng.logBetween(5e4, 1e6), rng));
    }
  });

  // Long tail: generated tokens against the wrapped native, often a stablecoin, sometimes another hub.
  const tokens = [...listed];
  const native = hubs[0];
  const stables = hubs.filter((h) => STABLE_SYMBOLS.has(h.symbol));
  while (native && pools.length < poolCount) {
    const token = longTailToken(rng, tokens.length);
    tokens.push(token);
    const tvl = rng.logBetween(5e3, 5e5);
    for (const venue of sample(rng, venues, 1 + Math.floor(rng.next() * 3))) pools.push(poolFor(venue, token, native, tvl * venue.depth, rng));
    if (stables.length > 0 && rng.next() < 0.5) pools.push(poolFor(rng.pick(venues), token, rng.pick(stables), tvl * 0.5, rng));
    if (rng.next() < 0.15) pools.push(poolFor(rng.pick(venues), token, rng.pick(hubs), tvl * 0.3, rng));
  }
  return { tokens, hubs, pools };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function longTailToken(rng: Rng, serial: number): EngineToken {
  let symbol = '';
  const length = 3 + Math.floor(rng.next() * 3);
  for (let i = 0; i < length; i++) symbol += LETTERS[Math.floor(rng.next() * LETTERS.length)];
  return {
    symbol: `${symbol}${serial}`,
    address: randomAddress(rng),
    decimals: rng.pick([18, 18, 18, 9, 6]),
    priceUsd: rng.logBetween(1e-6, 50),
  };
}

/** k distinct items, in list order. */
function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(k, items.length)) chosen.add(Math.floor(rng.next() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}

/** Default reference prices, overridable per symbol. */
export function priceTable(overrides: Readonly<Record<string, number>> = {}): Readonly<Record<string, number>> {
  return { ...DEFAULT_PRICES_USD, ...overrides };
}
