/**
 * The stats extension (docs/protocol.md "Stats"), any signed-in role: GET /stats/trades, the trades'
 * figures per UTC hour or day of [from, to), optionally grouped; GET /stats/series, a network's
 * recorded gas, balance or block interval over [from, to), at most SERIES_MAX_POINTS points.
 *
 * Every cost is bounded: at most STATS_MAX_BUCKETS buckets (else 400 naming bucket), at most
 * STATS_MAX_DAYS_WALKED days of trades walked, the groups' second walk counted (else 400 naming from
 * or groupBy: src/domain/stats.ts statsCostProblem), a series answer cut down to SERIES_MAX_POINTS,
 * and at most STATS_IN_FLIGHT_PER_USER queries of a user's in flight (else 429 with Retry-After).
 * The queries run on the reader threads when they run (db/txReaders.ts), so the walk holds up no
 * other request; the answer is the JSON bytes they wrote, sent as they are (tests/server/stats.test.ts
 * parses each with the contract's schema).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERIES_MAX_POINTS, STATS_MAX_BUCKETS, STATS_RETRY_AFTER_S } from '../../../src/config/stats.ts';
import { bucketCount, statsCostProblem } from '../../../src/domain/stats.ts';
import { sessionOf } from '../plugins/auth.ts';
import { HttpError, invalidRequest } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const statsRoutes: ZodPlugin = async (app) => {
  const inFlight = app.statsInFlight;

  /**
   * Sends the bytes `read` answers, holding one of the user's slots while they are made. The slot is
   * freed when they are (or the read failed), or when the client goes away first: then a query still
   * waiting for a reader is dropped (the signal), so leaving and asking again cannot pile queries up.
   */
  const answer = async (request: FastifyRequest, reply: FastifyReply, read: (signal: AbortSignal) => Promise<Uint8Array>) => {
    const release = inFlight.take(sessionOf(request).name);
    if (!release) {
      void reply.header('retry-after', String(STATS_RETRY_AFTER_S));
      throw new HttpError(429, `too many figures asked at once: at most ${inFlight.limit} at a time, wait for them and try again`);
    }
    const gone = new AbortController();
    // 'close' before the answer finished: the connection went away.
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      release();
      gone.abort(new Error('the client went away'));
    });
    let body: Uint8Array;
    try {
      body = await read(gone.signal);
    } catch (err) {
      // Nobody to tell: the query was dropped, or ran for a client that has left.
      if (gone.signal.aborted) return reply.hijack();
      throw err;
    } finally {
      release();
    }
    if (gone.signal.aborted) {
      // Read by a reader for a client that left meanwhile: its buffer goes straight back.
      app.store.stats.releaseBody(body);
      return reply.hijack();
    }
    reply.raw.once('finish', () => app.store.stats.releaseBody(body));
    return reply.type('application/json; charset=utf-8').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  };

  app.route({ ...operationRoute('tradeStats'), handler: async (request, reply) => {
    const { from, to, bucket, groupBy } = request.query;
    if (bucketCount(from, to, bucket) > STATS_MAX_BUCKETS) {
      throw invalidRequest([{ in: 'query', field: 'bucket', message: `more than ${STATS_MAX_BUCKETS} buckets: use a shorter range or bucket=day` }]);
    }
    const tooCostly = statsCostProblem(from, to, groupBy);
    if (tooCostly) throw invalidRequest([{ in: 'query', ...tooCostly }]);
    return answer(request, reply, (signal) => app.store.stats.tradesBody({ from, to, bucket, ...(groupBy === undefined ? {} : { groupBy }) }, signal));
  } });

  app.route({ ...operationRoute('statsSeries'), handler: async (request, reply) => {
    const { kind, network, from, to } = request.query;
    return answer(request, reply, (signal) => app.store.stats.seriesBody({ kind, network, from, to, maxPoints: SERIES_MAX_POINTS }, signal));
  } });
};

export default statsRoutes;
