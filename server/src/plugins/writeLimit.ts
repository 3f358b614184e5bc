/**
 * Writes per signed-in user: without a limit one Operator's script can send some 13,000 commands in
 * 20 s, each a user log and a toast on every console. Each user has a bucket of `burst` writes that refills at
 * `perSecond`; a valid write (POST, PUT or DELETE with a session; sign-in and sign-out excepted)
 * with an empty bucket is `429 "too many changes at once: wait a moment and try again"` with
 * Retry-After, before its handler runs: no change, no user log, no toast. A person at the console never gets near it; a script sending as fast as
 * it can is held to `perSecond`.
 */
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';

export interface WriteLimits {
  burst: number;
  perSecond: number;
}

export const WRITE_LIMITS_DEFAULTS: WriteLimits = { burst: 120, perSecond: 10 };

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
const NOT_COUNTED = new Set(['/api/login', '/api/logout']);
/** Users remembered at most; a full table forgets the fullest buckets first (they owe nothing). */
const MAX_USERS = 10_000;

export default fp<WriteLimits>(
  async (app, limits) => {
    const buckets = new Map<string, { tokens: number; at: number }>();
    // preHandler: after the body is parsed and validated, so a refused or malformed write (400, 401,
    // 403, 413) costs nothing here and only writes that would act are counted.
    app.addHook('preHandler', async (request, reply) => {
      if (!WRITES.has(request.method) || !request.session || NOT_COUNTED.has(request.routeOptions.url ?? '')) return;
      const now = app.clock.now();
      const user = request.session.name;
      const bucket = buckets.get(user) ?? { tokens: limits.burst, at: now };
      bucket.tokens = Math.min(limits.burst, bucket.tokens + ((now - bucket.at) / 1000) * limits.perSecond);
      bucket.at = now;
      if (bucket.tokens < 1) {
        buckets.set(user, bucket);
        void reply.header('retry-after', String(Math.ceil((1 - bucket.tokens) / limits.perSecond)));
        throw new HttpError(429, 'too many changes at once: wait a moment and try again');
      }
      bucket.tokens -= 1;
      if (!buckets.has(user) && buckets.size >= MAX_USERS) {
        for (const [name, entry] of buckets) if (entry.tokens >= limits.burst - 1) buckets.delete(name);
      }
      buckets.set(user, bucket);
    });
  },
  { name: 'writeLimit', dependencies: ['auth', 'clock'] },
);
