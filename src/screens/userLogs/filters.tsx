/** The user log list's filters: user, action (or its dotted prefix) and a time range. */
import { createElement } from 'react';
import type { FilterDef } from '../../kit/definition.ts';
import { TimeFilterInput } from '../../ui/TimeFilterInput.tsx';

export const LOG_FILTERS: FilterDef[] = [
  { source: 'user', label: 'User', kind: 'search', placeholder: 'exact name' },
  { source: 'action', label: 'Action', kind: 'search', placeholder: 'token or token.update' },
  { source: 'from', label: 'From', kind: 'custom', input: createElement(TimeFilterInput, { source: 'from', edge: 'start' }) },
  { source: 'to', label: 'To', kind: 'custom', input: createElement(TimeFilterInput, { source: 'to', edge: 'end' }) },
];
