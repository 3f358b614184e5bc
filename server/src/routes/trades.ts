/**
 * Trades as journeys (PROTOCOL "Trades"): GET /trades/ lists them (the list convention, as GET
 * /txs/), GET /trades/{tradeId} gives one with its steps. Both read the transaction history by
 * tradeId (repos/journeys.ts); which trades are stuck, and how long steps take, the trade watch
 * knows (trades/watch.ts).
 */
import { z } from 'zod';
import { TradeJourneyDetail, TradeListQuery, type TradeStep, type TxRecord } from '../../../src/contract/index.ts';
import { stepDurationMs } from '../../../src/domain/trades.ts';
import { listConvention } from '../lib/listConvention.ts';
import { notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const TradeIdParams = z.object({ tradeId: z.string().min(1).max(128) });

const tradeRoutes: ZodPlugin = async (app) => {
  // As GET /txs/: the answer comes as JSON bytes from the store and is sent as it is; its contract
  // is TradeListResponse, which tests/server/trades.test.ts parses every answer with.
  app.get('/trades/', { ...listConvention, schema: { querystring: TradeListQuery } }, async (request, reply) => {
    const { sort, order, page, perPage, filter = {} } = request.query;
    const stuck = app.tradeWatch.stuckIds();
    const body = await app.store.journeys.listBody({ filter, sort, order, offset: (page - 1) * perPage, limit: perPage, stuck });
    reply.raw.once('finish', () => app.store.journeys.releaseBody(body));
    return reply.type('application/json; charset=utf-8').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });

  app.get('/trades/:tradeId', { schema: { params: TradeIdParams, response: { 200: TradeJourneyDetail } } }, async (request) => {
    const { tradeId } = request.params;
    const [journey, txs] = await Promise.all([app.store.journeys.get(tradeId), app.store.txs.byTrade(tradeId)]);
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
    return { ...journey, state, steps };
  });
};

export default tradeRoutes;
