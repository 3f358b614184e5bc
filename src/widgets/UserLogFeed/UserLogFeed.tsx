import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { usePermissions } from 'react-admin';
import { isAdminRole } from '../../authProvider/session.ts';
import { useLive } from '../../realtime/index.ts';
import { useFormatTime } from '../shared/timeZone.ts';

const SHOWN = 50;

/** The newest user log entries (who did what, when), live. */
export function UserLogFeed() {
  const logs = useLive((s) => s.userLogs);
  const { permissions } = usePermissions();
  const formatTime = useFormatTime();
  if (logs.length === 0) {
    // The reference server sends the user log to admins only (SPEC §6: /settings/userlogs is Admin's);
    // a backend that sends it to everyone fills this list for every role.
    return (
      <Typography variant="body2" color="text.secondary">
        {isAdminRole(permissions) ? 'No operator actions yet' : 'Operator actions are listed for admins'}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="User log" sx={{ maxHeight: 280, overflow: 'auto' }}>
      {logs.slice(0, SHOWN).map((log) => (
        <ListItem key={log.id} disableGutters>
          <ListItemText
            primary={`${log.user}: ${log.action}`}
            secondary={formatTime(log.time)}
            slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
