/**
 * Editing a sell made here: its tradeId is looked up (GET /txs/sell/{id}), the stored request fills
 * the Sell fields, and Update sell PUTs /txs/sell/{tradeId} after a confirmation that restates the
 * sell before and after. Sells already sent, and trades not made with Sell, are shown but not offered.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TradeRecord } from '../../contract/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { OperationForm } from './OperationForm.tsx';
import { describeSell, sellEditProblem, sellRequestOf, sellUpdateSpec, valuesOf } from './operations.ts';

export function SellEdit({ tradeId: initialId = '' }: { tradeId?: string }) {
  const api = useConsoleDataProvider();
  const [id, setId] = useState(initialId);
  const [trade, setTrade] = useState<TradeRecord | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(
    async (tradeId: string) => {
      setLoading(true);
      setFailure(null);
      setTrade(null);
      try {
        setTrade(await api.getTrade(tradeId));
      } catch (e) {
        setFailure(`Could not read sell ${tradeId}: ${errorText(e)}`);
      } finally {
        setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    setId(initialId);
    if (initialId !== '') void load(initialId);
  }, [initialId, load]);

  const problem = trade ? sellEditProblem(trade) : null;
  const before = trade ? sellRequestOf(trade) : undefined;
  const spec = trade ? sellUpdateSpec(trade) : null;

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        aria-label="Find sell"
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim() !== '') void load(id.trim());
        }}
      >
        <TextField size="small" label="Trade id" value={id} onChange={(e) => setId(e.target.value)} sx={{ flex: 1 }} helperText="the tradeId a sell answered with" />
        <Button type="submit" variant="outlined" disabled={loading || id.trim() === ''} sx={{ mt: 0.5 }}>
          Load
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {trade && (
        <Typography variant="body2" color="text.secondary">
          Sell {trade.tradeId}: {before ? describeSell(before) : `${trade.tokenName} ${trade.networkBuy} → ${trade.networkSell}`}; {trade.status}
          {trade.sell ? `, created by ${trade.sell.createdBy}` : ''}.
        </Typography>
      )}
      {problem && <Alert severity="info">{problem}.</Alert>}
      {trade && spec && !problem && (
        <OperationForm
          key={trade.tradeId}
          spec={spec}
          initial={valuesOf(spec, before)}
          onDone={(answer) => {
            const updated = TradeRecord.safeParse(answer);
            if (updated.success) setTrade(updated.data);
          }}
        />
      )}
    </Stack>
  );
}
