/**
 * Runs the realtime socket for `token` while mounted (§6: only when authenticated), and stops
 * it on unmount or token change. Must sit inside <NotificationsProvider> (it shows toasts).
 */
import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { playSound, type FetchTrade } from '../notifications/index.ts';
import { connectionSound } from '../notifications/kindSounds.ts';
import { useToaster } from '../notifications/NotificationsProvider.tsx';
import { createLiveNotifier } from '../notifications/liveNotifier.tsx';
import { liveStore, whileSessionOpen } from '../realtime/index.ts';
import { DisconnectedMessage } from '../realtime/DisconnectedMessage.tsx';
import { RealtimeService, systemClock } from '../realtime/service.ts';

export interface RealtimeConnectionProps {
  /** The session token (sent as the socket auth token and x-api-key). */
  token: string;
  /** API origin; defaults to the page's own origin. */
  url?: string;
  /** Trade fetch for the §9 profit rule: the data provider's getTrade (GET /api/txs/sell/{tradeId}). */
  fetchTrade: FetchTrade;
}

export default function RealtimeConnection({ token, url, fetchTrade }: RealtimeConnectionProps) {
  const toaster = useToaster();
  // Kept in a ref so a new fetchTrade function identity does not reconnect the socket.
  const fetchTradeRef = useRef(fetchTrade);
  useEffect(() => {
    fetchTradeRef.current = fetchTrade;
  }, [fetchTrade]);

  useEffect(() => {
    const apiOrigin = url ?? window.location.origin;
    const notifier = createLiveNotifier({
      toaster,
      playSound,
      fetchTrade: (tradeId) => fetchTradeRef.current(tradeId),
    });
    const service = new RealtimeService({
      io: (u, options) => io(u, options),
      url: apiOrigin,
      token,
      storage: typeof localStorage === 'undefined' ? null : localStorage,
      clock: systemClock,
      store: liveStore,
      toaster,
      notifier,
      // §4 the error sound of a disconnect is a connection signal: the operator may mute or snooze it.
      playSound: connectionSound,
      logger: console,
      disconnectedMessage: <DisconnectedMessage />,
    });
    service.start();
    const unregister = whileSessionOpen(() => service.stop());
    return () => {
      unregister();
      service.stop();
    };
  }, [token, url, toaster]);

  return null;
}
