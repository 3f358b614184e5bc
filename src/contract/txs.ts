/** §7 transactions: the tx history and its list query, trades, sells, tx operations and pins. */
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../config/enums.ts';
import { Address } from './addresses.ts';
import { NetworkName, RecordName } from './base.ts';
import { distinct, finite, listQuery, nonNegative, oneOrMany, positive } from './builders.ts';
import { z } from './zod.ts';

/**
 * A §8 trade error code. §8 lists 0 to 41; a backend may know later ones, which the console
 * shows as an unknown code rather than refusing the record.
 */
export const TradeErrorCode = z.number().int().min(0);

/** One row of the transaction history; `historyKey` is §3 side:method:attempt[:txType]. */
export const TxRecord = z.object({
  id: z.string(),
  tradeId: z.string().nullable(),
  tokenName: z.string(),
  side: z.enum(TX_SIDES),
  /** How the tx was made: the aggregator of a swap, the bridge of a bridge leg, or manual/refund/force/unlock-nonce. */
  method: z.string(),
  attempt: z.number().int().min(1),
  txType: z.enum(TX_TYPES),
  status: z.enum(TX_STATUSES),
  networkBuy: z.string().nullable(),
  networkSell: z.string().nullable(),
  network: z.string(),
  bridgeName: z.string().nullable(),
  amountIn: finite,
  amountOut: finite.nullable(),
  expectedProfit: finite.nullable(),
  hash: z.string().nullable(),
  createdAt: finite,
  updatedAt: finite,
  historyKey: z.string(),
  /** §8 trade error code, on the failed tx of a trade that failed with one; absent otherwise. */
  errCode: TradeErrorCode.optional(),
  /** Everything else known about the tx (nonce, gas, block...); only in GET /txs/{id}. */
  raw: z.unknown().optional(),
  /**
   * Only in GET /txs/{id}: every tx of the same trade (or the tx alone) by its §3 history key,
   * for the history popup grouped into Buy, Sell and Other.
   */
  history: z
    .record(
      z.string(),
      z.object({
        id: z.string(),
        status: z.enum(TX_STATUSES),
        network: z.string(),
        hash: z.string().nullable(),
        amountIn: finite,
        amountOut: finite.nullable(),
        createdAt: finite,
        updatedAt: finite,
        errCode: TradeErrorCode.optional(),
      }),
    )
    .optional(),
});
export type TxRecord = z.infer<typeof TxRecord>;

export const TX_SORT_FIELDS = ['createdAt', 'amountIn', 'expectedProfit', 'status', 'tokenName', 'id'] as const;
export type TxSortField = (typeof TX_SORT_FIELDS)[number];

/** GET /txs/ filter: every field optional; from and to are createdAt bounds in ms, both included. */
export const TxFilter = z
  .object({
    status: oneOrMany(z.enum(TX_STATUSES)).optional(),
    side: z.enum(TX_SIDES).optional(),
    txType: oneOrMany(z.enum(TX_TYPES)).optional(),
    network: oneOrMany(NetworkName).optional(),
    tokenName: z.string().min(1).max(64).optional(),
    tradeId: z.string().min(1).max(128).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    /** §8 trade error code of the tx (one or several). */
    errCode: oneOrMany(TradeErrorCode).optional(),
    /** Contained in the tokenName, or the start of the hash, tradeId or id (case-insensitive). */
    q: z.string().trim().min(1).max(128).optional(),
  })
  .strict()
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { path: ['to'], message: 'must not be before from' });
export type TxFilter = z.infer<typeof TxFilter>;

export const TxListQuery = listQuery(TX_SORT_FIELDS, 'createdAt', 'DESC', TxFilter);
export type TxListQuery = z.infer<typeof TxListQuery>;
export const TxListResponse = z.object({ data: z.array(TxRecord), total: z.number().int().nonnegative() });
export type TxListResponse = z.infer<typeof TxListResponse>;

/**
 * One tx of a trade. amountIn is the quote-asset value (USD) the tx puts into the trade: the buy
 * swap carries the trade's capital, the later legs move what was bought and put in nothing, so
 * the trade's input is the sum of amountIn (the console's profit rule, §9). amountOut is the
 * tx's own output (tokens for the buy swap, USD for the sell), known once confirmed. An operator's
 * sell puts in the token amount it sells.
 */
export const TradeTx = z.object({
  txId: z.string(),
  txType: z.enum(TX_TYPES),
  network: z.string(),
  status: z.enum(TX_STATUSES),
  amountIn: finite,
  amountOut: finite.optional(),
  success: z.boolean().optional(),
});
export type TradeTx = z.infer<typeof TradeTx>;

/** What an operator asked for in POST /txs/sell (and later edits). */
export const SellDetails = z.object({
  network: z.string(),
  amount: positive,
  minAmountOut: nonNegative.optional(),
  slippageBps: z.number().int().min(0).max(10_000).optional(),
  note: z.string().max(500).optional(),
  createdBy: z.string(),
  /** Who changed the sell with PUT /txs/sell/{tradeId}, and when (ms), oldest first; absent before any edit. */
  edits: z.array(z.object({ by: z.string(), at: finite })).optional(),
});
export type SellDetails = z.infer<typeof SellDetails>;

/** GET /txs/sell/{id}: a trade (or an operator's sell) by tradeId with its txs (§3, §7 trade fetch). */
export const TradeRecord = z.object({
  id: z.string(),
  tradeId: z.string(),
  tokenName: z.string(),
  networkBuy: z.string(),
  networkSell: z.string(),
  bridge: z.object({ name: z.string() }),
  txTypes: z.array(z.enum(TX_TYPES)),
  status: z.enum(['pending', 'completed', 'failed']),
  expectedProfit: finite,
  /** §8 trade error code of a failed trade, when the system reported one. */
  errCode: z.number().int().optional(),
  /** Present on sells created by an operator (POST /txs/sell). */
  sell: SellDetails.optional(),
  txs: z.array(TradeTx),
  createdAt: finite,
  updatedAt: finite,
});
export type TradeRecord = z.infer<typeof TradeRecord>;

/**
 * POST /txs/sell and PUT /txs/sell/{tradeId}: sell `amount` of a token on one of its networks.
 * Other fields (the whole record sent back by an edit form) are ignored.
 */
export const SellRequest = z.object({
  tokenName: RecordName,
  network: NetworkName,
  amount: positive,
  minAmountOut: nonNegative.optional(),
  slippageBps: z.number().int().min(0).max(10_000).optional(),
  note: z.string().max(500).optional(),
});
export type SellRequest = z.infer<typeof SellRequest>;

/** A trade an operation is done for (console extension): the tx joins that trade's txs. */
const ForTrade = z.string().min(1).max(128).optional();

/**
 * POST /txs/manual: one tx sent by hand; tokenName is a token on the network or its native coin.
 * tradeId (console extension, optional): the trade it is sent for, which then lists it.
 */
export const ManualTxRequest = z
  .object({
    network: NetworkName,
    txType: z.enum(TX_TYPES),
    tokenName: RecordName,
    amount: nonNegative,
    to: Address.optional(),
    tradeId: ForTrade,
  })
  .strict();
export type ManualTxRequest = z.infer<typeof ManualTxRequest>;

/**
 * POST /txs/refund: refund a trade or one tx of it (exactly one of tradeId and txId).
 * docs/protocol.md "Guarded refunds": while a refund of the same trade is under way or done the
 * server answers 409 {error: "trade already refunded", details: {txId}} (RefundConflict), unless
 * `force` is true.
 */
export const RefundRequest = z
  .object({
    tradeId: z.string().min(1).max(128).optional(),
    txId: z.string().min(1).max(128).optional(),
    reason: z.string().max(500).optional(),
    /** Send this refund even though the trade already has one under way or done. */
    force: z.boolean().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.tradeId === undefined && body.txId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tradeId'], message: 'tradeId or txId is required' });
    } else if (body.tradeId !== undefined && body.txId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['txId'], message: 'give tradeId or txId, not both' });
    }
  });
export type RefundRequest = z.infer<typeof RefundRequest>;

/** The error text of docs/protocol.md "Guarded refunds" (409). */
export const TRADE_ALREADY_REFUNDED = 'trade already refunded';

/** The details of that 409: the id of the earlier refund's tx (GET /txs/{id}). */
export const RefundConflictDetails = z.object({ txId: z.string().min(1) });
export type RefundConflictDetails = z.infer<typeof RefundConflictDetails>;

/** POST /txs/force: a forced trade (§4 trade mode force) of a token over a bridge between two networks. */
export const ForceTradeRequest = z
  .object({
    tokenName: RecordName,
    networkBuy: NetworkName,
    networkSell: NetworkName,
    bridgeName: RecordName,
    amount: positive,
  })
  .strict()
  .refine((body) => body.networkBuy !== body.networkSell, { path: ['networkSell'], message: 'must differ from networkBuy' });
export type ForceTradeRequest = z.infer<typeof ForceTradeRequest>;

/** POST /txs/unlock-nonce: fill a stuck nonce of the wallet on an EVM network; tradeId as ManualTxRequest's. */
export const UnlockNonceRequest = z
  .object({ network: NetworkName, nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), tradeId: ForTrade })
  .strict();
export type UnlockNonceRequest = z.infer<typeof UnlockNonceRequest>;

/** The answer to manual, refund, force and unlock-nonce: the id of the tx row recorded. */
export const TxOperationResponse = z.object({ ok: z.literal(true), id: z.string() });
export type TxOperationResponse = z.infer<typeof TxOperationResponse>;

/** The whole list of pinned tokenNames, as §7 writes the body of PUT /txs/pins and /txs/pins/sell: "pins". */
export const Pins = distinct(RecordName).max(500);
export type Pins = z.infer<typeof Pins>;

/** PUT /txs/pins and /txs/pins/sell: the pins themselves (what the console sends) or `{pins}`. Answers WorkersResponse. */
export const PinsRequest = z.preprocess((body) => (Array.isArray(body) ? { pins: body } : body), z.object({ pins: Pins }).strict());
export type PinsRequest = z.infer<typeof PinsRequest>;
