/**
 * Mounted once in the signed-in frame (by the menu): reads the stuck trades (GET /trades/, state
 * stuck, oldest first) into the live store on every (re)connection, since tradeStuck is told once and
 * not replayed, and again whenever the socket tells a trade stuck or moved on. The same read says
 * whether this backend has trades at all: a 404 hides the Trades screens (docs/protocol.md "Trades").
 */
import { useEffect } from 'react';
import { STUCK_TRADES_READ, STUCK_TRADES_READ_DELAY_MS, TRADES_RESOURCE } from '../../config/trades.ts';
import type { TradeJourney } from '../../contract/trades.ts';
import { errorStatus } from '../../dataProvider/apiFetch.ts';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider.ts';
import { useLive, liveStore, type LiveState } from '../../realtime/index.ts';

const selectConnected = (s: LiveState) => s.connection === 'connected';
/** A new map is a change to the trades told stuck: a reason to read the list again. */
const selectTold = (s: LiveState) => s.stuckTrades;

export function TradesWatch() {
  const api = useConsoleDataProvider();
  const connected = useLive(selectConnected);
  const told = useLive(selectTold);
  useEffect(() => {
    if (!connected || liveStore.getState().tradesAvailable === false) return undefined;
    const controller = new AbortController();
    const read = () =>
      api
        .getList<TradeJourney & { id: string }>(TRADES_RESOURCE, {
          pagination: { page: 1, perPage: STUCK_TRADES_READ },
          sort: { field: 'startedAt', order: 'ASC' },
          filter: { state: 'stuck' },
          signal: controller.signal,
        })
        .then(({ data, total = data.length }) => liveStore.update(() => ({ stuckList: { trades: data, total }, tradesAvailable: true })))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // Logged by the API client (§8). Only a 404 says there are no trades: after any other failure
          // the screens are offered, and say what went wrong when they read.
          const available = errorStatus(error) !== 404;
          liveStore.update((s) => ({ tradesAvailable: available, stuckList: available ? s.stuckList : null }));
        });
    // One read for a burst of events (one check of the server can find many trades stuck at once).
    const timer = setTimeout(() => void read(), STUCK_TRADES_READ_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, connected, told]);
  return null;
}
