/** GET /api/txs/:id: one trade by tradeId with its txs (§3, §7 trade fetch), or 404. */
import { z } from 'zod';
import { TradeRecord } from '../db/repos/trades.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const TradeParams = z.object({ id: z.string().min(1).max(128) });

const txRoutes: ZodPlugin = async (app) => {
  app.get('/txs/:id', { schema: { params: TradeParams, response: { 200: TradeRecord } } }, async (request) => {
    const trade = await app.store.trades.get(request.params.id);
    if (!trade) throw new HttpError(404, 'unknown trade');
    return trade;
  });
};

export default txRoutes;
