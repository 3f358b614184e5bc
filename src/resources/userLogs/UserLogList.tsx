/**
 * /settings/userlogs: the live feed (s.userLogs) over the stored entries (POST /logs/more), filtered
 * by user and action. The live feed only holds what happened since this console connected, so the
 * newest stored page is loaded on opening and again when a filter changes; Load older pages back.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserLog } from '../../contract/index.ts';
import { JsonDialog } from '../../dialogs/JsonDialog.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useFormatTime } from '../../widgets/shared/timeZone.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../shared/errors.ts';
import { matchesLog, mergeLogs, subjectOf } from './logRules.ts';

export const OLDER_PAGE = 100;
/** Typing in a filter asks the server once the typing pauses, not per keystroke. */
export const FILTER_DEBOUNCE_MS = 300;
const selectLogs = (s: LiveState) => s.userLogs;

const detailsText = (details: unknown) => (details === undefined ? '' : typeof details === 'string' ? details : JSON.stringify(details));

export function UserLogList() {
  const api = useConsoleDataProvider();
  const liveLogs = useLive(selectLogs);
  const formatTime = useFormatTime();
  const [user, setUser] = useState('');
  const [action, setAction] = useState('');
  const [older, setOlder] = useState<UserLog[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<UserLog | null>(null);
  // Answers to an earlier filter are dropped: only the latest request may fill the table.
  const request = useRef(0);

  const u = user.trim();
  const a = action.trim();
  const rows = useMemo(() => mergeLogs(liveLogs, older).filter((log) => matchesLog(log, u, a)), [liveLogs, older, u, a]);

  const load = useCallback(
    async (before: number | undefined) => {
      const id = ++request.current;
      setPending(true);
      setFailure(null);
      try {
        const { data, total: count } = await api.logsMore({
          limit: OLDER_PAGE,
          ...(before !== undefined ? { before } : {}),
          ...(u ? { user: u } : {}),
          ...(a ? { action: a } : {}),
        });
        if (id !== request.current) return;
        setOlder((prev) => (before === undefined ? data : [...prev, ...data]));
        setTotal(count);
        setExhausted(data.length < OLDER_PAGE);
      } catch (e) {
        if (id === request.current) setFailure(`Loading logs failed: ${errorText(e)}`);
      } finally {
        if (id === request.current) setPending(false);
      }
    },
    [api, u, a],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(undefined), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [load]);

  const filtered = u !== '' || a !== '';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="search" aria-label="User log filters">
        <TextField fullWidth={false} size="small" label="User" placeholder="exact name" value={user} onChange={(e) => setUser(e.target.value)} />
        <TextField fullWidth={false} size="small" label="Action" placeholder="token or token.update" value={action} onChange={(e) => setAction(e.target.value)} />
        {filtered && (
          <Button
            onClick={() => {
              setUser('');
              setAction('');
            }}
          >
            Clear filters
          </Button>
        )}
        {/* Beside the filters, not at the far right where toasts stack. */}
        <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }} aria-live="polite">
          {total === null ? '' : `${rows.length} shown of ${Math.max(total, rows.length)}${filtered ? ' matching' : ''}`}
        </Typography>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Table size="small" aria-label="User logs" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180 }}>Time</TableCell>
            <TableCell sx={{ width: 120 }}>User</TableCell>
            <TableCell sx={{ width: 170 }}>Action</TableCell>
            <TableCell sx={{ width: 220 }}>Record</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="text.secondary">
                  {pending
                    ? 'Loading...'
                    : failure
                      ? 'Not loaded: see the error above.'
                      : filtered
                        ? 'No log entries match these filters.'
                        : 'No log entries yet. Every change made through the console (tokens, bridges, configs, settings, transactions) is recorded here.'}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((log) => (
            <TableRow
              key={log.id}
              hover
              tabIndex={0}
              aria-label={`Log entry ${log.action} by ${log.user}`}
              sx={{ cursor: 'pointer' }}
              onClick={() => setShown(log)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') setShown(log);
              }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(log.time)}</TableCell>
              <TableCell>{log.user}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{log.action}</TableCell>
              <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{subjectOf(log.details)}</TableCell>
              <TableCell
                title={detailsText(log.details)}
                sx={{ fontFamily: 'monospace', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {detailsText(log.details)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button onClick={() => void load(rows[rows.length - 1]?.time)} disabled={pending || exhausted}>
          {exhausted ? 'No older entries' : 'Load older'}
        </Button>
      </div>
      <JsonDialog open={shown !== null} title={shown ? `${shown.action} by ${shown.user}` : ''} value={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
