/**
 * The one authentication and authorisation hook (§6, docs/protocol.md "Login and the session token").
 * The x-api-key header carries the session token; the permission table decides, by the route that
 * matched. The URL as written is never trusted: the router decodes percent escapes and ignores a
 * trailing slash, so `/%61pi/configs` reaches the `/api/configs` route and gets its permission.
 * Runs on onRequest, before any body is read or parsed.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSessions, type Session, type Sessions } from '../auth/sessions.ts';
import { isAllowed, permissionOfRoute } from '../auth/permissions.ts';
import { ensureJwtSecret } from '../db/seed.ts';
import { HttpError } from '../lib/httpError.ts';
import { isApiPath, isApiRequest } from '../lib/paths.ts';

/** A refused request with a body larger than this closes its connection (see the hook). */
const LARGE_BODY_BYTES = 64 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    /** Every /api route registered, so a test can hold them against the permission table. */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The signed-in user of a request that passed the auth hook. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, 'unauthorized');
  return request.session;
}

export default fp<{ jwtSecret?: string }>(
  async (app, options) => {
    const secret = await ensureJwtSecret(app.store, options.jwtSecret);
    app.decorate('sessions', await createSessions(app.store, secret, () => app.clock.now()));

    const apiRoutes: RegisteredRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
      }
    });

    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      // A refused request's body is never read. Once the answer is sent, a large one still arriving
      // would have to be received in full to keep the connection: close it instead.
      const refuse = (status: 401 | 403, message: string): HttpError => {
        if (Number(request.headers['content-length'] ?? 0) > LARGE_BODY_BYTES || request.headers['transfer-encoding'] !== undefined) {
          void reply.header('connection', 'close');
        }
        return new HttpError(status, message);
      };
      if (request.is404) {
        // No route matched: the not-found handler answers (the console's index.html, or a JSON 404
        // for an unknown API path). Whoever has no session is not told which API paths exist.
        if (isApiRequest(request) && !app.sessions.verify(request.headers['x-api-key'])) {
          throw refuse(401, 'unauthorized');
        }
        return;
      }
      // Deny by default: a route without an entry is refused, whoever asks.
      const permission = permissionOfRoute(request);
      if (!permission) throw refuse(403, 'not allowed');
      if (permission.access === 'public') return;

      request.session = app.sessions.verify(request.headers['x-api-key']);
      if (!request.session) throw refuse(401, 'unauthorized');
      if (!isAllowed(permission, request.session.role)) throw refuse(403, 'not allowed');
    });
  },
  { name: 'auth', dependencies: ['clock', 'database'] },
);
