/** The user log list's columns and its per-row "show as JSON". */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import DataObjectIcon from '@mui/icons-material/DataObject';
import type { UserLog } from '../../contract/index.ts';
import { JsonDialog } from '../../dialogs/JsonDialog.tsx';
import type { ColumnDef } from '../../kit/definition.ts';
import { TimeText } from '../../kit/shared/TimeText.tsx';
import { subjectOf } from '../../domain/logRules.ts';

export type LogRow = UserLog & { id: string };

export const detailsText = (details: unknown) => (details === undefined ? '' : typeof details === 'string' ? details : JSON.stringify(details));

const clipped = { display: 'block', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Newest first only: POST /logs/more pages by time, so no column sorts. */
export const LOG_COLUMNS: ColumnDef<LogRow>[] = [
  { source: 'time', label: 'Time', sortable: false, render: (log) => <TimeText ms={log.time} /> },
  { source: 'user', label: 'User', sortable: false },
  { source: 'action', label: 'Action', sortable: false, render: (log) => <code>{log.action}</code> },
  { source: 'record', label: 'Record', sortable: false, render: (log) => subjectOf(log.details) },
  {
    source: 'details',
    label: 'Details',
    sortable: false,
    render: (log) => (
      <code title={detailsText(log.details)} style={clipped}>
        {detailsText(log.details)}
      </code>
    ),
  },
];

/** The whole entry in the JSON popup. */
export function ShowLogJson({ record }: { record: LogRow }) {
  const [open, setOpen] = useState(false);
  const title = `${record.action} by ${record.user}`;
  return (
    <>
      <IconButton size="small" aria-label={`Show ${title}`} onClick={() => setOpen(true)}>
        <DataObjectIcon fontSize="small" />
      </IconButton>
      <JsonDialog open={open} title={title} value={record} onClose={() => setOpen(false)} />
    </>
  );
}
