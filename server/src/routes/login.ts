/** POST /api/login {accessKey} -> {token} (PROTOCOL "Login and the session token"). */
import rateLimit from '@fastify/rate-limit';
import { LoginRequest, LoginResponse } from '../../../src/contract/index.ts';
import { verifyAccessKey } from '../auth/accessKeys.ts';
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const LOGIN_WINDOW_MS = 60_000;

const loginRoutes: ZodPlugin<{ maxPerMinute: number }> = async (app, options) => {
  // Scoped to this plugin: only login is rate limited, per client address.
  await app.register(rateLimit, { global: false });

  app.post(
    '/login',
    {
      config: {
        rateLimit: {
          max: options.maxPerMinute,
          timeWindow: LOGIN_WINDOW_MS,
          errorResponseBuilder: (_request, context) =>
            new HttpError(context.statusCode, `too many login attempts, try again in ${Math.ceil(context.ttl / 1000)} s`),
        },
      },
      schema: { body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (request) => {
      const keys = await app.store.accessKeys.list();
      // Every stored key is checked, so the time taken does not tell which one matched.
      const matches = await Promise.all(keys.map((key) => verifyAccessKey(request.body.accessKey, key.hash)));
      const match = keys.find((_key, index) => matches[index]);
      if (!match) throw new HttpError(401, 'invalid access key');
      return { token: app.sessions.issue({ name: match.name, role: match.role }) };
    },
  );
};

export default loginRoutes;
