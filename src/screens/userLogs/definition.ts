/**
 * User logs (§7 POST /logs/more, docs/protocol.md "The user log"): a list only, newest first, each
 * entry a sentence in the operator's words (domain/userLogText.ts), filtered by user (exact),
 * action (exact or a dotted prefix) and time. The socket's live feed holds only the newest entries,
 * so pages are read through POST /logs/more (logPages.ts) merged with the live feed, and a new
 * entry on the socket refreshes the list.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import { defineResource } from '../../kit/definition.ts';
import type { LogRow } from './columns.tsx';

export const userLogs = defineResource<LogRow>({
  name: 'settings/userlogs',
  recordLabel: 'user log',
  idField: 'id',
  icon: ListAltIcon,
  refreshOn: 'userLogs',
  // Columns, filters, the JSON popup and the reading of pages through POST /logs/more load with the list (views.tsx).
  views: () => import('./views.tsx'),
  clearFilters: true,
  emptyUnfiltered: 'No user logs yet.',
  defaultSort: { field: 'time', order: 'DESC' },
  perPage: 50,
  recordRepresentation: (log) => `${log.action} by ${log.user}`,
});
