/** The errors every resource route answers with (docs/protocol.md "Errors": 400 names fields, 404, 409). */
import { VERSION_CONFLICT_ERROR } from '../../../src/contract/index.ts';
import { HttpError, invalidRequest } from './httpError.ts';

export function notFound(what: string): HttpError {
  return new HttpError(404, `unknown ${what}`);
}

/** 409: a record of that name exists already. */
export function duplicate(what: string, name: string): HttpError {
  return new HttpError(409, `${what} ${name} already exists`);
}

/** 409: the PUT edits a version that is no longer current; the client reloads from `current`. */
export function versionConflict(current: unknown): HttpError {
  return new HttpError(409, VERSION_CONFLICT_ERROR, { current });
}

/** 400 about one body field. */
export function badField(field: string, message: string): HttpError {
  return invalidRequest([{ in: 'body', field, message }]);
}

/** 400 about several body fields at once; nothing when the list is empty. */
export function assertNoIssues(issues: { field: string; message: string }[]): void {
  if (issues.length > 0) throw invalidRequest(issues.map((issue) => ({ in: 'body', ...issue })));
}
