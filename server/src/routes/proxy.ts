/**
 * GET /api/proxy/:a/:b (§7): the console's proxy to the system's services. The reference
 * server implements the one operation the console uses, the worker's quoteUi (docs/protocol.md "Quote").
 */
import { Quote, QuoteQuery } from '../../../src/contract/index.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const proxyRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('proxy'), handler: async (request) => {
    const { a, b } = request.params;
    if (a !== 'worker' || b !== 'quoteUi') throw new HttpError(404, `unknown proxy operation ${a}/${b}`);
    const parsed = QuoteQuery.safeParse(request.query);
    if (!parsed.success) {
      throw new HttpError(
        400,
        'invalid quote query',
        parsed.error.issues.map((issue) => ({ in: 'query', field: issue.path.join('.'), message: issue.message })),
      );
    }
    const quote: Quote = { ...app.quoteEngine.quote(parsed.data) };
    return quote;
  } });
};

export default proxyRoutes;
