/**
 * The workers' output: an iteration result per tracked pool pair (workerIterationResult, keyed
 * TOKEN_networkA_networkB_lp, §5), occasional iteration errors, checker results that appear and
 * are deleted by iterId, and the statistics strings.
 */
import type { Token } from '../../../src/contract/index.ts';
import { poolKey } from '../../../src/domain/keys.ts';
import { jittered, round, significant, type SimContext, type SimTally } from './context.ts';
import { CADENCE, TOKEN_PRICES_USD } from './profiles.ts';
import type { Rng } from '../lib/rng.ts';

/** Tracked pool pairs: every two networks a token is deployed on. */
interface Pool {
  key: string;
  tokenName: string;
  networks: readonly [string, string];
}

function poolsOf(tokens: readonly Token[]): Pool[] {
  return tokens.flatMap((token) => {
    const networks = Object.keys(token.networkData).sort();
    return networks.flatMap((a, i) =>
      networks.slice(i + 1).map((b): Pool => ({ key: poolKey(token.tokenName, a, b), tokenName: token.tokenName, networks: [a, b] })),
    );
  });
}

/** The token's USD price: the demo tokens' real ones, any other a stable made-up one. */
export function priceOf(tokenName: string): number {
  const known = TOKEN_PRICES_USD[tokenName];
  if (known !== undefined) return known;
  let hash = 0;
  for (const char of tokenName) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 0.05 + (hash % 5000) / 100;
}

/** Share of iterations that find a pool changed since its last result. */
const ITERATION_CHANGE_RATE = 0.08;

const DEXES = ['uni_v3', 'uni_v2', 'pancake_v3', 'sushi_v2', 'camelot_v3', 'curve_stable', 'balancer_weighted', 'quickswap_v3'];

const ITERATION_ERRORS = [
  'quote timeout from kyberswap after 1500 ms',
  'pool reserves older than 3 blocks',
  'rpc 429 too many requests',
  'insufficient liquidity for the minimum amount',
  'simulation reverted: STF',
  'no route between the pair',
];

export function simulateWorker(ctx: SimContext): void {
  let pools: Pool[] = [];
  let poolsFor: readonly Token[] | null = null;
  const currentPools = () => {
    const { tokens } = ctx.catalog();
    if (tokens !== poolsFor) {
      pools = poolsOf(tokens);
      poolsFor = tokens;
    }
    return pools;
  };

  const results = ctx.stream('iterations');
  const lastResult = new Map<string, IterationResult>();
  ctx.scheduler.repeat(
    () => jittered(results, CADENCE.iterationResultMs),
    () => {
      const all = currentPools();
      if (all.length === 0) return;
      const pool = results.pick(all);
      // Most iterations find the pool as it was: the same result again, which the console ignores.
      // Only a changed one makes an open quote panel on that token refetch (§4).
      const last = lastResult.get(pool.key);
      const result = last && !results.chance(ITERATION_CHANGE_RATE) ? last : iterationResult(results, pool);
      lastResult.set(pool.key, result);
      ctx.tally.iterations += 1;
      ctx.sinks.emit('workerIterationResult', { ...result });
    },
  );

  const errors = ctx.stream('iterationErrors');
  ctx.scheduler.repeat(
    () => jittered(errors, CADENCE.iterationErrorEveryMs),
    () => {
      const all = currentPools();
      if (all.length === 0) return;
      ctx.tally.iterationErrors += 1;
      ctx.sinks.emit('workerIterationError', { key: errors.pick(all).key, error: errors.pick(ITERATION_ERRORS) });
    },
  );

  const checks = ctx.stream('checker');
  let checkSeq = 0;
  ctx.scheduler.repeat(
    () => jittered(checks, CADENCE.checkerMs),
    () => {
      const all = currentPools();
      if (all.length === 0) return;
      const pool = checks.pick(all);
      const [networkBuy, networkSell] = checks.chance(0.5) ? pool.networks : [pool.networks[1], pool.networks[0]];
      const iterId = `${(++checkSeq).toString(36)}-${checks.hex(8)}`;
      ctx.tally.checks += 1;
      ctx.sinks.emit('checkerAddResults', {
        iterId,
        tokenName: pool.tokenName,
        networkBuy,
        networkSell,
        amountIn: round(checks.logBetween(100, 5000), 2),
        expectedProfit: round(checks.between(-0.5, 2.5), 4),
        stage: checks.pick(['simulating', 'checking balances', 'estimating bribe']),
      });
      ctx.scheduler.after(checks.between(1000, 5000), () => ctx.sinks.emit('checkerDeleteResults', { iterId }));
    },
  );

  const stats = ctx.stream('stats');
  ctx.scheduler.repeat(
    () => jittered(stats, CADENCE.statsMs),
    () => emitStatistics(ctx, stats, currentPools().length),
  );
}

interface IterationResult {
  key: string;
  [field: string]: unknown;
}

function iterationResult(rng: Rng, pool: Pool): IterationResult {
  const [networkBuy, networkSell] = rng.chance(0.5) ? pool.networks : [pool.networks[1], pool.networks[0]];
  const amountIn = round(rng.logBetween(100, 5000), 2);
  const spread = rng.between(-0.012, 0.006);
  const gasUSD = round(rng.logBetween(0.01, 6), 4);
  return {
    key: pool.key,
    tokenName: pool.tokenName,
    networkBuy,
    networkSell,
    dexBuy: rng.pick(DEXES),
    dexSell: rng.pick(DEXES),
    amountIn,
    tokenAmount: significant(amountIn / priceOf(pool.tokenName), 8),
    amountOut: round(amountIn * (1 + spread), 2),
    profitUSD: round(amountIn * spread - gasUSD, 4),
    gasUSD,
  };
}

/** The five statistics strings (§3), as the services print them: indented JSON. */
function emitStatistics(ctx: SimContext, rng: Rng, pools: number): void {
  const t: SimTally = ctx.tally;
  const uptimeS = Math.round(ctx.scheduler.now / 1000);
  const text = (value: unknown) => JSON.stringify(value, null, 2);
  ctx.sinks.emit(
    'workerStats',
    text({ uptimeS, workers: 4, iterations: t.iterations, errors: t.iterationErrors, poolsTracked: pools, avgIterationMs: rng.int(180, 420) }),
  );
  const decided = t.tradesConfirmed + t.tradesFailed;
  ctx.sinks.emit(
    'analytics',
    text({
      tradesSent: t.tradesSent,
      tradesConfirmed: t.tradesConfirmed,
      tradesFailed: t.tradesFailed,
      successRate: decided === 0 ? null : round(t.tradesConfirmed / decided, 3),
      realizedProfitUSD: round(t.profitUSD, 2),
      checks: t.checks,
    }),
  );
  ctx.sinks.emit('events', text({ uptimeS, headsByNetwork: t.heads, stalls: t.stalls }));
  ctx.sinks.emit('lpStats', text({ pools, updatedLastMinute: Math.min(pools, rng.int(0, pools)), stale: rng.int(0, 3) }));
  ctx.sinks.emit(
    'eventerStats',
    text({ uptimeS, subscriptions: Object.keys(t.heads).length * 3, logsPerMin: rng.int(800, 2400), lagMs: rng.int(20, 400) }),
  );
}
