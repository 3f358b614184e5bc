/**
 * POST /api/login {accessKey} -> {token}; POST /api/logout -> 204, the session revoked
 * (PROTOCOL "Login and the session token").
 */
import { EmptyBody, LoginRequest, LoginResponse } from '../../../src/contract/index.ts';
import { verifyAccessKey } from '../auth/accessKeys.ts';
import { createLoginLimiter } from '../auth/loginLimiter.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

const LOGIN_WINDOW_MS = 60_000;

const loginRoutes: ZodPlugin<{ maxPerMinute: number }> = async (app, options) => {
  // Per client address, only refused keys count (see loginLimiter.ts).
  const limiter = createLoginLimiter(options.maxPerMinute, LOGIN_WINDOW_MS);

  app.post(
    '/login',
    { schema: { body: LoginRequest, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const wait = limiter.retryAfter(request.ip);
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new HttpError(429, `too many login attempts, try again in ${wait} s`);
      }
      limiter.attempt(request.ip);
      const keys = await app.store.accessKeys.list();
      // Every stored key is checked, so the time taken does not tell which one matched.
      const matches = await Promise.all(keys.map((key) => verifyAccessKey(request.body.accessKey, key.hash)));
      const match = keys.find((_key, index) => matches[index]);
      if (!match) throw new HttpError(401, 'invalid access key');
      limiter.succeeded(request.ip);
      return { token: app.sessions.issue({ name: match.name, role: match.role }) };
    },
  );

  // The token is refused from now on, and its sockets are sent stopReconnect and disconnected.
  app.post('/logout', { schema: { body: EmptyBody } }, async (request, reply) => {
    const session = sessionOf(request);
    await app.mutate(session.name, 'session.logout', async (tx) => {
      await tx.revokedSessions.revoke(session.sid, session.exp * 1000, app.clock.now());
      return { result: undefined, details: { role: session.role } };
    });
    app.sessions.revoked(session);
    return reply.code(204).send();
  });
};

export default loginRoutes;
