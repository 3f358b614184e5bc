/** /settings/userlogs: the live feed (s.userLogs) plus older entries on demand, filtered by user and action. */
import { useMemo, useState } from 'react';
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
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useResourceApi } from '../shared/api.ts';
import { errorText } from '../shared/errors.ts';
import { matchesLog, mergeLogs } from './logRules.ts';

export const OLDER_PAGE = 100;
const selectLogs = (s: LiveState) => s.userLogs;

const detailsText = (details: unknown) => (details === undefined ? '' : typeof details === 'string' ? details : JSON.stringify(details));

export function UserLogList() {
  const api = useResourceApi();
  const liveLogs = useLive(selectLogs);
  const [user, setUser] = useState('');
  const [action, setAction] = useState('');
  const [older, setOlder] = useState<UserLog[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const u = user.trim();
  const a = action.trim();
  const rows = useMemo(() => mergeLogs(liveLogs, older).filter((log) => matchesLog(log, u, a)), [liveLogs, older, u, a]);

  const filterChanged = (apply: () => void) => {
    apply();
    setOlder([]);
    setExhausted(false);
  };

  const loadOlder = async () => {
    setPending(true);
    setFailure(null);
    try {
      const oldest = rows[rows.length - 1];
      const { data } = await api.logsMore({
        limit: OLDER_PAGE,
        ...(oldest ? { before: oldest.time } : {}),
        ...(u ? { user: u } : {}),
        ...(a ? { action: a } : {}),
      });
      setOlder((prev) => [...prev, ...data]);
      if (data.length < OLDER_PAGE) setExhausted(true);
    } catch (e) {
      setFailure(`Loading older logs failed: ${errorText(e)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField fullWidth={false} size="small" label="User" value={user} onChange={(e) => filterChanged(() => setUser(e.target.value))} />
        <TextField fullWidth={false} size="small" label="Action" placeholder="token or token.update" value={action} onChange={(e) => filterChanged(() => setAction(e.target.value))} />
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Table size="small" aria-label="User logs">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>
                <Typography color="text.secondary">No log entries.</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((log) => (
            <TableRow key={log.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(log.time).toLocaleString()}</TableCell>
              <TableCell>{log.user}</TableCell>
              <TableCell>{log.action}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>{detailsText(log.details)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button onClick={() => void loadOlder()} disabled={pending || exhausted}>
          {exhausted ? 'No older entries' : 'Load older'}
        </Button>
      </div>
    </Stack>
  );
}
