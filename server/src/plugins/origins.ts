/**
 * The API answers only the console's own pages by default (lib/origins.ts): a request whose Origin
 * names another site is refused 403 before authentication. Origins configured in ALLOWED_ORIGINS
 * get CORS headers, and their preflights are answered here, so a console served elsewhere can call
 * and read a list's Content-Range.
 */
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';
import { judgeOrigin } from '../lib/origins.ts';
import { isApiRequest } from '../lib/paths.ts';

/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;

export default fp<{ allowedOrigins: readonly string[] }>(
  async (app, options) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      const origin = request.headers.origin;
      const verdict = judgeOrigin(origin, request.host, options.allowedOrigins, request.protocol);
      if (verdict === 'refused') throw new HttpError(403, 'origin not allowed');
      if (verdict !== 'listed' || origin === undefined) return;
      // Content-Range carries a simple-rest list's total (lib/listConvention.ts): a page of another
      // origin reads only the headers it is told it may.
      void reply.header('access-control-allow-origin', origin).header('vary', 'origin').header('access-control-expose-headers', 'content-range');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
          // range: ra-data-simple-rest sends `Range: <resource>=<start>-<end>` with every list request.
          .header('access-control-allow-headers', 'content-type, x-api-key, range')
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
          .send();
      }
    });
  },
  { name: 'origins' },
);
