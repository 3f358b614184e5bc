/**
 * A record-level validate for SimpleForm from a contract schema: each issue becomes the error of
 * its field, in the schema's words. Empty inputs count as absent (the body leaves them out).
 */
import type { z } from 'zod';
import type { Fields } from './definition.ts';

/** What a form sends: empty inputs are left out rather than sent as '' or null. */
export function withoutEmpty(values: Fields): Fields {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

export function zodValidate(schema: z.ZodType) {
  return (values: Fields): Record<string, unknown> => {
    const result = schema.safeParse(withoutEmpty(values));
    if (result.success) return {};
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
