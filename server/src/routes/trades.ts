/**
 * Trades as journeys (docs/protocol.md "Trades"): GET /trades/ lists them (the list convention, as GET
 * /txs/), GET /trades/{tradeId} gives one with its steps. Both read the transaction history by
 * tradeId (repos/journeys.ts); which trades are stuck, and how long steps take, the trade watch
 * knows (trades/watch.ts).
 */
import {
  type TradeOperation,
  type TradeOperationKind,
  type TradeRecord,
  type TradeStep,
  type TxRecord,
} from '../../../src/contract/index.ts';
import { tradeTxId } from '../db/repos/trades.ts';
import { stepDurationMs } from '../../../src/domain/trades.ts';
import { listConvention } from '../lib/listConvention.ts';
import { notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

/** The operations' txs by their method (routes/txOperations.ts). */
const OPERATION_OF_METHOD: Readonly<Record<string, TradeOperationKind>> = {
  refund: 'refund',
  force: 'force',
  manual: 'manual',
  'unlock-nonce': 'unlockNonce',
};

const requestedBy = (raw: unknown): string => {
  const by = typeof raw === 'object' && raw !== null ? (raw as { requestedBy?: unknown }).requestedBy : undefined;
  return typeof by === 'string' ? by : '';
};

/**
 * What operators did on the trade (the console extension field `operations`), oldest first: the
 * txs the operations made for it (each says who asked for it), and an operator's sell with its edits.
 */
export function tradeOperations(txs: readonly TxRecord[], trade: TradeRecord | undefined): TradeOperation[] {
  const operations: TradeOperation[] = [];
  if (trade?.sell) {
    const txId = tradeTxId(trade.tradeId, 0);
    operations.push({ kind: 'sell', by: trade.sell.createdBy, at: trade.createdAt, txId });
    for (const edit of trade.sell.edits ?? []) operations.push({ kind: 'sellEdit', by: edit.by, at: edit.at, txId });
  }
  for (const tx of txs) {
    const kind = OPERATION_OF_METHOD[tx.method];
    // An operator's sell's tx has method manual too; it is the sell above, not a manual tx.
    if (kind === undefined || requestedBy(tx.raw) === '') continue;
    operations.push({ kind, by: requestedBy(tx.raw), at: tx.createdAt, txId: tx.id });
  }
  return operations.sort((a, b) => a.at - b.at);
}

const tradeRoutes: ZodPlugin = async (app) => {
  // As GET /txs/: the answer comes as JSON bytes from the store and is sent as it is; its contract
  // is TradeListResponse, which tests/server/trades.test.ts parses every answer with.
  app.route({ ...operationRoute('listTrades'), ...listConvention('tradeId'), handler: async (request, reply) => {
    const { sort, order, page, perPage, filter = {} } = request.query;
    const stuck = app.tradeWatch.stuckIds();
    const body = await app.store.journeys.listBody({ filter, sort, order, offset: (page - 1) * perPage, limit: perPage, stuck });
    reply.raw.once('finish', () => app.store.journeys.releaseBody(body));
    return reply.type('application/json; charset=utf-8').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  } });

  app.route({ ...operationRoute('getTradeJourney'), handler: async (request) => {
    const { tradeId } = request.params;
    const [journey, txs, record] = await Promise.all([
      app.store.journeys.get(tradeId),
      app.store.txs.byTrade(tradeId),
      app.store.trades.get(tradeId),
    ]);
    if (!journey || txs.length === 0) throw notFound('trade');
    const now = app.clock.now();
    const steps = txs.map((tx: TxRecord): TradeStep => {
      const expected = app.tradeWatch.expected(tx);
      return {
        txId: tx.id,
        side: tx.side,
        txType: tx.txType,
        network: tx.network,
        status: tx.status,
        ...(tx.hash === null ? {} : { hash: tx.hash }),
        createdAt: tx.createdAt,
        updatedAt: tx.updatedAt,
        durationMs: stepDurationMs(tx, now),
        ...(expected === undefined ? {} : { expectedMs: expected.medianMs }),
        ...(tx.errCode === undefined ? {} : { errCode: tx.errCode }),
      };
    });
    const state = app.tradeWatch.stuckIds().includes(tradeId) ? 'stuck' : journey.state;
    const operations = tradeOperations(txs, record);
    // Said only when there are some, as a backend without the extension leaves the field out.
    return { ...journey, state, steps, ...(operations.length === 0 ? {} : { operations }) };
  } });
};

export default tradeRoutes;
