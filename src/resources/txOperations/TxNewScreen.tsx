/**
 * /tx/new (Admin): sell, edit sell, manual, refund, force and unlock-nonce, one tab each; tabs keep
 * their values. /tx/new?sell={tradeId} opens that sell for editing; a sell just made can be edited
 * from its success message's tab.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { TradeRecord } from '../../contract/index.ts';
import { OperationForm } from './OperationForm.tsx';
import { SellEdit } from './SellEdit.tsx';
import { OPERATIONS } from './operations.ts';

/** The search parameter naming a sell to edit. */
export const EDIT_SELL_PARAM = 'sell';

const [SELL, ...OTHERS] = OPERATIONS;
const TABS = ['Sell', 'Edit sell', ...OTHERS.map((op) => op.title)];
const EDIT_TAB = 1;

export function TxNewScreen() {
  const [params] = useSearchParams();
  const requested = params.get(EDIT_SELL_PARAM) ?? '';
  const [tab, setTab] = useState(requested === '' ? 0 : EDIT_TAB);
  const [editId, setEditId] = useState(requested);

  return (
    <Box>
      <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Operation" sx={{ mb: 2 }}>
        {TABS.map((title) => (
          <Tab key={title} label={title} />
        ))}
      </Tabs>
      <div hidden={tab !== 0} role="tabpanel" aria-label="Sell">
        {SELL && (
          <OperationForm
            spec={SELL}
            onDone={(answer) => {
              // The sell just queued is the one an operator most likely wants to correct.
              const made = TradeRecord.safeParse(answer);
              if (made.success) setEditId(made.data.tradeId);
            }}
          />
        )}
      </div>
      <div hidden={tab !== EDIT_TAB} role="tabpanel" aria-label="Edit sell">
        <SellEdit tradeId={editId} />
      </div>
      {OTHERS.map((op, i) => (
        <div key={op.key} hidden={tab !== i + 2} role="tabpanel" aria-label={op.title}>
          <OperationForm spec={op} />
        </div>
      ))}
    </Box>
  );
}
