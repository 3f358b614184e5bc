import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { usePermissions } from 'react-admin';
import { mayUse } from '../../config/access.ts';
import { mergeLogs } from '../../domain/logRules.ts';
import { userLogSentence } from '../../domain/userLogText.ts';
import { useLive } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { useFormatTime } from '../../ui/timeZone.ts';

/** How many entries the card lists (and asks POST /logs/more for). */
export const USER_LOG_FEED_SHOWN = 50;

/**
 * The newest user log entries (who did what, when) as sentences: first the latest ones the server
 * has (§7 POST /logs/more), then the live ones (newUserLog) on top, each id once (§5).
 */
export function UserLogFeed() {
  const live = useLive((s) => s.userLogs);
  const { permissions } = usePermissions();
  const allowed = mayUse('seeUserLogFeed', permissions);
  const api = useConsoleDataProvider();
  const formatTime = useFormatTime();
  // Asked for only by the roles the access table gives the user log to (§6: /settings/userlogs is Admin's).
  const stored = useQuery({
    queryKey: ['userLogFeed'],
    queryFn: () => api.logsMore({ limit: USER_LOG_FEED_SHOWN }),
    enabled: allowed,
  });
  const logs = mergeLogs(live, stored.data?.data ?? []).slice(0, USER_LOG_FEED_SHOWN);
  if (logs.length === 0) {
    // A backend that sends the user log to everyone fills this list for every role.
    let text = 'Operator actions are listed for admins';
    if (allowed) text = stored.isPending ? 'Loading...' : stored.isError ? 'Could not load the user log' : 'No operator actions yet';
    return (
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    );
  }
  return (
    // The list scrolls in its own box, which the keyboard can reach and scroll too (axe scrollable-region-focusable).
    <Box role="region" aria-label="User log, scrollable" tabIndex={0} sx={{ maxHeight: 280, overflow: 'auto' }}>
    <List dense disablePadding aria-label="User log">
      {logs.map((log) => (
        <ListItem key={log.id} disableGutters>
          <ListItemText
            primary={userLogSentence(log)}
            secondary={formatTime(log.time)}
            slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } }, secondary: { variant: 'caption' } }}
          />
        </ListItem>
      ))}
    </List>
    </Box>
  );
}
