/**
 * /tx/trades: the kit's list of the trade definition, or, when this backend has no trades (GET
 * /trades/ answered 404), a plain word that it does not provide them. While the first read of the
 * trades (TradesWatch, on connecting) has not answered, the list waits for it: on a backend without
 * trades its own read would only fail with a "not found" toast.
 */
import Alert from '@mui/material/Alert';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourceViewProps } from '../../kit/definition.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { Loading } from '../../layout/Loading.tsx';
import { TradesWatch } from '../../preferences/index.ts';
import { TRADES_PATH } from '../../config/trades.ts';
import { routeTitle } from '../../ui/ScreenFrame.tsx';
import { tradeViews } from './columns.tsx';

const selectAvailable = (s: LiveState) => s.tradesAvailable;
const selectConnected = (s: LiveState) => s.connection === 'connected';

export function NoTrades() {
  return (
    <ResourcePage title={routeTitle(TRADES_PATH)}>
      <Alert severity="info">
        This backend does not provide trades. It answered 404 Not Found to GET /api/trades/, the trades extension of the console's
        protocol, so the Trades screens are hidden; transactions are still listed under Transactions.
      </Alert>
    </ResourcePage>
  );
}

export function TradesList({ definition }: ResourceViewProps) {
  const available = useLive(selectAvailable);
  const connected = useLive(selectConnected);
  if (available === false) return <NoTrades />;
  // Without a connection there is no first read to wait for: the list tries on its own. While it
  // waits, it makes that read itself: the menu that makes it is not mounted on a phone (a closed drawer).
  return available === null && connected ? (
    <>
      <TradesWatch />
      <Loading />
    </>
  ) : (
    <ResourceList definition={definition} views={tradeViews} />
  );
}
