/** zod 4's own JSON Schema output, as the two contract documents embed it. */
import { z } from '../zod.ts';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of what travels on the wire: a request's
 * input as the server reads it before any default or transform (`input`), an answer or event as it
 * is sent (`output`). Refinements a schema cannot say (a superRefine, "listed twice") are left out:
 * the zod schema stays the exact word, and the document says so.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}
