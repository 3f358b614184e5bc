/**
 * The simulated worker's quote engine (docs/protocol.md "Quote"): a router over generated pools per
 * network. Pure TypeScript: no I/O, no timers; the HTTP route and the simulator drive it.
 */
import { generateMarket, engineToken, hubsOf, poolFor, priceTable, venuesOf } from './pools.ts';
import { findRoutes, gasOf, PoolIndex } from './router.ts';
import { createRng, deriveSeed, type Rng } from '../lib/rng.ts';
import type { EngineQuote, EngineToken, Pool, QuoteRequest, TokenSpec } from './types.ts';

export const ENGINE_VERSION = 1;
/** "A few thousand pools" per network unless told otherwise. */
export const DEFAULT_POOLS_PER_NETWORK = 2000;
/** Share of pools drift() nudges per call, and the largest nudge of a pool's price. */
export const DRIFT_SHARE = 0.05;
export const DRIFT_MAX_MOVE = 0.003;

export const QUOTE_ERRORS = {
  unknownNetwork: (network: string) => `Unknown network: ${network}`,
  unknownToken: (address: string) => `Unknown token: ${address}`,
  sameToken: 'From and To tokens are the same',
  badAmount: 'Amount must be a positive integer of base units',
  noRoute: 'No route found',
} as const;

export interface QuoteEngineOptions {
  seed: number;
  /** Tokens to cover per network ([name, address, decimals]; the first is the wrapped native). */
  tokens: Readonly<Record<string, readonly TokenSpec[]>>;
  poolsPerNetwork?: number;
  /** USD reference prices by symbol, over the defaults. */
  prices?: Readonly<Record<string, number>>;
  /** ms clock for the measured `time` (performance.now by default). */
  clock?: () => number;
}

export interface MarketInit {
  pools: readonly Pool[];
  /** Intermediate tokens multi-hop routes may pass through. */
  hubs?: readonly EngineToken[];
  /** Tokens with no pool yet (quotable, but with no route). */
  tokens?: readonly EngineToken[];
  block?: number;
}

export interface QuoteEngine {
  quote(request: Omit<QuoteRequest, 'amountIn'> & { amountIn: bigint | string }): EngineQuote;
  /** Nudge the reserves of a share of the pools (a random walk of prices). Returns how many moved. */
  drift(rng: Rng, share?: number): number;
  block(network: string): number | null;
  setBlock(network: string, block: number): void;
  networks(): string[];
  tokens(network: string): readonly EngineToken[];
  pools(network: string): readonly Pool[];
  /** Make a token quotable on a network: pools against the hubs. Returns the engine's token. */
  addToken(network: string, spec: TokenSpec, priceUsd?: number): EngineToken | null;
}

interface Market {
  tokens: Map<string, EngineToken>;
  hubs: readonly EngineToken[];
  pools: Pool[];
  index: PoolIndex;
  block: number;
}

/** Plausible block heights to start from. */
const START_BLOCKS: Readonly<Record<string, number>> = {
  Ethereum: 21_000_000,
  Arbitrum: 280_000_000,
  Base: 23_000_000,
  Optimism: 128_000_000,
  Polygon: 65_000_000,
  Binance: 44_000_000,
};

/** Generated pools per network from the seed: the same seed gives the same markets. */
export function createQuoteEngine(options: QuoteEngineOptions): QuoteEngine {
  const prices = priceTable(options.prices);
  const markets: Record<string, MarketInit> = {};
  for (const [network, specs] of Object.entries(options.tokens)) {
    if (specs.length === 0) continue;
    const rng = createRng(deriveSeed(options.seed, network));
    const market = generateMarket({
      network,
      specs,
      poolCount: options.poolsPerNetwork ?? DEFAULT_POOLS_PER_NETWORK,
      prices,
      rng,
    });
    const block = (START_BLOCKS[network] ?? 1_000_000) + Math.floor(rng.next() * 100_000);
    markets[network] = { ...market, block };
  }
  return createQuoteEngineFromPools(markets, { clock: options.clock, rng: createRng(deriveSeed(options.seed, 'addToken')), prices });
}

/** An engine over given pools (hand-made markets in tests; the generated ones above). */
export function createQuoteEngineFromPools(
  init: Readonly<Record<string, MarketInit>>,
  options: { clock?: () => number; rng?: Rng; prices?: Readonly<Record<string, number>> } = {},
): QuoteEngine {
  const clock = options.clock ?? (() => performance.now());
  const rng = options.rng ?? createRng(1);
  const prices = options.prices ?? priceTable();
  const markets = new Map<string, Market>();
  for (const [network, m] of Object.entries(init)) {
    const tokens = new Map<string, EngineToken>();
    for (const t of m.tokens ?? []) tokens.set(t.address, t);
    for (const pool of m.pools) {
      tokens.set(pool.token0.address, pool.token0);
      tokens.set(pool.token1.address, pool.token1);
    }
    markets.set(network, { tokens, hubs: m.hubs ?? [], pools: [...m.pools], index: new PoolIndex(m.pools), block: m.block ?? 0 });
  }

  return {
    quote(request) {
      const started = clock();
      const from = normalise(request.tokenInAddress);
      const to = normalise(request.tokenOutAddress);
      const market = markets.get(request.network);
      const amountIn = parseAmount(request.amountIn);
      const answer = (fields: Pick<EngineQuote, 'routes'> & { error?: string }): EngineQuote => ({
        version: ENGINE_VERSION,
        network: request.network,
        from,
        to,
        amountIn: amountIn === null ? String(request.amountIn) : amountIn.toString(),
        time: Math.round((clock() - started) * 1000) / 1000,
        block: market?.block ?? null,
        ...fields,
      });
      if (!market) return answer({ error: QUOTE_ERRORS.unknownNetwork(request.network), routes: [] });
      const tokenIn = market.tokens.get(from);
      if (!tokenIn) return answer({ error: QUOTE_ERRORS.unknownToken(from), routes: [] });
      const tokenOut = market.tokens.get(to);
      if (!tokenOut) return answer({ error: QUOTE_ERRORS.unknownToken(to), routes: [] });
      if (tokenIn === tokenOut) return answer({ error: QUOTE_ERRORS.sameToken, routes: [] });
      if (amountIn === null || amountIn <= 0n) return answer({ error: QUOTE_ERRORS.badAmount, routes: [] });

      const found = findRoutes(market.index, market.hubs, tokenIn, tokenOut, amountIn);
      if (found.length === 0) return answer({ error: QUOTE_ERRORS.noRoute, routes: [] });
      return answer({
        routes: found.map((route) => ({
          amountOut: route.amountOut.toString(),
          gasEstimate: gasOf(route.pools),
          routeInfo: route.pools.map((pool) => ({ dex: pool.dex, poolAddress: pool.address })),
        })),
      });
    },

    drift(random, share = DRIFT_SHARE) {
      let moved = 0;
      for (const market of markets.values()) {
        for (const pool of market.pools) {
          if (random.next() >= share) continue;
          // Move the price by up to ±DRIFT_MAX_MOVE while keeping reserve0 · reserve1 about constant.
          const factor = BigInt(Math.round((1 + (random.next() * 2 - 1) * (DRIFT_MAX_MOVE / 2)) * 1e9));
          pool.reserve0 = (pool.reserve0 * factor) / 1_000_000_000n;
          pool.reserve1 = (pool.reserve1 * 1_000_000_000n) / factor;
          pool.invariant = null;
          moved += 1;
        }
      }
      return moved;
    },

    block: (network) => markets.get(network)?.block ?? null,
    setBlock(network, block) {
      const market = markets.get(network);
      if (market) market.block = block;
    },
    networks: () => [...markets.keys()],
    tokens: (network) => [...(markets.get(network)?.tokens.values() ?? [])],
    pools: (network) => markets.get(network)?.pools ?? [],

    addToken(network, spec, priceUsd) {
      const market = markets.get(network);
      if (!market) return null;
      const token = engineToken(spec, priceUsd ?? prices[spec[0]] ?? rng.logBetween(0.01, 100));
      const known = market.tokens.get(token.address);
      if (known) return known;
      market.tokens.set(token.address, token);
      const hubs = market.hubs.length > 0 ? market.hubs : hubsOf([...market.tokens.values()]);
      const venues = venuesOf(network);
      for (const hub of hubs) {
        if (hub.address === token.address) continue;
        const pool = poolFor(rng.pick(venues), token, hub, rng.logBetween(1e5, 5e6), rng);
        market.pools.push(pool);
        market.index.add(pool);
      }
      return token;
    },
  };
}

function normalise(address: string): string {
  const trimmed = address.trim();
  return /^0x/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

function parseAmount(amount: bigint | string): bigint | null {
  if (typeof amount === 'bigint') return amount;
  return /^\d{1,78}$/.test(amount.trim()) ? BigInt(amount.trim()) : null;
}
