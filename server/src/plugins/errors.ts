/**
 * Request parsing, validation and error bodies. Every error leaves as JSON `{ error, details? }`
 * (PROTOCOL); a 500 never carries the cause, which goes to the log instead.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from '../lib/zod.ts';

export default fp(
  async (app) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);

    // The console sends `content-type: application/json` on every call, bodyless ones included.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
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
