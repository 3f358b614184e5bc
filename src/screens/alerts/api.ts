/** The alerts lifecycle calls (docs/protocol.md "Alerts lifecycle"), each answer checked with its contract schema. */
import { useMemo } from 'react';
import { Alert, AlertsResponse, Silence, type AlertsQuery, type SilenceRequest } from '../../contract/alerts.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { checked } from '../../dataProvider/checked.ts';

const query = (q: AlertsQuery) =>
  new URLSearchParams(Object.entries(q).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();

export function useAlertLifecycleApi() {
  const { alertsApi } = useConsoleDataProvider();
  return useMemo(
    () => ({
      list: (q: AlertsQuery) => alertsApi(`?${query(q)}`).then(checked(AlertsResponse, 'GET /alerts')),
      get: (id: string) => alertsApi(`/${encodeURIComponent(id)}`).then(checked(Alert, 'GET /alerts/{id}')),
      ack: (id: string, comment: string) =>
        alertsApi(`/${encodeURIComponent(id)}/ack`, { method: 'POST', body: comment.trim() ? { comment: comment.trim() } : {} }).then(checked(Alert, 'POST /alerts/{id}/ack')),
      silence: (body: SilenceRequest) => alertsApi('/silences', { method: 'POST', body }).then(checked(Silence, 'POST /alerts/silences')),
      endSilence: (id: string) => alertsApi(`/silences/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    }),
    [alertsApi],
  );
}
