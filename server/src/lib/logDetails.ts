/**
 * What a user log keeps of an update (src/contract/userLogs.ts USER_LOG_DETAILS): the record's name
 * and the fields that changed (`changes`, a field-level diff by dotted path), beside the whole
 * record before and after (the "Raw details" an admin may open).
 */
import type { FieldChange } from '../../../src/contract/userLogDetails.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';

/** Fields every write changes, not worth a line in the log. */
const BOOKKEEPING = ['version', 'updatedAt'];

export interface LoggedChange {
  before: unknown;
  after: unknown;
  details: { name: string; changes: FieldChange[] } & Record<string, unknown>;
}

/** An update of the record `name`: its changed fields, and the record as it was and is. */
export function updateLog(name: string, before: unknown, after: unknown, extra: Record<string, unknown> = {}): LoggedChange {
  return { before, after, details: { ...extra, name, changes: fieldChanges(before, after, BOOKKEEPING) } };
}
