/**
 * A list filter for one end of a time range: typed in the header's time zone, kept in the list's
 * filter as its instant in ms (the `from`/`to` of GET /trades/ and POST /logs/more). The end says
 * when it is before the start.
 */
import { useInput, useListContext } from 'react-admin';
import { TimeField } from '../../ui/TimeField.tsx';

const instant = (value: unknown) => (typeof value === 'number' ? value : null);

export function TimeFilterInput({ source, label = source, edge }: { source: string; label?: string; edge: 'start' | 'end'; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const { filterValues } = useListContext();
  const { from, to } = filterValues as Record<string, unknown>;
  const error = edge === 'end' && (instant(from) ?? 0) > (instant(to) ?? Infinity) ? 'the end is before the start' : null;
  return <TimeField label={label} edge={edge} value={instant(field.value)} onChange={(ms) => field.onChange(ms ?? '')} error={error} />;
}
