/**
 * docs/protocol.md "Trades": trades as journeys, read from the transaction history by
 * tradeId. GET /trades/ lists them, GET /trades/{tradeId} gives one with its steps, and the socket
 * says when a trade becomes stuck and when it moves on.
 *
 * docs/protocol.md calls the list's record `Trade` and a step `Step`; here they are TradeJourney and
 * TradeStep, because `Trade` already names §3's trade (shapes.ts, the §9 profit rule).
 */
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../config/enums.ts';
import { NetworkName } from './base.ts';
import { finite, listQuery, oneOrMany } from './builders.ts';
import { TradeErrorCode } from './txs.ts';
import { z } from './zod.ts';

/** running: a step is still to settle; stuck: running, its pending step far past what such steps take. */
export const TRADE_STATES = ['running', 'completed', 'failed', 'stuck'] as const;
export const TradeState = z.enum(TRADE_STATES);
export type TradeState = z.infer<typeof TradeState>;

/** One trade of GET /trades/: its route, when it started and last changed, where it is, its amounts. */
export const TradeJourney = z.object({
  tradeId: z.string(),
  tokenName: z.string(),
  networkBuy: z.string(),
  networkSell: z.string(),
  /** The bridge of the trade; name '' when none (an operator's sell). */
  bridge: z.object({ name: z.string() }),
  /** createdAt of its first tx (ms). */
  startedAt: finite,
  /** The latest updatedAt of its txs (ms). */
  updatedAt: finite,
  /** 0-based index into `steps` of the step the trade is at (see docs/protocol.md "Trades"). */
  currentStep: z.number().int().min(0),
  state: TradeState,
  /** 0 when the txs carry none. */
  expectedProfit: finite,
  /** The capital put in: the amountIn of the first leg that moves value, its last attempt (src/domain/trades.ts journeyOf). */
  amountIn: finite.optional(),
  /** What the trade's last leg gave back, once it completed. */
  amountOut: finite.optional(),
});
export type TradeJourney = z.infer<typeof TradeJourney>;

/** One tx of a trade, in the order they were sent. */
export const TradeStep = z.object({
  /** The tx's id in the history (GET /txs/{id}). */
  txId: z.string(),
  side: z.enum(TX_SIDES),
  txType: z.enum(TX_TYPES),
  network: z.string(),
  status: z.enum(TX_STATUSES),
  hash: z.string().optional(),
  createdAt: finite,
  updatedAt: finite,
  /** Settled: updatedAt - createdAt; pending: how long it has been pending; created or skipped: 0. */
  durationMs: finite.min(0),
  /** The median duration of completed steps of its tx type, network and bridge kind, where known. */
  expectedMs: finite.min(0).optional(),
  errCode: TradeErrorCode.optional(),
});
export type TradeStep = z.infer<typeof TradeStep>;

/**
 * The operations an operator did on the trade (console extension field): refund, force, manual,
 * sell, sellEdit, unlockNonce (a backend may name others, shown as it names them). `by` is the
 * user, `at` when (ms), `txId` the tx it made (GET /txs/{id}) where it made one.
 */
export const TRADE_OPERATION_KINDS = ['refund', 'force', 'manual', 'sell', 'sellEdit', 'unlockNonce'] as const;
export type TradeOperationKind = (typeof TRADE_OPERATION_KINDS)[number];
export const TradeOperation = z.object({
  kind: z.string().min(1),
  by: z.string(),
  at: finite,
  txId: z.string().optional(),
});
export type TradeOperation = z.infer<typeof TradeOperation>;

/** GET /trades/{tradeId}; `operations` is optional: a backend may leave it out. */
export const TradeJourneyDetail = TradeJourney.extend({ steps: z.array(TradeStep), operations: z.array(TradeOperation).optional() });
export type TradeJourneyDetail = z.infer<typeof TradeJourneyDetail>;

export const TRADE_SORT_FIELDS = ['startedAt', 'updatedAt', 'expectedProfit', 'amountIn', 'tokenName', 'tradeId'] as const;
export type TradeSortField = (typeof TRADE_SORT_FIELDS)[number];

/**
 * GET /trades/ filter: every field optional. network matches networkBuy or networkSell; networkBuy
 * and networkSell match that end of the route alone; errCode matches failed trades with that §8
 * code (the first of their txs that has one); from and to bound startedAt in ms, both included.
 */
export const TradeFilter = z
  .object({
    state: oneOrMany(TradeState).optional(),
    tokenName: oneOrMany(z.string().min(1).max(64)).optional(),
    network: oneOrMany(NetworkName).optional(),
    networkBuy: oneOrMany(NetworkName).optional(),
    networkSell: oneOrMany(NetworkName).optional(),
    // As a number, or its digits (a list filter's select keeps its choices as text).
    errCode: oneOrMany(z.union([TradeErrorCode, z.string().regex(/^\d{1,9}$/, 'must be an error code').transform(Number)])).optional(),
    bridgeName: oneOrMany(z.string().min(1).max(64)).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { path: ['to'], message: 'must not be before from' });
export type TradeFilter = z.infer<typeof TradeFilter>;

export const TradeListQuery = listQuery(TRADE_SORT_FIELDS, 'startedAt', 'DESC', TradeFilter);
export type TradeListQuery = z.infer<typeof TradeListQuery>;
export const TradeListResponse = z.object({ data: z.array(TradeJourney), total: z.number().int().nonnegative() });
export type TradeListResponse = z.infer<typeof TradeListResponse>;

/** Socket tradeStuck: sent once when a trade becomes stuck at `step` (an index into its steps). */
export const TradeStuckPayload = z.object({
  tradeId: z.string(),
  step: z.number().int().min(0),
  pendingMs: finite.min(0),
  /** The median duration of such steps; the floor (STUCK_FLOOR_MS) where none has completed yet. */
  expectedMs: finite.min(0),
});
export type TradeStuckPayload = z.infer<typeof TradeStuckPayload>;

/** Socket tradeUnstuck: the stuck step settled (or the trade is gone). */
export const TradeUnstuckPayload = z.object({ tradeId: z.string() });
export type TradeUnstuckPayload = z.infer<typeof TradeUnstuckPayload>;
