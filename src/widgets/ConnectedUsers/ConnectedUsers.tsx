import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useFormatTime } from '../../ui/timeZone.ts';

const selectUsers = (s: LiveState) => s.connectedUsers;
/** The counts alone: the services payload changes with every heartbeat, the counts seldom. */
const selectServiceCounts = (s: LiveState) => (s.connectedServices ? `${s.connectedServices.numConnected} / ${s.connectedServices.numExpected}` : '–');

/** §1: connected users and connected services. */
export function ConnectedUsers() {
  const users = useLive(selectUsers);
  const services = useLive(selectServiceCounts);
  const formatTime = useFormatTime();
  return (
    <Stack spacing={1} component="section" aria-label="Connected users and services">
      <Typography variant="body2">
        Services connected: <strong>{services}</strong>
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {users.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No users connected
          </Typography>
        ) : (
          users.map((u) => (
            <Chip
              key={`${u.name}:${u.since}`}
              size="small"
              label={`${u.name} (${u.role || 'no role'})`}
              title={`since ${formatTime(u.since)}`}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
