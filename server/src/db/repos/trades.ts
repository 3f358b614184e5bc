/**
 * Trades by tradeId (SPEC §3 "sells have tradeId"; a trade has txs with txType and amountIn), as
 * GET /api/txs/{id} returns them. The simulator writes one when it sends a trade and again when
 * the trade confirms.
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { TX_STATUSES, TX_TYPES } from '../../../../src/config/enums.ts';
import type { Gate } from '../gate.ts';

const finite = z.number().finite();

/**
 * One tx of a trade. amountIn is the quote-asset value (USD) the tx puts into the trade: the buy
 * swap carries the trade's capital, the later legs move what was bought and put in nothing, so
 * the trade's input is the sum of amountIn (the console's profit rule, §9). amountOut is the
 * tx's own output (tokens for the buy swap, USD for the sell), known once confirmed.
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
  txs: z.array(TradeTx),
  createdAt: finite,
  updatedAt: finite,
});
export type TradeRecord = z.infer<typeof TradeRecord>;

/** What a writer supplies: the record without its id and times, which the repository keeps. */
export const TradeDraft = TradeRecord.omit({ id: true, createdAt: true, updatedAt: true });
export type TradeDraft = z.infer<typeof TradeDraft>;

export interface TradeRepo {
  get(tradeId: string): Promise<TradeRecord | undefined>;
  /** Creates the trade or replaces it, keeping its creation time. */
  put(trade: TradeDraft): Promise<void>;
  /** The highest sequence number ever given to a trade (0 for none); it never goes down. */
  lastSeq(): Promise<number>;
  /** Deletes all but the newest `keep` trades; returns how many went. */
  prune(keep: number): Promise<number>;
}

interface Row {
  data: string;
  created_at: number;
  updated_at: number;
}

export function sqliteTradeRepo(db: Database, gate: Gate, now: () => number): TradeRepo {
  const one = db.prepare<[string], Row>('SELECT data, created_at, updated_at FROM trades WHERE trade_id = ?');
  const upsert = db.prepare<[{ tradeId: string; data: string; now: number }]>(
    `INSERT INTO trades (trade_id, data, created_at, updated_at) VALUES (@tradeId, @data, @now, @now)
     ON CONFLICT (trade_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  const last = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'trades'");
  const prune = db.prepare<[number]>('DELETE FROM trades WHERE seq <= (SELECT MAX(seq) FROM trades) - ?');
  return {
    get: (tradeId) =>
      gate.run(() => {
        const row = one.get(tradeId);
        if (!row) return undefined;
        const draft = TradeDraft.parse(JSON.parse(row.data));
        return { ...draft, id: draft.tradeId, createdAt: row.created_at, updatedAt: row.updated_at };
      }),
    put: (trade) =>
      gate.run(() => void upsert.run({ tradeId: trade.tradeId, data: JSON.stringify(TradeDraft.parse(trade)), now: now() })),
    lastSeq: () => gate.run(() => last.get()?.seq ?? 0),
    prune: (keep) => gate.run(() => prune.run(keep).changes),
  };
}
