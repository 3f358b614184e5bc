import { describe, expect, it } from 'vitest';
import { Quote } from '../../src/contract/index.ts';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import {
  CONCENTRATION_SCALE, HOP_GAS, MAX_ROUTES, QUOTE_ERRORS, ROUTE_BASE_GAS, concentrationForRange, createPool,
  createQuoteEngine, createQuoteEngineFromPools, getAmountOutStable, getAmountOutV2, getAmountOutV3,
  getAmountOutWeighted, stableInvariant, type EngineToken,
} from '../../server/src/quote/index.ts';
import { createRng } from '../../server/src/lib/rng.ts';

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
const token = (symbol: string, decimals: number, n: number): EngineToken => ({
  symbol, decimals, priceUsd: 1, address: `0x${n.toString(16).padStart(40, '0')}`,
});
const A = token('AAA', 18, 1);
const B = token('BBB', 18, 2);
const WETH = token('WETH', 18, 3);
const USDC = token('USDC', 6, 4);
const LONELY = token('LONE', 18, 5);
const addr = (n: number) => `0x${'f'.repeat(36)}${n.toString(16).padStart(4, '0')}`;

describe('engine maths', () => {
  it('v2 getAmountOut is exact against a hand computation (fee in bps)', () => {
    // 1e18·9970·3e11 / (1e20·10000 + 1e18·9970) = 2961474103.6… -> 2961474103
    expect(getAmountOutV2(E18, 100n * E18, 300_000n * E6, 30n)).toBe(2_961_474_103n);
    // 25 bps: 5e17·9975·2e21 / (1e21·10000 + 5e17·9975)
    expect(getAmountOutV2(5n * 10n ** 17n, 1000n * E18, 2000n * E18, 25n)).toBe(997_002_744_880_990_605n);
    expect(getAmountOutV2(0n, 1n, 1n, 30n)).toBe(0n);
  });

  it('v3 trades like constant product on concentrated virtual reserves, capped at the real reserve', () => {
    const c = concentrationForRange(1.1); // about 21.5×
    expect(Number(c) / Number(CONCENTRATION_SCALE)).toBeCloseTo(1 / (1 - 1 / Math.sqrt(1.1)), 2);
    const small = 10n * E18;
    const v2 = getAmountOutV2(small, 1000n * E18, 1000n * E18, 30n);
    const v3 = getAmountOutV3(small, 1000n * E18, 1000n * E18, 30n, c);
    expect(v3).toBe(getAmountOutV2(small, (1000n * E18 * c) / CONCENTRATION_SCALE, (1000n * E18 * c) / CONCENTRATION_SCALE, 30n));
    expect(v3).toBeGreaterThan(v2);
    expect(getAmountOutV3(1_000_000n * E18, 1000n * E18, 1000n * E18, 30n, c)).toBe(1000n * E18 - 1n);
  });

  it('StableSwap keeps pegged coins near 1:1 where constant product would slip', () => {
    const balance = 1_000_000n * E18;
    const d = stableInvariant(balance, balance, 200n);
    expect(d).toBe(2n * balance);
    const out = getAmountOutStable(100_000n * E18, balance, balance, 4n, 200n, d);
    expect(Number(out) / 1e18).toBeGreaterThan(99_900);
    expect(Number(out) / 1e18).toBeLessThan(100_000);
    expect(out).toBeGreaterThan(getAmountOutV2(100_000n * E18, balance, balance, 4n));
  });

  it('a 50/50 weighted pool matches constant product; 80/20 follows the weighted formula', () => {
    const cp = getAmountOutV2(E18, 100n * E18, 200n * E18, 30n);
    const weighted = getAmountOutWeighted(E18, 100n * E18, 200n * E18, 30n, 0.5, 0.5);
    expect(Number(weighted - cp)).toBeLessThan(Number(cp) * 1e-12 + 2);
    const skewed = getAmountOutWeighted(E18, 100n * E18, 200n * E18, 0n, 0.8, 0.2);
    expect(Number(skewed) / 1e18).toBeCloseTo(200 * (1 - (100 / 101) ** 4), 9);
  });
});

/** A directly paired A/B pool that is shallow, and deep A/WETH and WETH/B pools. */
function detourMarket() {
  return createQuoteEngineFromPools(
    {
      Testnet: {
        hubs: [WETH, USDC],
        tokens: [LONELY],
        block: 1234,
        pools: [
          createPool({ dex: 'sushi_v2', token0: A, token1: B, reserve0: 1000n * E18, reserve1: 1000n * E18, address: addr(1) }),
          createPool({ dex: 'uni_v2', token0: A, token1: WETH, reserve0: 10_000_000n * E18, reserve1: 3_333n * E18, address: addr(2) }),
          createPool({ dex: 'uni_v3', kind: 'v3', token0: WETH, token1: B, reserve0: 3_333n * E18, reserve1: 10_000_000n * E18, feeBps: 5, concentration: 1000n, address: addr(3) }),
        ],
      },
    },
    { clock: () => 0 },
  );
}

describe('engine routing', () => {
  it('multi-hop beats a shallow direct pool when it should', () => {
    const quote = detourMarket().quote({ network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: 100n * E18 });
    expect(quote.error).toBeUndefined();
    expect(quote.routes.map((r) => r.routeInfo.map((h) => h.dex))).toEqual([['uni_v2', 'uni_v3'], ['sushi_v2']]);
    const [best, direct] = quote.routes;
    const first = getAmountOutV2(100n * E18, 10_000_000n * E18, 3_333n * E18, 30n);
    expect(best?.amountOut).toBe(getAmountOutV2(first, 3_333n * E18, 10_000_000n * E18, 5n).toString());
    expect(direct?.amountOut).toBe(getAmountOutV2(100n * E18, 1000n * E18, 1000n * E18, 30n).toString());
  });

  it('the direct pool wins for an amount too small to pay for two fees', () => {
    const quote = detourMarket().quote({ network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: 10n ** 15n });
    expect(quote.routes[0]?.routeInfo.map((h) => h.dex)).toEqual(['sushi_v2']);
  });

  it('finds 3-hop routes through two hubs, gas growing with hops', () => {
    const engine = createQuoteEngineFromPools({
      Testnet: {
        hubs: [WETH, USDC],
        pools: [
          createPool({ dex: 'uni_v2', token0: A, token1: WETH, reserve0: 1000n * E18, reserve1: 1n * E18, address: addr(1) }),
          createPool({ dex: 'curve_stable', kind: 'stable', token0: WETH, token1: USDC, reserve0: 10n * E18, reserve1: 30_000n * E6, feeBps: 4, address: addr(2) }),
          createPool({ dex: 'pancake_v3', kind: 'v3', token0: USDC, token1: B, reserve0: 30_000n * E6, reserve1: 30_000n * E18, feeBps: 25, address: addr(3) }),
        ],
      },
    });
    const quote = engine.quote({ network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: E18 });
    expect(quote.routes).toHaveLength(1);
    expect(quote.routes[0]?.routeInfo).toEqual([
      { dex: 'uni_v2', poolAddress: addr(1) },
      { dex: 'curve_stable', poolAddress: addr(2) },
      { dex: 'pancake_v3', poolAddress: addr(3) },
    ]);
    expect(quote.routes[0]?.gasEstimate).toBe(ROUTE_BASE_GAS + HOP_GAS.v2 + HOP_GAS.stable + HOP_GAS.v3);
  });

  it('Quote (protocol): answers the quote shape', () => {
    const quote = detourMarket().quote({ network: 'Testnet', tokenInAddress: A.address.toUpperCase().replace('0X', '0x'), tokenOutAddress: B.address, amountIn: '5' });
    expect(Quote.safeParse(quote).success).toBe(true);
    expect(quote).toMatchObject({ version: 1, network: 'Testnet', from: A.address, to: B.address, amountIn: '5', time: 0, block: 1234 });
  });

  it.each([
    ['unknown network', { network: 'Nowhere', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: E18 }, QUOTE_ERRORS.unknownNetwork('Nowhere')],
    ['unknown token in', { network: 'Testnet', tokenInAddress: '0xdead', tokenOutAddress: B.address, amountIn: E18 }, QUOTE_ERRORS.unknownToken('0xdead')],
    ['unknown token out', { network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: '0xBEEF', amountIn: E18 }, QUOTE_ERRORS.unknownToken('0xbeef')],
    ['amount 0', { network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: 0n }, QUOTE_ERRORS.badAmount],
    ['amount not an integer', { network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: B.address, amountIn: '1.5' }, QUOTE_ERRORS.badAmount],
    ['same token', { network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: A.address, amountIn: E18 }, QUOTE_ERRORS.sameToken],
    ['no route', { network: 'Testnet', tokenInAddress: A.address, tokenOutAddress: LONELY.address, amountIn: E18 }, QUOTE_ERRORS.noRoute],
  ])('error: %s, with no routes', (_name, request, error) => {
    const quote = detourMarket().quote(request);
    expect(quote.error).toBe(error);
    expect(quote.routes).toEqual([]);
    expect(Quote.safeParse(quote).success).toBe(true);
  });
});

describe('generated markets', () => {
  const engine = createQuoteEngine({ seed: 42, tokens: BUILTIN_TOKENS, poolsPerNetwork: 1500 });

  it('builds a few thousand pools per network, deterministically from the seed', () => {
    expect(engine.networks()).toEqual(Object.keys(BUILTIN_TOKENS));
    for (const network of engine.networks()) expect(engine.pools(network).length).toBeGreaterThanOrEqual(1500);
    const again = createQuoteEngine({ seed: 42, tokens: { Base: BUILTIN_TOKENS.Base ?? [] }, poolsPerNetwork: 1500 });
    expect(again.pools('Base').map((p) => [p.address, p.reserve0, p.reserve1])).toEqual(engine.pools('Base').map((p) => [p.address, p.reserve0, p.reserve1]));
    const other = createQuoteEngine({ seed: 43, tokens: { Base: BUILTIN_TOKENS.Base ?? [] }, poolsPerNetwork: 1500 });
    expect(other.pools('Base')[0]?.address).not.toBe(engine.pools('Base')[0]?.address);
    const dexes = new Set(engine.pools('Arbitrum').map((p) => p.dex));
    for (const dex of ['uni_v2', 'uni_v3', 'sushi_v2', 'pancake_v3', 'camelot_v2', 'curve_stable', 'balancer_weighted']) expect(dexes).toContain(dex);
  });

  it('pairs every built-in token directly with the wrapped native and the main stablecoins', () => {
    for (const [network, list] of Object.entries(BUILTIN_TOKENS)) {
      const pools = engine.pools(network);
      const hubs = list.filter(([name], i) => i === 0 || ['USDC', 'USDT', 'DAI'].includes(name)).map(([, a]) => a.toLowerCase());
      for (const [name, address] of list) {
        for (const hub of hubs) {
          const a = address.toLowerCase();
          if (a === hub) continue;
          const direct = pools.some((p) => (p.token0.address === a && p.token1.address === hub) || (p.token1.address === a && p.token0.address === hub));
          expect(direct, `${name}/${hub} on ${network}`).toBe(true);
          const quote = engine.quote({ network, tokenInAddress: a, tokenOutAddress: hub, amountIn: 10n ** BigInt(list.find(([, x]) => x === address)?.[2] ?? 18) });
          expect(quote.error, `${name} -> ${hub} on ${network}`).toBeUndefined();
        }
      }
    }
  });

  it('returns at most 5 routes, sorted by amount out, with realistic prices', () => {
    const [weth, usdc] = BUILTIN_TOKENS.Ethereum ?? [];
    const quote = engine.quote({ network: 'Ethereum', tokenInAddress: weth?.[1] ?? '', tokenOutAddress: usdc?.[1] ?? '', amountIn: E18 });
    expect(quote.routes.length).toBeGreaterThan(1);
    expect(quote.routes.length).toBeLessThanOrEqual(MAX_ROUTES);
    const amounts = quote.routes.map((r) => BigInt(r.amountOut));
    expect([...amounts].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))).toEqual(amounts);
    expect(Number(amounts[0]) / 1e6).toBeGreaterThan(2950); // WETH priced at 3000 USD
    expect(Number(amounts[0]) / 1e6).toBeLessThan(3050);
    for (const route of quote.routes) {
      expect(route.gasEstimate).toBeGreaterThan(ROUTE_BASE_GAS + (route.routeInfo.length - 1) * 120_000);
    }
    expect(quote.time).toBeGreaterThanOrEqual(0);
  });

  it('drift nudges reserves; blocks can be read and set; added tokens become quotable', () => {
    const local = createQuoteEngine({ seed: 9, tokens: { Optimism: BUILTIN_TOKENS.Optimism ?? [] }, poolsPerNetwork: 300 });
    const before = local.pools('Optimism').map((p) => p.reserve0);
    const moved = local.drift(createRng(1), 0.5);
    const after = local.pools('Optimism').map((p) => p.reserve0);
    expect(moved).toBeGreaterThan(0);
    expect(after.filter((r, i) => r !== before[i]).length).toBe(moved);

    expect(local.block('Optimism')).toBeGreaterThan(128_000_000);
    local.setBlock('Optimism', 5);
    expect(local.block('Optimism')).toBe(5);
    expect(local.block('Nowhere')).toBeNull();

    const token = local.addToken('Optimism', ['NEWT', '0x00000000000000000000000000000000000000AB', 18], 2);
    expect(token?.address).toBe('0x00000000000000000000000000000000000000ab');
    const [weth] = BUILTIN_TOKENS.Optimism ?? [];
    const quote = local.quote({ network: 'Optimism', tokenInAddress: '0x00000000000000000000000000000000000000ab', tokenOutAddress: weth?.[1] ?? '', amountIn: E18 });
    expect(quote.error).toBeUndefined();
    expect(local.addToken('Nowhere', ['X', '0x1', 18])).toBeNull();
  });
});
