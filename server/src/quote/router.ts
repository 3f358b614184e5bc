/**
 * Route search over one network's pools: direct pools, and paths of 2 and 3 hops whose
 * intermediate tokens are routing hubs. Pools are indexed by token pair, so a quote touches only
 * the pools of the pairs on its candidate paths (a few dozen), whatever the network's pool count.
 */
import { getAmountOutStable, getAmountOutV2, getAmountOutV3, getAmountOutWeighted, rescale, stableInvariant } from './math.ts';
import { HOP_GAS, ROUTE_BASE_GAS, type EngineToken, type Pool } from './types.ts';

export const MAX_ROUTES = 5;
const STABLE_DECIMALS = 18;

/** Where route search finds the pools between two tokens. */
export interface PairLookup {
  between(a: string, b: string): readonly Pool[];
}

export class PoolIndex implements PairLookup {
  private readonly byPair = new Map<string, Map<string, Pool[]>>();

  constructor(pools: Iterable<Pool>) {
    for (const pool of pools) this.add(pool);
  }

  add(pool: Pool): void {
    this.link(pool.token0.address, pool.token1.address, pool);
    this.link(pool.token1.address, pool.token0.address, pool);
  }

  private link(a: string, b: string, pool: Pool): void {
    let peers = this.byPair.get(a);
    if (!peers) {
      peers = new Map();
      this.byPair.set(a, peers);
    }
    const list = peers.get(b);
    if (list) list.push(pool);
    else peers.set(b, [pool]);
  }

  between(a: string, b: string): readonly Pool[] {
    return this.byPair.get(a)?.get(b) ?? [];
  }
}

/** What a pool pays out for amountIn of tokenIn. */
export function amountOutOf(pool: Pool, tokenIn: EngineToken, amountIn: bigint): bigint {
  const zeroForOne = tokenIn.address === pool.token0.address;
  const [reserveIn, reserveOut] = zeroForOne ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0];
  switch (pool.kind) {
    case 'v2':
      return getAmountOutV2(amountIn, reserveIn, reserveOut, pool.feeBps);
    case 'v3':
      return getAmountOutV3(amountIn, reserveIn, reserveOut, pool.feeBps, pool.concentration);
    case 'weighted':
      return zeroForOne
        ? getAmountOutWeighted(amountIn, reserveIn, reserveOut, pool.feeBps, pool.weight0, pool.weight1)
        : getAmountOutWeighted(amountIn, reserveIn, reserveOut, pool.feeBps, pool.weight1, pool.weight0);
    case 'stable': {
      const [tokenOut] = zeroForOne ? [pool.token1] : [pool.token0];
      const b0 = rescale(pool.reserve0, pool.token0.decimals, STABLE_DECIMALS);
      const b1 = rescale(pool.reserve1, pool.token1.decimals, STABLE_DECIMALS);
      pool.invariant ??= stableInvariant(b0, b1, pool.amp);
      const out18 = getAmountOutStable(
        rescale(amountIn, tokenIn.decimals, STABLE_DECIMALS),
        zeroForOne ? b0 : b1,
        zeroForOne ? b1 : b0,
        pool.feeBps,
        pool.amp,
        pool.invariant,
      );
      return rescale(out18, STABLE_DECIMALS, tokenOut.decimals);
    }
  }
}

export interface Candidate {
  amountOut: bigint;
  pools: Pool[];
}

export function gasOf(pools: readonly Pool[]): number {
  return pools.reduce((gas, pool) => gas + HOP_GAS[pool.kind], ROUTE_BASE_GAS);
}

/**
 * The best routes from tokenIn to tokenOut for amountIn, best first, at most MAX_ROUTES:
 * each direct pool, and for every hub path (in → h → out, in → h1 → h2 → out) the route taking the
 * best pool at each hop — on a fixed token path that greedy choice is optimal, since every later
 * hop pays more for more input.
 */
export function findRoutes(
  index: PairLookup,
  hubs: readonly EngineToken[],
  tokenIn: EngineToken,
  tokenOut: EngineToken,
  amountIn: bigint,
  maxRoutes = MAX_ROUTES,
): Candidate[] {
  const memo = new Map<string, { pool: Pool; out: bigint } | null>();
  const bestHop = (a: EngineToken, b: EngineToken, amount: bigint) => {
    const key = `${a.address}>${b.address}>${amount}`;
    let best = memo.get(key);
    if (best !== undefined) return best;
    best = null;
    for (const pool of index.between(a.address, b.address)) {
      const out = amountOutOf(pool, a, amount);
      if (out > 0n && (best === null || out > best.out)) best = { pool, out };
    }
    memo.set(key, best);
    return best;
  };

  const found: Candidate[] = [];
  for (const pool of index.between(tokenIn.address, tokenOut.address)) {
    const out = amountOutOf(pool, tokenIn, amountIn);
    if (out > 0n) found.push({ amountOut: out, pools: [pool] });
  }
  const middles = hubs.filter((h) => h.address !== tokenIn.address && h.address !== tokenOut.address);
  for (const h1 of middles) {
    const first = bestHop(tokenIn, h1, amountIn);
    if (!first) continue;
    const last = bestHop(h1, tokenOut, first.out);
    if (last) found.push({ amountOut: last.out, pools: [first.pool, last.pool] });
    for (const h2 of middles) {
      if (h2 === h1) continue;
      const second = bestHop(h1, h2, first.out);
      if (!second) continue;
      const third = bestHop(h2, tokenOut, second.out);
      if (third) found.push({ amountOut: third.out, pools: [first.pool, second.pool, third.pool] });
    }
  }

  found.sort((a, b) => (a.amountOut === b.amountOut ? a.pools.length - b.pools.length : a.amountOut > b.amountOut ? -1 : 1));
  const seen = new Set<string>();
  const routes: Candidate[] = [];
  for (const candidate of found) {
    const key = candidate.pools.map((p) => p.address).join('>');
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push(candidate);
    if (routes.length === maxRoutes) break;
  }
  return routes;
}
