/**
 * Quote engine latency (server/src/quote) with 5,000 pools on one network: p50/p99 of engine.quote
 * over a mix of pairs (listed tokens, long-tail tokens, both) and sizes ($10 to $100k), with
 * reserves drifting between quotes as the simulator makes them. Baseline: the same route search
 * finding each pair's pools by scanning every pool instead of the pair index. Prints figures;
 * never fails on time.
 *
 *   node --import tsx bench/quoteEngine.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { BUILTIN_TOKENS } from '../src/config/tokens.ts';
import {
  createQuoteEngine, findRoutes, hubsOf, type EngineToken, type PairLookup, type Pool,
} from '../server/src/quote/index.ts';
import { createRng } from '../server/src/lib/rng.ts';
import type { BenchResult } from './types.ts';

const NETWORK = 'Ethereum';
const POOLS = 5000;
const WARMUP = 500;
const QUOTES = 5000;
const BASELINE_QUOTES = 300;
const DRIFT_EVERY = 100;
const P99_TARGET = '< 20 ms';

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The pools of a pair found by scanning them all: what the pair index saves. */
function scanningLookup(pools: readonly Pool[]): PairLookup {
  return {
    between: (a, b) =>
      pools.filter((p) => (p.token0.address === a && p.token1.address === b) || (p.token0.address === b && p.token1.address === a)),
  };
}

export async function run(): Promise<BenchResult[]> {
  const buildStarted = performance.now();
  const engine = createQuoteEngine({ seed: 7, tokens: { [NETWORK]: BUILTIN_TOKENS[NETWORK] ?? [] }, poolsPerNetwork: POOLS });
  const buildMs = performance.now() - buildStarted;
  const pools = engine.pools(NETWORK);

  const tokens = engine.tokens(NETWORK);
  const listed = tokens.slice(0, (BUILTIN_TOKENS[NETWORK] ?? []).length);
  const rng = createRng(99);
  const random = () => rng.next();
  const pickFrom = (list: readonly EngineToken[]) => list[Math.floor(random() * list.length)] as EngineToken;
  const request = () => {
    const kind = random();
    const a = kind < 0.4 ? pickFrom(listed) : pickFrom(tokens);
    let b = kind < 0.7 ? pickFrom(listed) : pickFrom(tokens);
    while (b === a) b = pickFrom(tokens);
    // $10 to $100,000 worth of the token in
    const usd = 10 * 10 ** (random() * 4);
    const whole = Math.max(1, Math.floor((usd / a.priceUsd) * 10 ** Math.min(a.decimals, 6)));
    return { a, b, amountIn: BigInt(whole) * 10n ** BigInt(Math.max(0, a.decimals - 6)) };
  };

  const samples: number[] = [];
  let routes = 0;
  let errors = 0;
  for (let i = 0; i < WARMUP + QUOTES; i++) {
    if (i % DRIFT_EVERY === 0) engine.drift(rng);
    const { a, b, amountIn } = request();
    const started = performance.now();
    const quote = engine.quote({ network: NETWORK, tokenInAddress: a.address, tokenOutAddress: b.address, amountIn });
    const elapsed = performance.now() - started;
    if (i < WARMUP) continue;
    samples.push(elapsed);
    routes += quote.routes.length;
    if (quote.error) errors += 1;
  }

  const scanning = scanningLookup(pools);
  const hubs = hubsOf(listed);
  const baseline: number[] = [];
  for (let i = 0; i < BASELINE_QUOTES; i++) {
    const { a, b, amountIn } = request();
    const started = performance.now();
    findRoutes(scanning, hubs, a, b, amountIn);
    baseline.push(performance.now() - started);
  }

  const sorted = [...samples].sort((x, y) => x - y);
  const baseSorted = [...baseline].sort((x, y) => x - y);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  return [
    { name: `quoteEngine build (${pools.length} pools, ${tokens.length} tokens)`, figure: buildMs, unit: 'ms' },
    { name: 'quoteEngine quote latency p50', figure: p50, unit: 'ms', ratio: percentile(baseSorted, 0.5) / p50 },
    { name: 'quoteEngine quote latency p99', figure: p99, unit: 'ms', target: P99_TARGET, ratio: percentile(baseSorted, 0.99) / p99 },
    { name: 'quoteEngine quote latency max', figure: sorted.at(-1) ?? 0, unit: 'ms' },
    { name: 'quoteEngine baseline (scan all pools per pair) p50', figure: percentile(baseSorted, 0.5), unit: 'ms' },
    { name: 'quoteEngine baseline (scan all pools per pair) p99', figure: percentile(baseSorted, 0.99), unit: 'ms' },
    { name: 'quoteEngine routes per quote (mean)', figure: routes / samples.length, unit: 'routes' },
    { name: 'quoteEngine quotes answered with an error', figure: errors, unit: 'count' },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) {
    const extra = [r.target === undefined ? '' : `target ${r.target}`, r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}× faster than baseline`]
      .filter(Boolean)
      .join(', ');
    console.log(`${r.name.padEnd(52)} ${r.figure.toFixed(r.unit === 'count' ? 0 : 3).padStart(10)} ${r.unit}${extra ? `  (${extra})` : ''}`);
  }
}
