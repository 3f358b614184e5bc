/**
 * Request parsing, validation and error bodies. Every error leaves as JSON `{ error, details? }`
 * (docs/protocol.md "Errors"); a 500 never carries the cause, which goes to the log instead.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from '../lib/zod.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. No body of the console nests more
 * than a handful of levels; SQLite's JSON functions stop at 1000 and JSON.stringify overflows the
 * stack well before 100,000, so a deeper body would fail later as a 500.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Keys refused anywhere in a JSON body: they reach Object.prototype or shadow what code expects of
 * a plain object when a record is merged or spread (prototype pollution).
 */
export const FORBIDDEN_JSON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The deepest nesting of brackets and braces in JSON text, strings skipped; stops once past limit. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Parses a JSON body: 400 for invalid JSON, nesting past MAX_JSON_DEPTH, or a forbidden key. */
export function parseJsonBody(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, `body nests deeper than ${MAX_JSON_DEPTH} levels`);
  let forbidden: string | undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_JSON_KEYS.has(key)) forbidden ??= key;
      return value;
    });
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
  if (forbidden !== undefined) throw new HttpError(400, `body uses the forbidden key ${forbidden}`);
  return parsed;
}

export default fp(
  async (app) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);

    // The console sends `content-type: application/json` on every call, bodyless ones included.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, parseJsonBody(text));
      } catch (err) {
        done(err as HttpError, undefined);
      }
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(
          error.details === undefined ? { error: error.message } : { error: error.message, details: error.details },
        );
      }
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message });
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal server error' });
    });
  },
  { name: 'errors' },
);
