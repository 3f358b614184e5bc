/**
 * The notification centre (loaded when opened): the signals whose level reaches the bell
 * (docs/guide.md "The notification centre"), of this session and earlier ones, newest first, with its time, type and a
 * link to the trade where there is one; filtered by type and text; mark all read; clear. All text,
 * never HTML.
 */
import { useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SIGNAL_KIND_LABELS, SIGNAL_KINDS, type SignalKind, type SignalSeverity } from '../../config/signals.ts';
import { isUnread } from '../../domain/signals.ts';
import { useFormatTime } from '../../ui/timeZone.ts';
import type { SignalEntry, SignalJournal } from './journal.ts';

export interface CentrePanelProps {
  journal: SignalJournal;
  onClose: () => void;
}

/** Rows drawn at first; more on request (2,000 at once would be slow to open for nothing). */
const PAGE = 150;
const ALL = '';

const DOT: Record<SignalSeverity, string> = { info: 'info.main', success: 'success.main', warning: 'warning.main', error: 'error.main' };

export const kindLabel = (kind: string) => SIGNAL_KIND_LABELS[kind as SignalKind] ?? kind;

/** Whether an entry passes the filter: its type, and the text contained in its text or type (any case). */
export function matchesFilter(entry: SignalEntry, kind: string, text: string): boolean {
  if (kind !== ALL && entry.kind !== kind) return false;
  const needle = text.trim().toLowerCase();
  return needle === '' || entry.text.toLowerCase().includes(needle) || kindLabel(entry.kind).toLowerCase().includes(needle);
}

function EntryRow({ entry, unread, time, onFollow }: { entry: SignalEntry; unread: boolean; time: string; onFollow: () => void }) {
  return (
    <Box component="li" sx={{ py: 1, px: 2, borderBottom: 1, borderColor: 'divider', bgcolor: unread ? 'action.hover' : undefined }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.25 }}>
        <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[entry.severity], flex: 'none' }} />
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {kindLabel(entry.kind)}
        </Typography>
        {unread ? (
          <Typography variant="caption" color="primary" sx={{ fontWeight: 700 }}>
            new
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
          <time dateTime={new Date(entry.at).toISOString()}>{time}</time>
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: unread ? 600 : undefined }}>
        {entry.text}
      </Typography>
      {entry.link ? (
        <Link component={RouterLink} to={entry.link.href} variant="body2" onClick={onFollow}>
          {entry.link.label}
        </Link>
      ) : null}
    </Box>
  );
}

export default function CentrePanel({ journal, onClose }: CentrePanelProps) {
  const { entries, readUpTo, unread } = useSyncExternalStore(journal.subscribe, journal.getView, journal.getView);
  const formatTime = useFormatTime();
  const titleId = useId();
  const [kind, setKind] = useState(ALL);
  const [text, setText] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [confirmClear, setConfirmClear] = useState(false);
  const needle = useDeferredValue(text);
  const matching = useMemo(() => entries.filter((e) => matchesFilter(e, kind, needle)), [entries, kind, needle]);
  // The count is the bell's (what needs a look); a routine entry is still marked new until read.
  const anyNew = entries.some((e) => isUnread(e.id, readUpTo));
  const kinds = useMemo(() => [...new Set<string>([...SIGNAL_KINDS, ...entries.map((e) => e.kind)])], [entries]);

  // On a phone the panel takes the whole screen; its list keeps room at its end (pb) so the floating
  // windows' list, fixed at the bottom-left above everything (§2), can be scrolled clear of the last entries.
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Stack spacing={1.5} sx={{ p: 2, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <Link component={RouterLink} to="/tsettings" variant="body2" onClick={onClose}>
            Preferences
          </Link>
          <Button size="small" onClick={onClose}>
            Close
          </Button>
        </Box>
        {/* On a phone react-admin's theme makes every text field full width: the two take a row each there. */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            select
            size="small"
            label="Type"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: 170, flex: 'none' }}
          >
            <option value={ALL}>All types</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </TextField>
          <TextField size="small" label="Filter text" value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0 }} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
            {matching.length === entries.length ? `${entries.length} notifications` : `${matching.length} of ${entries.length} notifications`}
            {unread > 0 ? `, ${unread} unread` : ''}
          </Typography>
          {confirmClear ? (
            <>
              <Typography variant="body2">Clear them all?</Typography>
              <Button
                size="small"
                color="error"
                variant="contained"
                onClick={() => {
                  journal.clear();
                  setConfirmClear(false);
                }}
              >
                Yes, clear
              </Button>
              <Button size="small" onClick={() => setConfirmClear(false)}>
                No
              </Button>
            </>
          ) : (
            <>
              <Button size="small" variant="outlined" disabled={!anyNew} onClick={() => journal.markAllRead()}>
                Mark all read
              </Button>
              <Button size="small" variant="outlined" color="error" disabled={entries.length === 0} onClick={() => setConfirmClear(true)}>
                Clear
              </Button>
            </>
          )}
        </Box>
      </Stack>
      <Box component="ul" aria-label="Notifications, newest first" sx={{ listStyle: 'none', m: 0, p: 0, pb: { xs: 8, sm: 0 }, overflowY: 'auto', flex: 1, borderTop: 1, borderColor: 'divider' }}>
        {matching.slice(0, shown).map((entry) => (
          <EntryRow key={entry.id} entry={entry} unread={isUnread(entry.id, readUpTo)} time={formatTime(entry.at)} onFollow={onClose} />
        ))}
        {matching.length === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {entries.length === 0 ? 'Nothing yet.' : 'No notification matches the filter.'}
          </Typography>
        ) : null}
      </Box>
      {matching.length > shown ? (
        <Button onClick={() => setShown((n) => n + PAGE)} sx={{ m: 1 }}>
          Show {Math.min(PAGE, matching.length - shown)} more
        </Button>
      ) : null}
    </Drawer>
  );
}
