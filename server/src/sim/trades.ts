/**
 * Trades: a token bought on one network, bridged, sold on another, as a journey of steps. txSent
 * announces it; its txs are then sent one after the other, each stored as it is sent (pending)
 * and as it settles, so the trade's steps have their own times (GET /api/trades/{tradeId}); the
 * last settles 2 to 8 s after txSent, and txConfirmed follows with one confirmation per tx. About
 * 15 % fail, most of those with a §8 error code; the txs after a failed one are skipped. Now and
 * then one step takes minutes (SLOW_TRADE_RATE), so a demo shows a stuck trade and its moving on.
 * The trade is stored at each step so the console can fetch it after a profitable sell (§7 trade
 * fetch, §9 profit sound). Only running workers start trades (§4): while they are stopped none
 * starts, and those already sent still go on to their end, as a real worker finishes what it sent.
 */
import type { TxType } from '../../../src/config/enums.ts';
import { NETWORKS } from '../../../src/config/networks.ts';
import type { Bridge, ServerEventPayload, Token, TxConfirmation } from '../../../src/contract/index.ts';
import { errorCodesFor } from '../../../src/domain/errorCodeNetworks.ts';
import { swapAmountOut } from '../../../src/domain/trades.ts';
import type { TradeDraft, TradeTx } from '../db/repos/trades.ts';
import { jittered, round, significant, type SimCatalog, type SimContext } from './context.ts';
import {
  CADENCE,
  tradeTxTypes,
  CONFIRM_MAX_MS,
  CONFIRM_MIN_MS,
  SLOW_STEP_MAX_MS,
  SLOW_STEP_MIN_MS,
  SLOW_TRADE_RATE,
  STEP_WEIGHTS,
  SWAP_FEE_MAX,
  SWAP_FEE_MIN,
  TRADE_FAIL_RATE,
} from './profiles.ts';
import type { Rng } from '../lib/rng.ts';
import { priceOf } from './worker.ts';

export interface TradeOptions {
  /** Force the outcome; by default about 15 % fail. */
  fail?: boolean;
  /** §8 code of the failure (implies fail). */
  errCode?: number;
  /**
   * One of its steps takes SLOW_STEP_MIN_MS to SLOW_STEP_MAX_MS. By default a trade the simulation
   * starts itself is slow now and then (SLOW_TRADE_RATE), one asked for (the control route) never.
   */
  slow?: boolean;
  /** The slow step is the trade's step of this tx type, when it has one (implies slow). */
  slowStep?: TxType;
  /** It fails at its step of this tx type, when it has one (implies fail): the steps after it are skipped. */
  failStep?: TxType;
}

export interface Trades {
  /**
   * Sends one trade now, which confirms after the usual delay; its tradeId, or null while workers
   * are stopped or without a tradable token.
   */
  trade(options?: TradeOptions): string | null;
}

/** A token with two networks and the bridge that carries it between them. */
interface TradeRoute {
  tokenName: string;
  bridge: string;
  kind: string;
  networks: readonly [string, string];
}

const KNOWN_NETWORKS: ReadonlySet<string> = new Set(NETWORKS);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Routes from the catalog: each bridge's tokens between its networks where the token is deployed on
 * both. Only bridges of the catalog: a trade never goes over a bridge the Bridges list does not
 * have (no "via cex-transfer" when the list has no such bridge), so with no bridge that fits, no
 * trade starts.
 */
function tradeRoutes({ tokens, bridges }: SimCatalog): TradeRoute[] {
  const byName = new Map(tokens.map((token) => [token.tokenName, token]));
  const deployedOn = (token: Token, network: string) => Object.hasOwn(token.networkData, network);
  const bridged = bridges.flatMap((bridge: Bridge) => {
    const networks = strings(bridge.networks).filter((n) => KNOWN_NETWORKS.has(n));
    return strings(bridge.tokens).flatMap((tokenName) => {
      const token = byName.get(tokenName);
      if (!token) return [];
      return networks.flatMap((a, i) =>
        networks
          .slice(i + 1)
          .filter((b) => deployedOn(token, a) && deployedOn(token, b))
          .map((b): TradeRoute => ({ tokenName, bridge: bridge.bridgeName, kind: bridge.kind, networks: [a, b] })),
      );
    });
  });
  return bridged;
}


const BUY_SIDE: ReadonlySet<TxType> = new Set(['ApproveSwap', 'Swap', 'ApproveBridge', 'Bridge']);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function txHash(rng: Rng, network: string): string {
  if (network !== 'Solana') return `0x${rng.hex(64)}`;
  let signature = '';
  for (let i = 0; i < 88; i++) signature += BASE58[rng.int(0, BASE58.length - 1)];
  return signature;
}

function uuid(rng: Rng): string {
  const hex = rng.hex(32);
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * `idStream` labels the stream of trade ids: a new label per database history keeps ids unique
 * across restarts while a fresh database with the same seed still gives the same ids.
 */
export function simulateTrades(ctx: SimContext, idStream: string, workersRunning: () => boolean): Trades {
  const ids = ctx.stream(idStream);
  const rng = ctx.stream('trades');
  // Fees have a stream of their own: the trades drawn from a seed stay those of earlier versions.
  const fees = ctx.stream('trade-fees');
  let routes: TradeRoute[] = [];
  let routesFor: SimCatalog | null = null;

  const trade = (options: TradeOptions = {}, cadence = false): string | null => {
    if (!workersRunning()) return null;
    // Quiet, the simulation starts no trade of its own: only those asked for.
    if (cadence && ctx.quiet()) return null;
    const catalog = ctx.catalog();
    if (catalog !== routesFor) {
      routes = tradeRoutes(catalog);
      routesFor = catalog;
    }
    if (routes.length === 0) return null;
    const route = rng.pick(routes);
    const [networkBuy, networkSell] = rng.chance(0.5) ? route.networks : [route.networks[1], route.networks[0]];
    const tradeId = uuid(ids);
    const txTypes = tradeTxTypes((p) => rng.chance(p), route.kind);
    const bridge = { name: route.bridge };
    const expectedProfit = round(rng.logBetween(0.05, 4), 4);
    const capitalUSD = round(rng.logBetween(200, 5000), 2);

    const txs: TradeTx[] = txTypes.map((txType) => {
      const network = BUY_SIDE.has(txType) ? networkBuy : networkSell;
      return { txId: txHash(ids, network), txType, network, status: 'pending', amountIn: txType === 'Swap' ? capitalUSD : 0 };
    });
    const draft: TradeDraft = { tradeId, tokenName: route.tokenName, networkBuy, networkSell, bridge, txTypes, status: 'pending', expectedProfit, txs };
    ctx.tally.tradesSent += 1;

    const failStepAt = options.failStep === undefined ? -1 : txs.findIndex((tx) => tx.txType === options.failStep);
    const fails = failStepAt >= 0 || options.fail === true || options.errCode !== undefined || (options.fail === undefined && rng.chance(TRADE_FAIL_RATE));
    const failAt = failStepAt >= 0 ? failStepAt : fails ? rng.int(0, txs.length - 1) : -1;
    // A code the failing tx's network can give (a Solana code only on Solana...), unless one is asked for.
    const failNetwork = txs[failAt]?.network ?? networkBuy;
    const errCode = fails ? (options.errCode ?? (rng.chance(0.75) ? rng.pick(errorCodesFor(failNetwork)) : undefined)) : undefined;
    const realizedUSD = expectedProfit * rng.between(0.6, 1.3);
    // What the buy swap gives: the capital at the token's price, less the swap's fee.
    const tokenAmount = swapAmountOut(capitalUSD, 1 / priceOf(route.tokenName), fees.between(SWAP_FEE_MIN, SWAP_FEE_MAX));
    // The 2 to 8 s of the trade, shared out over its steps by their weights; the step that fails
    // takes what is left, so a failure is confirmed as late as a success would be.
    const totalMs = rng.between(CONFIRM_MIN_MS, CONFIRM_MAX_MS);
    const weights = txs.map((tx) => STEP_WEIGHTS[tx.txType] * rng.between(0.5, 1.5));
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const stepMs = weights.map((weight) => (totalMs * weight) / weightSum);
    if (failAt >= 0) stepMs[failAt] = totalMs - stepMs.slice(0, failAt).reduce((sum, ms) => sum + ms, 0);
    const slowAt = options.slowStep === undefined ? -1 : txs.findIndex((tx) => tx.txType === options.slowStep);
    const slow = slowAt >= 0 || (options.slow ?? (cadence && rng.chance(SLOW_TRADE_RATE)));
    if (slow) {
      const at = slowAt >= 0 ? slowAt : rng.int(0, Math.max(0, failAt >= 0 ? failAt : txs.length - 1));
      stepMs[at] = rng.between(SLOW_STEP_MIN_MS, SLOW_STEP_MAX_MS);
    }

    const amountOutOf = (txType: TxType): number => {
      if (txType === 'Swap') return significant(tokenAmount, 8);
      if (txType === 'Bridge' || txType === 'Claim') return significant(tokenAmount * 0.9995, 8);
      if (txType === 'Sell') return round(capitalUSD + realizedUSD, 2);
      return 0;
    };
    const completed = (tx: TradeTx): TradeTx => ({ ...tx, status: 'completed', success: true, amountOut: amountOutOf(tx.txType) });

    /** The last step settled: the trade is stored as it ended and confirmed. */
    const settle = () => {
      const settled: TradeTx[] = txs.map((tx, i): TradeTx => {
        if (failAt >= 0 && i > failAt) return { ...tx, status: 'skip' };
        return i === failAt ? { ...tx, status: 'failed', success: false, amountOut: 0 } : completed(tx);
      });
      const confirmed: Record<string, TxConfirmation> = {};
      for (const tx of settled) {
        if (tx.success === undefined) continue;
        confirmed[tx.txId] = {
          tokenName: route.tokenName,
          txType: tx.txType,
          bridge,
          networkBuy,
          networkSell,
          success: tx.success,
          expectedProfit,
          tradeId,
          amountOut: tx.amountOut ?? 0,
        };
      }
      if (fails) ctx.tally.tradesFailed += 1;
      else {
        ctx.tally.tradesConfirmed += 1;
        ctx.tally.profitUSD += realizedUSD;
      }
      ctx.sinks.tradeChanged({ ...draft, status: fails ? 'failed' : 'completed', txs: settled, ...(errCode === undefined ? {} : { errCode }) });
      const payload: ServerEventPayload<'txConfirmed'> = errCode === undefined ? { txs: confirmed } : { txs: confirmed, errCode };
      ctx.sinks.emit('txConfirmed', payload);
    };
    /** Step `i` is sent: stored pending after the steps before it, settled; it settles after its time. */
    const send = (i: number) => {
      ctx.sinks.tradeChanged({ ...draft, txs: [...txs.slice(0, i).map(completed), txs[i] as TradeTx] });
      ctx.scheduler.after(stepMs[i] ?? 0, () => (i === failAt || i === txs.length - 1 ? settle() : send(i + 1)));
    };
    send(0);
    ctx.sinks.emit('txSent', { tradeId, tokenName: route.tokenName, txTypes, networkBuy, networkSell, bridge });
    return tradeId;
  };

  // The cadence runs on while workers are stopped, each turn starting nothing: a start needs no
  // series of its own, and its first trade comes within the usual gap.
  ctx.scheduler.repeat(() => jittered(rng, CADENCE.tradeMs), () => trade({}, true));
  return { trade: (options) => trade(options) };
}
