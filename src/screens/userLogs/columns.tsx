/** The user log list's columns (each entry as a sentence, its changed fields as a diff) and its per-row "Raw details". */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DataObjectIcon from '@mui/icons-material/DataObject';
import type { UserLog } from '../../contract/index.ts';
import { JsonDialog } from '../../ui/dialogs/JsonDialog.tsx';
import type { ColumnDef } from '../../kit/definition.ts';
import { TimeText } from '../../ui/TimeText.tsx';
import { subjectOf } from '../../domain/logRules.ts';
import { userLogDetailsText, userLogSentence } from '../../domain/userLogText.ts';

export type LogRow = UserLog & { id: string };

/** How many changed fields the Details cell lists before "+N more" (the full list on hover and focus). */
export const DETAILS_SHOWN = 2;

const line = { display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The entry's details in words: a compact "field: old → new" list, the whole list on hover and focus. */
export function LogDetails({ log }: { log: UserLog }) {
  const lines = userLogDetailsText(log);
  if (lines.length === 0) return null;
  const shown = lines.slice(0, DETAILS_SHOWN);
  const more = lines.length - shown.length;
  const full = (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((text, i) => (
        <li key={i}>{text}</li>
      ))}
    </Box>
  );
  return (
    <Tooltip title={full} placement="bottom-start" describeChild>
      <Box tabIndex={0} sx={{ cursor: 'help', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        {shown.map((text, i) => (
          <Box component="span" key={i} sx={line}>
            {text}
          </Box>
        ))}
        {more > 0 && (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
            +{more} more
          </Box>
        )}
      </Box>
    </Tooltip>
  );
}

/** Newest first only: POST /logs/more pages by time, so no column sorts. */
export const LOG_COLUMNS: ColumnDef<LogRow>[] = [
  { source: 'time', label: 'Time', sortable: false, render: (log) => <TimeText ms={log.time} /> },
  { source: 'user', label: 'User', sortable: false },
  {
    source: 'sentence',
    label: 'What happened',
    sortable: false,
    // Long ids wrap rather than widen the table.
    render: (log) => <Box sx={{ minWidth: 200, maxWidth: 440, overflowWrap: 'anywhere' }}>{userLogSentence(log)}</Box>,
  },
  { source: 'action', label: 'Action', sortable: false, render: (log) => <code>{log.action}</code> },
  { source: 'record', label: 'Record', sortable: false, hidden: true, render: (log) => subjectOf(log.details) },
  { source: 'details', label: 'Details', sortable: false, render: (log) => <LogDetails log={log} /> },
];

/** The whole entry in the JSON popup: a secondary "Raw details" for admins. */
export function ShowLogJson({ record }: { record: LogRow }) {
  const [open, setOpen] = useState(false);
  const title = `${record.action} by ${record.user}`;
  return (
    <>
      <Tooltip title="Raw details">
        <IconButton size="small" aria-label={`Raw details of ${title}`} onClick={() => setOpen(true)}>
          <DataObjectIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <JsonDialog open={open} title={title} value={record} onClose={() => setOpen(false)} />
    </>
  );
}
