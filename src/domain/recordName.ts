/** Names that identify records (tokenName, bridgeName): contract RecordName, checked as the user types. */
import { RecordName } from '../contract/index.ts';

export function recordNameProblem(name: string): string | null {
  if (name === '') return 'required';
  const parsed = RecordName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not a valid name');
}
