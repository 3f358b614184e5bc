/**
 * Firing alerts as toasts and notification-centre entries (docs/protocol.md "Alerts lifecycle"):
 * one toast per alert when it fires, open until it resolves (or the operator closes it), leading to
 * the alert's page; when it resolves, a "Resolved" signal of its own kind says how it ended. A
 * silenced alert is shown on the status line and the alert list, not raised here. Inside
 * <NotificationsProvider>.
 */
import { useEffect, useRef } from 'react';
import type { Alert } from '../../contract/index.ts';
import { useToaster } from '../../notifications/NotificationsProvider.tsx';
import type { ToastVariant } from '../../notifications/toaster.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';

const VARIANT: Record<Alert['severity'], ToastVariant> = { critical: 'error', warning: 'warning', info: 'info' };

const selectAlerts = (s: LiveState) => s.alerts;

/** The toast's logical id, by which it closes when the alert resolves. */
export const alertToastId = (id: string): string => `alert:${id}`;

const linkTo = (id: string) => ({ href: `/alerts/${encodeURIComponent(id)}`, label: 'Open the alert' });

export function AlertToasts() {
  const toaster = useToaster();
  const alerts = useLive(selectAlerts);
  const shown = useRef(new Map<string, Alert>());
  useEffect(() => {
    const raising = new Map<string, Alert>();
    for (const alert of alerts?.values() ?? []) {
      if (alert.state !== 'firing' || alert.silenceId) continue;
      raising.set(alert.id, alert);
      if (shown.current.has(alert.id)) continue;
      toaster.show(alert.text, {
        variant: VARIANT[alert.severity],
        autoHideDuration: null,
        id: alertToastId(alert.id),
        kind: 'alert',
        link: linkTo(alert.id),
      });
    }
    for (const [id, was] of shown.current) {
      if (raising.has(id)) continue;
      toaster.close(alertToastId(id));
      // Gone from the active ones: it resolved (a silence only stops the toast, and says nothing).
      if (!alerts?.has(id)) {
        toaster.show(`Resolved: ${was.text}`, { variant: 'success', autoHideDuration: 10_000, kind: 'alertResolved', link: linkTo(id) });
      }
    }
    shown.current = raising;
  }, [alerts, toaster]);
  return null;
}
