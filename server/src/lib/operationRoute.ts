/**
 * A route of the reference server from its entry in the operations table (src/contract/operations.ts,
 * docs/architecture.md "One declaration per route"): the method, the path and the zod schemas are
 * the entry's, and the entry rides along in the route's config, where the auth hook reads who may
 * call it. A route file adds only its handler (and hooks such as the list convention's):
 *
 *   app.route({ ...operationRoute('getConfig'), handler: async (request) => ... });
 *
 * The schema's type is built from the entry's own schema types, so the handler's request is typed
 * as with a schema written inline.
 */
import type { z } from 'zod';
import { operation, type Operation, type OperationId, type OperationOf } from '../../../src/contract/operations.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operations-table entry this route was made from; the auth hook refuses a route without one. */
    operation?: Operation;
  }
}

type Part<O, Key extends string, As extends string> = O extends Record<Key, infer S extends z.ZodType> ? Record<As, S> : Record<never, never>;

/** The query the server validates: serverQuery when the entry has one, else its query. */
type QueryPart<O> = O extends Record<'serverQuery', infer S extends z.ZodType> ? { querystring: S } : Part<O, 'query', 'querystring'>;

/** A 200 answer serialized with its schema; none for a 204 or an answer sent as it is. */
type ResponsePart<O> = O extends { answerAsIs: true } ? Record<never, never> : O extends Record<'response', infer S extends z.ZodType> ? { response: { 200: S } } : Record<never, never>;

export type OperationSchema<O> = Part<O, 'params', 'params'> & QueryPart<O> & Part<O, 'body', 'body'> & ResponsePart<O>;

export interface OperationRouteOptions<O extends Operation> {
  method: O['method'];
  url: O['path'];
  schema: OperationSchema<O>;
  config: { operation: Operation };
}

/** Fastify route options of an entry (one of the table's, or the server's own such as the simulator's control). */
export function routeOptionsOf<const O extends Operation>(op: O): OperationRouteOptions<O> {
  const schema: Record<string, unknown> = {};
  if (op.params) schema.params = op.params;
  if (op.serverQuery ?? op.query) schema.querystring = op.serverQuery ?? op.query;
  if (op.body) schema.body = op.body;
  if (op.response && !op.answerAsIs) schema.response = { 200: op.response };
  // The object above holds exactly the parts OperationSchema<O> names, each the entry's own schema.
  return { method: op.method, url: op.path, schema: schema as OperationSchema<O>, config: { operation: op } };
}

/** Fastify route options of the table's entry `id`. */
export function operationRoute<Id extends OperationId>(id: Id): OperationRouteOptions<OperationOf<Id>> {
  return routeOptionsOf(operation(id));
}
