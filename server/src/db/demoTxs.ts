/**
 * A month of transaction history for a fresh database (GET /api/txs/ has something to filter):
 * trades over the demo bridges, each a buy swap, a bridge, a claim where the bridge needs one and
 * a sell, with the statuses, retries and failures a real history has (most failed trades with the
 * §8 error code of their failed tx, one its network can give). Deterministic: the same count and end time give the same
 * rows. Each tx's amounts are in its own units: the buy swap puts in the capital in USD and gives the
 * token less its fee; the bridge, the claim and the sell put in the token they move; the sell
 * returns the capital with the profit.
 */
import { DEX_AGGREGATORS, type TxStatus, type TxType } from '../../../src/config/enums.ts';
import { NETWORK_INFO, type Network } from '../../../src/config/networks.ts';
import type { Token } from '../../../src/contract/index.ts';
import { DEMO_BRAIN_STATE, DEMO_BRIDGES, DEMO_TOKENS } from './demoData.ts';
import { mulberry32 } from '../lib/rng.ts';
import { BUY_SIDE_TX_TYPES } from './repos/trades.ts';
import type { TxDraft } from './repos/txs.ts';
import { errorCodesFor } from '../../../src/domain/errorCodeNetworks.ts';
import { swapAmountOut } from '../../../src/domain/trades.ts';
import { BRIDGE_FEE_MAX, BRIDGE_FEE_MIN, SWAP_FEE_MAX, SWAP_FEE_MIN, tradeTxTypes } from '../sim/profiles.ts';

/** DEMO_TXS default: enough rows that the list's filters and sorts must use their indexes. */
export const DEMO_TXS_DEFAULT = 100_000;
const HISTORY_MS = 30 * 24 * 3600_000;
/**
 * The history's last trade starts this long before the seeding instant, so every seeded trade has
 * settled: nothing in the seed is under way, because nothing would ever move it on (the simulator
 * runs trades of its own), and the stuck-trade watch would report it stuck for ever.
 */
const QUIET_END_MS = 10 * 60_000;
const SEED = 0x7e57_da7a;

/** Rough USD prices of the demo tokens, for token amounts. */
const PRICES: Record<string, number> = {
  USDC: 1, USDT: 1, DAI: 1, WBTC: 97_000, LINK: 14.5, UNI: 7.2, AAVE: 180, ARB: 0.45, WETH: 3187, CAKE: 2.1, AERO: 0.9, GMX: 18,
};
/** Block number at BLOCK_EPOCH_MS and seconds per block, to give each tx a plausible block. */
const BLOCKS: Record<string, [number, number]> = {
  Ethereum: [21_630_000, 12],
  Arbitrum: [295_400_000, 0.25],
  Base: [25_060_000, 2],
  Polygon: [66_700_000, 2],
  Binance: [45_700_000, 3],
};
const BLOCK_EPOCH_MS = Date.UTC(2025, 0, 15);
const EVM_AGGREGATORS = DEX_AGGREGATORS.filter((a) => a !== 'jupiter');
const HEX = '0123456789abcdef';

interface Route {
  tokenName: string;
  bridgeName: string;
  kind: string;
  networks: readonly [string, string];
}

/**
 * The seed's own draws over lib/rng.ts's generator: hex through a buffer (the seed draws millions of
 * digits), and the same sequence for a seed as the history has always been made with.
 */
class Rng {
  private readonly buffer = Buffer.alloc(64);
  /** Uniform in [0, 1). */
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  logBetween(min: number, max: number): number {
    return min * (max / min) ** this.next();
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Lower-case hex digits (an even number), through a buffer: the seed draws millions of them. */
  hex(digits: number): string {
    const bytes = digits / 2;
    for (let i = 0; i < bytes; i += 4) this.buffer.writeUInt32LE((this.next() * 4294967296) >>> 0, i);
    return this.buffer.toString('hex', 0, bytes);
  }
}

const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng.next();
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function routesOf(tokens: readonly Token[]): Route[] {
  const byName = new Map(tokens.map((t) => [t.tokenName, t]));
  const bridged = DEMO_BRIDGES.flatMap((bridge) => {
    const networks = Array.isArray(bridge.networks) ? (bridge.networks as string[]) : [];
    const names = Array.isArray(bridge.tokens) ? (bridge.tokens as string[]) : [];
    const [a, b] = networks;
    if (a === undefined || b === undefined) return [];
    return names
      .filter((name) => {
        const data = byName.get(name)?.networkData ?? {};
        return Object.hasOwn(data, a) && Object.hasOwn(data, b);
      })
      .map((tokenName): Route => ({ tokenName, bridgeName: bridge.bridgeName, kind: bridge.kind, networks: [a, b] }));
  });
  // Tokens no bridge carries are not traded: every bridge a trade names is in the Bridges list.
  return bridged;
}

/** A UUIDv7: time-ordered, so rows written in time order append to the primary-key index. */
function uuidV7(rng: Rng, ms: number): string {
  const time = ms.toString(16).padStart(12, '0');
  const rand = rng.hex(20);
  const variant = HEX[8 + rng.int(0, 3)];
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rand.slice(0, 3)}-${variant}${rand.slice(3, 6)}-${rand.slice(6, 18)}`;
}

function uuidV4(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${HEX[8 + rng.int(0, 3)]}${h.slice(17, 20)}-${h.slice(20)}`;
}

/**
 * A transfer of the network's coin sent by an operator outside any trade (/tx/new's manual tx), as
 * the rows left over where a whole trade would not fit.
 */
function manualTransfer(rng: Rng, network: string, createdAt: number, endMs: number, wallet: string | null | undefined): TxDraft {
  const amount = round(rng.logBetween(0.01, 0.5), 4);
  return {
    id: uuidV7(rng, createdAt),
    tradeId: null,
    tokenName: NETWORK_INFO[network as Network]?.native ?? network,
    side: 'sell',
    method: 'manual',
    attempt: 1,
    txType: 'TransferNative',
    status: 'completed',
    networkBuy: null,
    networkSell: null,
    network,
    bridgeName: null,
    amountIn: amount,
    amountOut: amount,
    expectedProfit: null,
    hash: `0x${rng.hex(64)}`,
    createdAt,
    updatedAt: Math.min(endMs, createdAt + rng.int(2000, 30_000)),
    raw: { from: wallet, nonce: rng.int(1000, 90_000), block: blockAt(network, createdAt), gasUsed: 21_000 },
  };
}

function blockAt(network: string, ms: number): number {
  const [anchor, seconds] = BLOCKS[network] ?? [10_000_000, 2];
  return Math.max(1, anchor + Math.floor((ms - BLOCK_EPOCH_MS) / 1000 / seconds));
}

type Outcome = 'completed' | 'failed' | 'stale' | 'sent-back' | 'retried';

function outcomeOf(rng: Rng): Outcome {
  const r = rng.next();
  if (r < 0.83) return 'completed';
  if (r < 0.92) return 'failed';
  if (r < 0.95) return 'stale';
  if (r < 0.97) return 'sent-back';
  return 'retried';
}

/**
 * `count` txs ending at `endMs`, oldest first, every trade whole. The gaps between trades are drawn at random, so
 * how long `count` txs take is known only once drawn: a first run without an end measures it, and
 * the history is then drawn again with its gaps scaled to end QUIET_END_MS before `endMs`, every
 * trade settled, instead of a pile of trades clamped at the end (which the stuck-trade watch would
 * rightly report by the thousand).
 */
export function* demoTxs(count: number, endMs: number): Generator<TxDraft> {
  const span = { lastStartMs: 0 };
  for (const _tx of history(count, 0, Number.POSITIVE_INFINITY, 1, span));
  const scale = span.lastStartMs > 0 ? (HISTORY_MS - QUIET_END_MS) / span.lastStartMs : 1;
  yield* history(count, endMs - HISTORY_MS, endMs, scale, span);
}

function* history(count: number, startMs: number, endMs: number, gapScale: number, span: { lastStartMs: number }): Generator<TxDraft> {
  const rng = new Rng(SEED);
  const routes = routesOf(DEMO_TOKENS);
  if (routes.length === 0 || count <= 0) return;
  const nonces = new Map<string, number>();
  const wallet = DEMO_BRAIN_STATE.walletAddress;
  // About five txs per trade, spread evenly over the month (and scaled to fit it exactly).
  const meanGapMs = (HISTORY_MS * 5) / count;
  let time = startMs;
  let emitted = 0;

  while (emitted < count) {
    time += rng.logBetween(meanGapMs / 4, meanGapMs * 2.2) * gapScale;
    // A safety only: the scaled gaps end before endMs unless the last trades drew differently.
    if (time > endMs) time = endMs;
    span.lastStartMs = time - startMs;
    const route = rng.pick(routes);
    const [networkBuy, networkSell] = rng.chance(0.5) ? route.networks : [route.networks[1], route.networks[0]];
    const tradeId = uuidV4(rng);
    const types = tradeTxTypes((p) => rng.chance(p), route.kind);
    const expectedProfit = round(rng.logBetween(0.05, 4), 4);
    const capitalUSD = round(rng.logBetween(200, 5000), 2);
    // The buy swap gives the capital at the token's price less its fee; the bridge carries that
    // less its own fee; the claim delivers what was bridged; the sell returns it in USD.
    const tokenAmount = Number(swapAmountOut(capitalUSD, 1 / (PRICES[route.tokenName] ?? 1), between(rng, SWAP_FEE_MIN, SWAP_FEE_MAX)).toPrecision(8));
    const bridgedAmount = Number((tokenAmount * (1 - between(rng, BRIDGE_FEE_MIN, BRIDGE_FEE_MAX))).toPrecision(8));
    /** What each kind of leg moves in, in its own units (the swap USD, the others the token). */
    const legIn: Partial<Record<TxType, number>> = { Swap: capitalUSD, Bridge: tokenAmount, Claim: bridgedAmount, Sell: bridgedAmount };
    const swapMethod = rng.pick(EVM_AGGREGATORS);
    const sellMethod = rng.chance(0.7) ? swapMethod : rng.pick(EVM_AGGREGATORS);
    const outcome = outcomeOf(rng);
    const stopAt = outcome === 'completed' || outcome === 'retried' ? -1 : rng.int(0, types.length - 1);
    const retryAt = outcome === 'retried' ? rng.int(0, types.length - 1) : -1;
    const failsWithCode = outcome === 'failed' && rng.chance(0.75);
    // A trade is written whole or not at all (cut after its swap, the newest seeded trade read
    // "Step 1, completed" for a route that only swapped). The rows left over are what an operator
    // sends outside trades: manual transfers, as /tx/new writes them.
    if (emitted + types.length + (retryAt >= 0 ? 1 : 0) > count) {
      for (let at = time; emitted < count; emitted++, at += rng.int(20_000, 90_000)) yield manualTransfer(rng, route.networks[0], Math.min(Math.round(at), endMs), endMs, wallet);
      return;
    }

    let at = time;
    for (let i = 0; i < types.length; i++) {
      const txType = types[i] as TxType;
      const side = BUY_SIDE_TX_TYPES.has(txType) ? 'buy' : 'sell';
      const network = side === 'buy' ? networkBuy : networkSell;
      const bridgeLeg = txType === 'Bridge' || txType === 'ApproveBridge' || txType === 'Claim';
      const method = bridgeLeg ? route.bridgeName : side === 'buy' ? swapMethod : sellMethod;
      const attempts = i === retryAt ? 2 : 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        let status: TxStatus = 'completed';
        if (attempt < attempts) status = rng.chance(0.7) ? 'failed' : 'stale';
        else if (stopAt >= 0 && i > stopAt) status = 'skip';
        else if (i === stopAt) status = outcome === 'sent-back' && txType === 'Bridge' ? 'sent-back' : outcome === 'stale' ? 'stale' : 'failed';
        const done = status === 'completed';
        let amountOut: number | null = null;
        if (done) {
          if (txType === 'Swap') amountOut = tokenAmount;
          else if (txType === 'Bridge' || txType === 'Claim') amountOut = bridgedAmount;
          else if (txType === 'Sell') amountOut = round(capitalUSD + expectedProfit * (0.6 + rng.next() * 0.7), 2);
          else amountOut = 0;
        } else if (status === 'failed') amountOut = 0;
        const nonce = (nonces.get(network) ?? rng.int(1000, 90_000)) + 1;
        nonces.set(network, nonce);
        const createdAt = Math.min(Math.round(at), endMs);
        const settleMs = rng.int(2000, 60_000);
        const unsent = status === 'skip';
        yield {
          id: uuidV7(rng, createdAt),
          tradeId,
          tokenName: route.tokenName,
          side,
          method,
          attempt,
          txType,
          status,
          networkBuy,
          networkSell,
          network,
          bridgeName: route.bridgeName,
          // Approvals move nothing, nor does a leg skipped after a failure.
          amountIn: unsent ? 0 : (legIn[txType] ?? 0),
          amountOut,
          expectedProfit,
          hash: unsent ? null : `0x${rng.hex(64)}`,
          createdAt,
          updatedAt: Math.min(endMs, createdAt + settleMs),
          // A §8 code its network can give: no Solana code on an EVM tx.
          ...(status === 'failed' && failsWithCode ? { errCode: rng.pick(errorCodesFor(network)) } : {}),
          raw: unsent
            ? { from: wallet }
            : {
                from: wallet,
                nonce,
                block: blockAt(network, createdAt),
                gasUsed: rng.int(46_000, 420_000),
                gasPriceGwei: round(rng.logBetween(0.01, 40), 3),
              },
        };
        emitted++;
        at += rng.int(3000, 45_000);
      }
    }
  }
}
