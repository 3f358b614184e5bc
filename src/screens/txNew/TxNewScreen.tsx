/**
 * /tx/new (Admin): sell, edit sell, manual, refund, force and unlock-nonce, one tab each; tabs keep
 * their values. /tx/new?sell={tradeId} opens that sell for editing; a sell just made can be edited
 * from its success message's tab. /tx/new?op=refund&tradeId=…&reason=… (domain/txNewLink.ts, a
 * trade's page links so) opens that operation with its fields typed in, still to be confirmed.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useSearchParams } from 'react-router-dom';
import { TRADES_PATH } from '../../config/trades.ts';
import { TradeRecord } from '../../contract/index.ts';
import { prefillOf, type LinkedOperation, type Prefill } from '../../domain/txNewLink.ts';
import { OperationForm } from './OperationForm.tsx';
import { SellEdit } from './SellEdit.tsx';
import { OPERATIONS, type OperationSpec } from './operations.ts';

/** The search parameter naming a sell to edit. */
export const EDIT_SELL_PARAM = 'sell';

const [SELL, ...OTHERS] = OPERATIONS;
const TABS = ['Sell', 'Edit sell', ...OTHERS.map((op) => op.title)];
const EDIT_TAB = 1;

/** The tab of an operation a link names. */
const LINKED_SPEC: Record<Exclude<LinkedOperation, 'sellEdit'>, OperationSpec['key']> = {
  refund: 'refund',
  force: 'force',
  unlock: 'unlock',
  manual: 'manual',
};

function tabOf(prefill: Prefill | null, editId: string): number {
  if (prefill?.op === 'sellEdit' || (prefill === null && editId !== '')) return EDIT_TAB;
  if (prefill === null) return 0;
  const key = LINKED_SPEC[prefill.op];
  return OTHERS.findIndex((op) => op.key === key) + 2;
}

/** The values a link gave that are this operation's fields. */
function initialOf(spec: OperationSpec, prefill: Prefill | null): Record<string, string> | undefined {
  if (prefill === null || prefill.op === 'sellEdit' || LINKED_SPEC[prefill.op] !== spec.key) return undefined;
  return Object.fromEntries(spec.fields.filter((f) => prefill.values[f.name] !== undefined).map((f) => [f.name, prefill.values[f.name] as string]));
}

export function TxNewScreen() {
  const [params] = useSearchParams();
  // Another address (a link from another trade, the menu's New transaction) is another start: the forms begin again.
  return <Operations key={params.toString()} params={params} />;
}

function Operations({ params }: { params: URLSearchParams }) {
  const [prefill] = useState(() => prefillOf(params));
  const requested = prefill?.op === 'sellEdit' ? (prefill.values.tradeId ?? '') : (params.get(EDIT_SELL_PARAM) ?? '');
  const [opened] = useState(() => tabOf(prefill, requested));
  const [tab, setTab] = useState(opened);
  const [editId, setEditId] = useState(requested);
  const fromTrade = prefill?.values.tradeId;

  return (
    <Box>
      {prefill && (
        <Alert severity="info" sx={{ mb: 1.5, maxWidth: 640 }}>
          {TABS[opened]} opened {fromTrade ? <>from trade <Link to={`${TRADES_PATH}/${encodeURIComponent(fromTrade)}`}>{fromTrade}</Link></> : 'from a trade'} with its fields filled
          in. Check them: nothing is sent until you confirm.
        </Alert>
      )}
      {/* Scrollable: on a phone the six tabs scroll (swipe, arrow keys, or the arrows shown at either end while there is more that way) within the screen's width rather than widen the page. */}
      <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Operation" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2, contain: { xs: 'inline-size', sm: 'none' } }}>
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
          <OperationForm spec={op} initial={initialOf(op, prefill)} />
        </div>
      ))}
    </Box>
  );
}
