/** /tx/new (Admin): sell, manual, refund, force and unlock-nonce, one tab each; tabs keep their values. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { OperationForm } from './OperationForm.tsx';
import { OPERATIONS } from './operations.ts';

export function TxNewScreen() {
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Operation" sx={{ mb: 2 }}>
        {OPERATIONS.map((op) => (
          <Tab key={op.key} label={op.title} />
        ))}
      </Tabs>
      {OPERATIONS.map((op, i) => (
        <div key={op.key} hidden={i !== tab} role="tabpanel">
          <OperationForm spec={op} />
        </div>
      ))}
    </Box>
  );
}
