/** The alerts delivery calls (docs/protocol.md "Alerts delivery"), each answer checked with its contract schema. */
import { useMemo } from 'react';
import { DeliveriesResponse, DeliveryAttemptResponse, DestinationsResponse, type DestinationInput } from '../../contract/alertDelivery.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { checked } from '../../dataProvider/checked.ts';
import { ALERT_DELIVERY_TIMEOUT_MS } from '../../config/alertDelivery.ts';

/** A test send waits for the destination (up to its timeout), then answers: a little longer than that. */
const TEST_CALL_TIMEOUT_MS = ALERT_DELIVERY_TIMEOUT_MS + 5000;

export function useAlertsApi() {
  const { alertsApi } = useConsoleDataProvider();
  return useMemo(
    () => ({
      destinations: () => alertsApi('/destinations').then(checked(DestinationsResponse, 'GET /alerts/destinations')),
      saveDestinations: (destinations: DestinationInput[]) =>
        alertsApi('/destinations', { method: 'PUT', body: { destinations } }).then(checked(DestinationsResponse, 'PUT /alerts/destinations')),
      test: (id: string) =>
        alertsApi(`/destinations/${encodeURIComponent(id)}/test`, { method: 'POST', timeoutMs: TEST_CALL_TIMEOUT_MS }).then(
          checked(DeliveryAttemptResponse, 'POST /alerts/destinations/test'),
        ),
      deliveries: (limit = 50) => alertsApi(`/deliveries?limit=${limit}`).then(checked(DeliveriesResponse, 'GET /alerts/deliveries')),
    }),
    [alertsApi],
  );
}
