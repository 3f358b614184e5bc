/**
 * A list filter for one end of a time range, the one every list's time filter uses: typed in the
 * header's time zone, kept in the list's filter as the instant's ISO UTC text, so the address says
 * which times a shared link selects (domain/filterTimes.ts). Each list turns the text into the ms its
 * server takes before asking. The end says when it is before the start.
 */
import { useInput, useListContext } from 'react-admin';
import { filterTimeOf, filterTimeText, rangeProblem } from '../domain/filterTimes.ts';
import { TimeField } from './TimeField.tsx';

export function TimeFilterInput({ source, label = source, edge }: { source: string; label?: string; edge: 'start' | 'end'; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const { filterValues } = useListContext();
  const error = edge === 'end' ? rangeProblem(filterValues as Record<string, unknown>) : null;
  return (
    <TimeField
      label={label}
      edge={edge}
      value={filterTimeOf(field.value) ?? null}
      onChange={(ms) => field.onChange(ms === null ? '' : filterTimeText(ms))}
      error={error}
    />
  );
}
