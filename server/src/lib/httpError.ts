import type { ValidationIssue } from '../../../src/contract/index.ts';

/** An error whose status and message are meant for the client (docs/protocol.md "Errors": `{ error, details? }`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 whose details name the offending fields. */
export function invalidRequest(issues: ValidationIssue[]): HttpError {
  return new HttpError(400, 'invalid request', issues);
}
