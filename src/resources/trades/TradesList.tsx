/**
 * /tx/trades: the kit's list of the trade definition, or, when this backend has no trades (GET
 * /trades/ answered 404), a plain word that it does not provide them.
 */
import Alert from '@mui/material/Alert';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourceDefinition } from '../../kit/definition.ts';
import { useLive } from '../../realtime/hooks.ts';
import type { LiveState } from '../../realtime/liveState.ts';
import { trades } from './definition.ts';
import { tradesUi } from './ui.tsx';

const complete: ResourceDefinition = { ...trades, ...tradesUi };

/** PROTOCOL "Trades": the backend answered their list 404. */
export const selectNoTrades = (s: LiveState) => s.tradesAvailable === false;

export function NoTrades() {
  return (
    <ResourcePage title={trades.label}>
      <Alert severity="info">
        This backend does not provide trades. It answered 404 Not Found to GET /api/trades/, the trades extension of the console's
        protocol, so the Trades screens are hidden; transactions are still listed under Transactions.
      </Alert>
    </ResourcePage>
  );
}

export function TradesList() {
  return useLive(selectNoTrades) ? <NoTrades /> : <ResourceList definition={complete} />;
}
