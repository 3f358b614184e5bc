/**
 * /settings/alerts (docs/protocol.md "Alerts delivery"; Admin): where the shared alert rules are
 * delivered when nobody is looking at the console, and what was delivered.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DeliveryLog } from './DeliveryLog.tsx';
import { DestinationsEditor } from './DestinationsEditor.tsx';

function Card({ title, about, children }: { title: string; about: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Stack spacing={0.25}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {about}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

export default function AlertDeliveryScreen() {
  const [reload, setReload] = useState(0);
  const again = () => setReload((n) => n + 1);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Card
        title="Destinations"
        about="The server checks the shared alert rules every second, even with no console open, and sends each rule that starts or stops holding to every enabled destination."
      >
        <DestinationsEditor onTested={again} />
      </Card>
      <Card title="Delivery log" about="What the server sent, newest first: retried when a destination is down, never when it refuses.">
        <DeliveryLog reload={reload} onReload={again} />
      </Card>
    </Box>
  );
}
