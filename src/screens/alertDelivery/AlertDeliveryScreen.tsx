/**
 * /settings/alerts (docs/protocol.md "Alerts delivery"; Admin): where the shared alert rules are
 * delivered when nobody is looking at the console, and what was delivered.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import { Section } from '../../ui/Section.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { DestinationsEditor } from './DestinationsEditor.tsx';

export default function AlertDeliveryScreen() {
  const [reload, setReload] = useState(0);
  const again = () => setReload((n) => n + 1);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Section
        title="Destinations"
        about="The server checks the shared alert rules every second, even with no console open, and sends each rule that starts or stops holding to every enabled destination."
      >
        <DestinationsEditor onTested={again} />
      </Section>
      <Section title="Delivery log" about="What the server sent, newest first: retried when a destination is down, never when it refuses.">
        <DeliveryLog reload={reload} onReload={again} />
      </Section>
    </Box>
  );
}
