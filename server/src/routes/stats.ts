/**
 * The stats extension (docs/protocol.md "Stats"), any signed-in role: GET /stats/trades, the trades'
 * figures per UTC hour or day of [from, to), optionally grouped; GET /stats/series, a network's
 * recorded gas, balance or block interval over [from, to), at most SERIES_MAX_POINTS points.
 * Every cost is bounded: at most STATS_MAX_BUCKETS buckets (else 400 naming bucket), one index
 * walk of the range, and a series answer cut down to SERIES_MAX_POINTS.
 */
import { SERIES_MAX_POINTS, STATS_MAX_BUCKETS } from '../../../src/config/stats.ts';
import { bucketCount } from '../../../src/domain/stats.ts';
import { invalidRequest } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const statsRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('tradeStats'), handler: async (request) => {
    const { from, to, bucket, groupBy } = request.query;
    if (bucketCount(from, to, bucket) > STATS_MAX_BUCKETS) {
      throw invalidRequest([{ in: 'query', field: 'bucket', message: `more than ${STATS_MAX_BUCKETS} buckets: use a shorter range or bucket=day` }]);
    }
    return app.store.stats.trades({ from, to, bucket, ...(groupBy === undefined ? {} : { groupBy }) });
  } });

  app.route({ ...operationRoute('statsSeries'), handler: async (request) => {
    const { kind, network, from, to } = request.query;
    return app.store.stats.series({ kind, network, from, to, maxPoints: SERIES_MAX_POINTS });
  } });
};

export default statsRoutes;
