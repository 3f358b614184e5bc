/** / home. The live widgets come in a later issue; for now a calm card and the socket's state. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConnectionState, type ConnectionStatus } from '../realtime/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

const STATUS_COLOR: Record<ConnectionStatus, 'success' | 'warning' | 'error' | 'default'> = {
  live: 'success',
  connecting: 'default',
  silent: 'warning',
  reconnecting: 'warning',
  offline: 'error',
};

export default function HomePage() {
  const { status } = useConnectionState();
  return (
    <PlaceholderPage path="/">
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2">
              Live dashboard
            </Typography>
            <Chip label={`Connection: ${status}`} color={STATUS_COLOR[status]} variant="outlined" />
          </Stack>
          <Typography color="text.secondary">
            Workers, services, block heads and balances will appear here as the server pushes them.
          </Typography>
        </CardContent>
      </Card>
    </PlaceholderPage>
  );
}
