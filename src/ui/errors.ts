/** How a failed call reads for an operator, and the 409 version conflict of PUTs (docs/protocol.md "Errors"). */
import { VersionConflictBody } from '../contract/index.ts';

export function errorText(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 403) return 'not allowed';
  const message = error instanceof Error ? error.message : String(error);
  const details = typeof error === 'object' && error !== null && 'details' in error ? error.details : undefined;
  // 400s name their fields (ValidationIssue[]): say which.
  if (Array.isArray(details)) {
    const issues = details
      .map((d: unknown) => (typeof d === 'object' && d !== null && 'field' in d && 'message' in d ? `${String(d.field)}: ${String(d.message)}` : null))
      .filter((d): d is string => d !== null);
    if (issues.length > 0) return `${message} (${issues.join('; ')})`;
  }
  return message;
}

/** The record as it is now on the server, when the error is a stale-version 409; else undefined. */
export function conflictCurrent(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 409) return undefined;
  const parsed = VersionConflictBody.safeParse({ error: error instanceof Error ? error.message : '', details: 'details' in error ? error.details : undefined });
  return parsed.success ? parsed.data.details.current : undefined;
}

export function versionOf(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null || !('version' in record)) return undefined;
  return typeof record.version === 'number' ? record.version : undefined;
}
