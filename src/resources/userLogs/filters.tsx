/** The user log list's filters (issue 25 part 5): user, action (or its dotted prefix) and a time range. */
import { createElement } from 'react';
import { useInput, useListContext } from 'react-admin';
import type { FilterDef } from '../../kit/definition.ts';
import { TimeField } from '../../widgets/shared/TimeField.tsx';

const instant = (value: unknown) => (typeof value === 'number' ? value : null);

/** A range end typed in the header's zone, kept in the list's filter as its instant in ms (POST /logs/more from/to). */
function TimeFilterInput({ source, label = source, edge }: { source: string; label?: string; edge: 'start' | 'end'; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const { filterValues } = useListContext();
  const { from, to } = filterValues as Record<string, unknown>;
  const error = edge === 'end' && (instant(from) ?? 0) > (instant(to) ?? Infinity) ? 'the end is before the start' : null;
  return <TimeField label={label} edge={edge} value={instant(field.value)} onChange={(ms) => field.onChange(ms ?? '')} error={error} />;
}

export const LOG_FILTERS: FilterDef[] = [
  { source: 'user', label: 'User', kind: 'search', placeholder: 'exact name' },
  { source: 'action', label: 'Action', kind: 'search', placeholder: 'token or token.update' },
  { source: 'from', label: 'From', kind: 'custom', input: createElement(TimeFilterInput, { source: 'from', edge: 'start' }) },
  { source: 'to', label: 'To', kind: 'custom', input: createElement(TimeFilterInput, { source: 'to', edge: 'end' }) },
];
