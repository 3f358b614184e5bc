import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useLive } from '../../realtime/index.ts';

const SHOWN = 50;

/** The newest user log entries (who did what, when), live. */
export function UserLogFeed() {
  const logs = useLive((s) => s.userLogs);
  if (logs.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No operator actions yet
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="User log" sx={{ maxHeight: 280, overflow: 'auto' }}>
      {logs.slice(0, SHOWN).map((log) => (
        <ListItem key={log.id} disableGutters>
          <ListItemText
            primary={`${log.user}: ${log.action}`}
            secondary={new Date(log.time).toLocaleTimeString()}
            slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
