/**
 * Trades by tradeId (§3 "sells have tradeId"; a trade has txs with txType and amountIn), as
 * GET /api/txs/sell/{id} returns them. The simulator writes one when it sends a trade and again
 * when the trade confirms; an operator's sell (POST /api/txs/sell) is one too. Each write also
 * writes the trade's txs into the transaction history, in the same statement transaction.
 */
import type { Database } from 'better-sqlite3';
import { DEX_AGGREGATORS, type TxType } from '../../../../src/config/enums.ts';
import { TradeRecord, TradeTx } from '../../../../src/contract/index.ts';
import { movesValue } from '../../../../src/domain/trades.ts';
import type { Gate } from '../gate.ts';
import { sqliteTxWriter, txsWritten, type TxDraft } from './txs.ts';

export { TradeRecord, TradeTx };

/** What a writer supplies: the record without its id and times, which the repository keeps. */
export const TradeDraft = TradeRecord.omit({ id: true, createdAt: true, updatedAt: true });
export type TradeDraft = Omit<TradeRecord, 'id' | 'createdAt' | 'updatedAt'>;

export interface TradeRepo {
  get(tradeId: string): Promise<TradeRecord | undefined>;
  /** Creates the trade or replaces it, keeping its creation time; its txs go into the history. */
  put(trade: TradeDraft): Promise<void>;
  /** The highest sequence number ever given to a trade (0 for none); it never goes down. */
  lastSeq(): Promise<number>;
  /** Deletes all but the newest `keep` trades, and their txs and trade rows (GET /trades/); returns how many trades went. */
  prune(keep: number): Promise<number>;
}

interface Row {
  data: string;
  created_at: number;
  updated_at: number;
}

/** Legs on the buy side of a trade (§3 tx side); the rest are the sell side. */
export const BUY_SIDE_TX_TYPES: ReadonlySet<TxType> = new Set(['ApproveSwap', 'Swap', 'ApproveBridge', 'Bridge']);
const BRIDGE_LEGS: ReadonlySet<TxType> = new Set(['ApproveBridge', 'Bridge', 'Claim']);
const SWAP_LEGS: ReadonlySet<TxType> = new Set(['ApproveSwap', 'Swap', 'ApproveSell', 'Sell']);
const EVM_AGGREGATORS = DEX_AGGREGATORS.filter((aggregator) => aggregator !== 'jupiter');

/** The id of the n-th tx (0-based) of a trade in the history. */
export function tradeTxId(tradeId: string, index: number): string {
  return `${tradeId}:${index + 1}`;
}

/** A stable pick from a list by a string (the aggregator a trade's swaps went through). */
function pickBy<T>(key: string, items: readonly T[]): T {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return items[hash % items.length] as T;
}

/**
 * How a leg was made (the method of §3's history key): an operator's sell is manual; a bridge leg
 * goes through its bridge; a swap through an aggregator (Jupiter on Solana).
 */
function methodOf(trade: TradeDraft, tx: TradeTx): string {
  if (trade.sell) return 'manual';
  if (BRIDGE_LEGS.has(tx.txType)) return trade.bridge.name || 'bridge';
  if (!SWAP_LEGS.has(tx.txType)) return 'transfer';
  if (tx.network === 'Solana') return 'jupiter';
  return pickBy(`${trade.tradeId}:${tx.network}`, EVM_AGGREGATORS);
}

/**
 * What each leg of a trade puts in, in its own units, for the history: a trade's TradeTx carries the
 * quote-asset value (the buy swap the capital, the later legs 0, so that Σ amountIn is the §9 profit
 * rule's input), while a history row says what the tx itself moved: a bridge, a claim or a sell
 * moves what the leg before it gave out (the TradeTx values would make most rows read "Amount in 0").
 * Approvals move nothing, nor does a leg skipped after a failure.
 */
export function legAmountsIn(txs: readonly TradeTx[]): number[] {
  let carried: number | undefined;
  return txs.map((tx) => {
    if (!movesValue(tx.txType) || tx.status === 'skip') return tx.amountIn;
    const amountIn = tx.amountIn > 0 ? tx.amountIn : (carried ?? 0);
    carried = tx.status === 'completed' && tx.amountOut !== undefined && tx.amountOut > 0 ? tx.amountOut : undefined;
    return amountIn;
  });
}

/** The history rows of a trade's txs; createdAt only counts for new rows (an upsert keeps the first). */
export function tradeTxRows(trade: TradeDraft, now: number): TxDraft[] {
  const amountsIn = legAmountsIn(trade.txs);
  return trade.txs.map((tx, index) => ({
    id: tradeTxId(trade.tradeId, index),
    tradeId: trade.tradeId,
    tokenName: trade.tokenName,
    side: BUY_SIDE_TX_TYPES.has(tx.txType) ? 'buy' : 'sell',
    method: methodOf(trade, tx),
    attempt: 1,
    txType: tx.txType,
    status: tx.status,
    networkBuy: trade.networkBuy,
    networkSell: trade.networkSell,
    network: tx.network,
    bridgeName: trade.bridge.name === '' ? null : trade.bridge.name,
    amountIn: amountsIn[index] ?? tx.amountIn,
    amountOut: tx.amountOut ?? null,
    expectedProfit: trade.expectedProfit,
    // An operator's sell has no on-chain hash until the system sends it; a leg skipped after a
    // failure was never sent, so it has none either.
    hash: trade.sell || tx.status === 'skip' ? null : tx.txId,
    createdAt: now,
    updatedAt: now,
    // The trade's §8 code belongs to the tx that failed, not to the legs skipped after it.
    ...(trade.errCode !== undefined && tx.success === false ? { errCode: trade.errCode } : {}),
    raw: { txId: tx.txId, ...(tx.success === undefined ? {} : { success: tx.success }) },
  }));
}

export function sqliteTradeRepo(db: Database, gate: Gate, now: () => number): TradeRepo {
  const txs = sqliteTxWriter(db);
  const one = db.prepare<[string], Row>('SELECT data, created_at, updated_at FROM trades WHERE trade_id = ?');
  const upsert = db.prepare<[{ tradeId: string; data: string; now: number }]>(
    `INSERT INTO trades (trade_id, data, created_at, updated_at) VALUES (@tradeId, @data, @now, @now)
     ON CONFLICT (trade_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  const last = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'trades'");
  const cutoff = '(SELECT MAX(seq) FROM trades) - ?';
  const pruneTxs = db.prepare<[number]>(`DELETE FROM txs WHERE trade_id IN (SELECT trade_id FROM trades WHERE seq <= ${cutoff})`);
  const pruneJourneys = db.prepare<[number]>(`DELETE FROM trade_journeys WHERE trade_id IN (SELECT trade_id FROM trades WHERE seq <= ${cutoff})`);
  const prune = db.prepare<[number]>(`DELETE FROM trades WHERE seq <= ${cutoff}`);
  // A savepoint when the caller already holds a transaction, else a transaction of its own.
  const put = db.transaction((trade: TradeDraft, at: number) => {
    const draft = TradeDraft.parse(trade);
    upsert.run({ tradeId: draft.tradeId, data: JSON.stringify(draft), now: at });
    txs.upsert(tradeTxRows(draft, at));
  });
  const pruneBoth = db.transaction((keep: number) => {
    txsWritten(db);
    pruneTxs.run(keep);
    pruneJourneys.run(keep);
    return prune.run(keep).changes;
  });
  return {
    get: (tradeId) =>
      gate.run(() => {
        const row = one.get(tradeId);
        if (!row) return undefined;
        const draft = TradeDraft.parse(JSON.parse(row.data));
        return { ...draft, id: draft.tradeId, createdAt: row.created_at, updatedAt: row.updated_at };
      }),
    put: (trade) => gate.run(() => put(trade, now())),
    lastSeq: () => gate.run(() => last.get()?.seq ?? 0),
    prune: (keep) => gate.run(() => pruneBoth(keep)),
  };
}
