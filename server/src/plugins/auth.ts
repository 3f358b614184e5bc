/**
 * The one authentication and authorisation hook for /api (SPEC §6, PROTOCOL "Login and the
 * session token"). The x-api-key header carries the session token; the permission table decides.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionClaims } from '../../../src/contract/index.ts';
import { signSession, verifySession, type SessionSubject } from '../auth/jwt.ts';
import { isAllowed, permissionFor } from '../auth/permissions.ts';
import { ensureJwtSecret } from '../db/seed.ts';
import { HttpError } from '../lib/httpError.ts';
import { isApiPath, pathOf } from '../lib/paths.ts';

/** Verified tokens remembered; a full cache is emptied (a few consoles hold a token each). */
const VERIFIED_TOKENS_MAX = 1024;

export interface Sessions {
  issue(subject: SessionSubject): string;
  verify(token: unknown): SessionClaims | null;
}

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
    session: SessionClaims | null;
  }
}

/** The signed-in user of a request that passed the auth hook. */
export function sessionOf(request: FastifyRequest): SessionClaims {
  if (!request.session) throw new HttpError(401, 'unauthorized');
  return request.session;
}

export default fp<{ jwtSecret?: string }>(
  async (app, options) => {
    const secret = await ensureJwtSecret(app.store, options.jwtSecret);
    // Tokens that verified, by their text: a console sends the same token with every call, and the
    // HMAC, base64 and JSON of a check cost a tenth of a page of GET /txs/. The same text always
    // verifies the same way under one secret, so only the expiry is checked again on a hit.
    const verified = new Map<string, SessionClaims>();
    const verify = (token: unknown): SessionClaims | null => {
      const now = app.clock.now();
      const known = typeof token === 'string' ? verified.get(token) : undefined;
      if (known) return known.exp * 1000 > now ? known : null;
      const claims = verifySession(token, secret, now);
      if (claims && typeof token === 'string') {
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    };
    app.decorate('sessions', {
      issue: (subject) => signSession(subject, secret, app.clock.now()),
      verify,
    } satisfies Sessions);

    const apiRoutes: RegisteredRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
      }
    });

    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(pathOf(request.url))) return;
      const permission = request.is404 ? undefined : permissionFor(request.method, request.routeOptions.url);
      if (permission?.access === 'public') return;

      request.session = app.sessions.verify(request.headers['x-api-key']);
      if (!request.session) throw new HttpError(401, 'unauthorized');
      // An unknown /api path is answered 404 by the not-found handler, but only after auth.
      if (request.is404) return;
      if (!permission || !isAllowed(permission, request.session.role)) throw new HttpError(403, 'not allowed');
    });
  },
  { name: 'auth', dependencies: ['clock', 'database'] },
);
