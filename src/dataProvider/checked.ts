/**
 * Zod at the boundary (§7, §8): an answer a screen reads into is checked against its contract
 * schema first, so another backend's odd answer is a logged, shown error instead of a crash in the
 * middle of a render.
 */
import type { z } from 'zod';
import { summarizeIssues } from '../contract/index.ts';

/** A 2xx answer whose body is not what the call answers: the call itself went through. */
export class UnexpectedAnswerError extends Error {
  constructor(readonly call: string, detail: string) {
    // In the operator's words: what was asked, and what was wrong with the answer (the call went through).
    super(`the backend's answer to ${call} could not be read: ${detail}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * The answer as `schema` reads it, else a logged UnexpectedAnswerError naming `call`. `unwrap` also
 * takes the record out of a `{ data: record }` envelope.
 */
export function checked<S extends z.ZodType>(schema: S, call: string, unwrap = false) {
  return (body: unknown): z.infer<S> => {
    const inner = unwrap && typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body && !schema.safeParse(body).success
      ? (body as { data: unknown }).data
      : body;
    const result = schema.safeParse(inner);
    if (result.success) return result.data;
    const error = new UnexpectedAnswerError(call, summarizeIssues(result.error));
    console.error(error.message);
    throw error;
  };
}
