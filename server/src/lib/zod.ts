/**
 * Fastify <-> zod glue: routes declare zod schemas for params, body, query and response, and get
 * typed requests. (fastify-type-provider-zod does the same; these few lines save a dependency.)
 */
import type {
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type { z } from 'zod';
import { invalidRequest } from './httpError.ts';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Maps zod issues to 400 details: `{ in: 'body', field: 'cmd', message }`. An unknown field of a
 * strict object is named itself rather than its parent.
 */
export function issuesToDetails(where: string, issues: readonly z.core.$ZodIssue[]) {
  const fieldOf = (path: readonly PropertyKey[]) => (path.length > 0 ? path.map(String).join('.') : where);
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ in: where, field: fieldOf([...issue.path, key]), message: 'unknown field' }))
      : [{ in: where, field: fieldOf(issue.path), message: issue.message }],
  );
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const where = httpPart === 'querystring' ? 'query' : (httpPart ?? 'request');
  return (data: unknown) => {
    // Fastify hands a missing body over as null; bodyless calls declare an optional body.
    const input = httpPart === 'body' && data === null ? undefined : data;
    let result = schema.safeParse(input);
    // A call that needs fields but came without a body is judged as an empty object, so the 400
    // names the fields it lacks (docs/protocol.md "Errors"), not "body".
    if (!result.success && httpPart === 'body' && input === undefined) result = schema.safeParse({});
    return result.success ? { value: result.data } : { error: invalidRequest(issuesToDetails(where, result.error.issues)) };
  };
};

/** Responses are checked against the contract too: a mismatch is a server bug and answers 500. */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => (data: unknown) =>
  JSON.stringify(schema.parse(data));

/** A route plugin whose schemas are zod schemas. */
export type ZodPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;
