/**
 * Security headers on everything the server answers (SECURITY.md "Headers"): a strict
 * Content-Security-Policy that fits the built Vite + React console, no MIME sniffing, no referrer,
 * no framing, and API answers that are never cached.
 *
 * Scripts: only the console's own files ('self'); no inline script, no eval, no inline event
 * handler attributes. Styles keep 'unsafe-inline': emotion (MUI) injects
 * <style> elements at run time, and index.html carries one inline <style>. A nonce would need the
 * server to rewrite index.html per request and the console to hand the nonce to emotion;
 * SECURITY.md records what that takes. Inline styles cannot run script, so this is the smaller risk.
 */
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/paths.ts';

/** The policy, directive by directive; exported so tests compare against the one source. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers the same origin's ws:/wss: (CSP level 3); no other host may be reached.
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
} as const;

/** Browser features the console never uses (only names Chromium knows: an unknown one is a console warning on every page). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()';

/** Sent over TLS only (a year, subdomains included). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(
  async (app) => {
    // helmet's middleware, built once: it only sets headers, the same on every answer. (The Fastify
    // wrapper, @fastify/helmet, builds it again on every request: a tenth of a list page's main-thread time.)
    const setHeaders = helmet({
      contentSecurityPolicy: {
        // Spelled out in full: helmet's defaults add upgrade-insecure-requests, which breaks plain-http LAN use.
        useDefaults: false,
        directives: CSP_DIRECTIVES,
      },
      referrerPolicy: { policy: 'no-referrer' },
      // Agrees with frame-ancestors 'none' for browsers that only know X-Frame-Options.
      frameguard: { action: 'deny' },
      // HSTS only where the browser came over TLS (below): over plain http a browser ignores it, and
      // on a LAN console it would pin a host name to https for a year.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // https: TLS on this connection, or X-Forwarded-Proto from a trusted proxy (fastify reads it only then).
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      // Session tokens, records and errors must not sit in a browser or proxy cache.
      // By the route that matched, or for an unknown path by how a router could read it.
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security' },
);
