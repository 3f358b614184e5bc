/** Looks at the live state while the signed-in frame is mounted; inside <NotificationsProvider> (it shows toasts). */
import { useEffect } from 'react';
import { SYSTEM_SIGNAL_LOOK_MS } from '../../config/signals.ts';
import { useToaster } from '../../notifications/NotificationsProvider.tsx';
import { liveStore, type LiveStore } from '../../realtime/index.ts';
import { createSystemSignalWatch } from './watchSystemSignals.ts';

export function SystemSignalWatch({ store = liveStore }: { store?: LiveStore }) {
  const toaster = useToaster();
  useEffect(() => {
    const timer = setInterval(createSystemSignalWatch({ toaster, getState: store.getState, now: Date.now }), SYSTEM_SIGNAL_LOOK_MS);
    return () => clearInterval(timer);
  }, [toaster, store]);
  return null;
}
