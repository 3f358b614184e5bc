/** Runs the alert rules while the signed-in frame is mounted; inside <NotificationsProvider> (it shows toasts). */
import { useEffect } from 'react';
import { ALERT_EVALUATE_MS } from '../../config/alerts.ts';
import { useToaster } from '../../notifications/NotificationsProvider.tsx';
import { liveStore, type LiveStore } from '../../realtime/index.ts';
import { storedRulesText } from './storedRules.ts';
import { createAlertWatch } from './watchAlerts.ts';

export function AlertWatch({ store = liveStore }: { store?: LiveStore }) {
  const toaster = useToaster();
  useEffect(() => {
    const timer = setInterval(
      createAlertWatch({ toaster, getState: store.getState, storedRules: storedRulesText, now: Date.now }),
      ALERT_EVALUATE_MS,
    );
    return () => clearInterval(timer);
  }, [toaster, store]);
  return null;
}
