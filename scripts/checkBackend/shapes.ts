/** Judging a value against a contract schema: the first problems, and the fields the schema does not know. */
import { z } from 'zod';
import { summarizeIssues } from '../../src/contract/index.ts';

/** Why `value` does not parse with `schema` (the first few issues, by field), or undefined when it does. */
export function shapeProblem(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : summarizeIssues(parsed.error, 4);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Dotted paths of the fields in `value` that `schema` does not name (a loose object keeps them; a
 * console ignores them). Not a failure: the checker reports them as notes, since a backend may send
 * more than the contract promises.
 */
export function unknownFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return value === undefined || value === null ? [] : unknownFields(schema.unwrap() as z.ZodType, value, path);
  }
  if (schema instanceof z.ZodObject) {
    if (!isPlainObject(value)) return [];
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.entries(value).flatMap(([key, item]) => {
      const field = shape[key];
      return field ? unknownFields(field, item, at(key)) : [at(key)];
    });
  }
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.slice(0, 20).flatMap((item) => unknownFields(schema.element as z.ZodType, item, at('*'))) : [];
  }
  if (schema instanceof z.ZodRecord) {
    return isPlainObject(value)
      ? Object.entries(value).slice(0, 20).flatMap(([, item]) => unknownFields(schema.valueType as z.ZodType, item, at('*')))
      : [];
  }
  return [];
}
