/**
 * What a user log keeps of a change (src/contract/userLogs.ts USER_LOG_DETAILS): for an update, the
 * record's name and only the fields that changed, as a list (`changes`) and as before/after maps by
 * path; for a create or delete, the name beside the whole record.
 */
import type { FieldChange } from '../../../src/contract/index.ts';
import { changeMaps, fieldChanges } from '../../../src/domain/userLogText.ts';

/** Fields every write changes, not worth a line in the log. */
const BOOKKEEPING = ['version', 'updatedAt'];

export interface LoggedChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  details: { name: string; changes: FieldChange[] } & Record<string, unknown>;
}

/** An update of the record `name`: the changed fields only. */
export function updateLog(name: string, before: unknown, after: unknown, extra: Record<string, unknown> = {}): LoggedChange {
  const changes = fieldChanges(before, after, BOOKKEEPING);
  return { ...changeMaps(changes), details: { ...extra, name, changes } };
}
