/**
 * POST /api/login {accessKey} -> {token}; POST /api/logout -> 204, the session revoked
 * (docs/protocol.md "Login and the session token").
 */
import { BUSY, createLoginGate, LOGIN_GATE_DEFAULTS, type LoginGateLimits } from '../auth/loginGate.ts';
import { createLoginLimiter } from '../auth/loginLimiter.ts';
import { ensureLookupSalt } from '../db/seed.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';

const LOGIN_WINDOW_MS = 60_000;

/** The salt of a stored hash (`scrypt$N$r$p$<salt>$<hash>`). */
function saltOf(hash: string): Buffer {
  return Buffer.from(hash.split('$')[4] ?? '', 'base64url');
}

const loginRoutes: ZodPlugin<{ maxPerMinute: number; gate?: Partial<LoginGateLimits> }> = async (app, options) => {
  // Per client address, only refused keys count (see loginLimiter.ts).
  const limiter = createLoginLimiter(options.maxPerMinute, LOGIN_WINDOW_MS);
  // Sign-ins at once, per address and in all (loginGate.ts).
  const gate = createLoginGate({ ...LOGIN_GATE_DEFAULTS, ...options.gate });
  const lookupSalt = await ensureLookupSalt(app.store);

  /** The stored key this access key is: one scrypt (in the key hasher's thread), then one indexed read. */
  const findKey = async (accessKey: string) => {
    const lookup = await app.keyHasher.hash(accessKey, lookupSalt);
    const match = await app.store.accessKeys.byLookup(lookup);
    if (match) return match;
    // Keys stored before lookups existed (a generated key of an older database) are tried one by
    // one, and the one that matches gets its lookup: each costs this once, then never again.
    for (const legacy of await app.store.accessKeys.withoutLookup()) {
      if ((await app.keyHasher.hash(accessKey, saltOf(legacy.hash))) !== legacy.hash) continue;
      await app.store.accessKeys.setLookup(legacy.name, lookup);
      return legacy;
    }
    return undefined;
  };

  app.route({ ...operationRoute('login'), handler: async (request, reply) => {
    const outcome = await gate.run(request.ip, async () => {
      const wait = limiter.retryAfter(request.ip, app.clock.now());
      if (wait > 0) return { wait };
      // Counted before the check and taken back when the key matches; the gate runs one sign-in
      // of an address at a time, so a good key is never counted while another is checked.
      limiter.attempt(request.ip, app.clock.now());
      const match = await findKey(request.body.accessKey);
      if (match) limiter.succeeded(request.ip, app.clock.now());
      return { match };
    });
    if (outcome === BUSY) {
      void reply.header('retry-after', '1');
      throw new HttpError(429, 'too many sign-ins at once, try again in 1 s');
    }
    if ('wait' in outcome) {
      void reply.header('retry-after', String(outcome.wait));
      throw new HttpError(429, `too many login attempts, try again in ${outcome.wait} s`);
    }
    if (!outcome.match) throw new HttpError(401, 'invalid access key');
    return { token: app.sessions.issue({ name: outcome.match.name, role: outcome.match.role }) };
  } });

  // The token is refused from now on, and its sockets are sent stopReconnect and disconnected.
  app.route({ ...operationRoute('logout'), handler: async (request, reply) => {
    const session = sessionOf(request);
    await app.mutate(session.name, 'session.logout', async (tx) => {
      await tx.revokedSessions.revoke(session.sid, session.exp * 1000, app.clock.now());
      return { result: undefined, details: { role: session.role } };
    });
    app.sessions.revoked(session);
    return reply.code(204).send();
  } });
};

export default loginRoutes;
