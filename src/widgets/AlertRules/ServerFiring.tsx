/**
 * Preferences, for an Admin: which shared rules fire on the server now and where each was
 * delivered. docs/protocol.md "Alerts delivery" gives the delivery log and the destinations to an
 * Admin only, so an Operator does not see this part.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { DeliveriesResponse, DestinationsResponse } from '../../contract/alertDelivery.ts';
import { checked } from '../../dataProvider/checked.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { serverFiring, type ServerFiring as Firing } from '../../domain/alertDelivery.ts';
import { errorText } from '../../ui/errors.ts';
import { useFormatTime } from '../../ui/timeZone.ts';

/** How often the list is read again while Preferences is open. */
const REFRESH_MS = 15_000;

export function ServerFiring() {
  const { alertsApi } = useConsoleDataProvider();
  const formatTime = useFormatTime();
  const [firing, setFiring] = useState<Firing[] | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const read = () =>
      Promise.all([
        alertsApi('/deliveries?limit=200').then(checked(DeliveriesResponse, 'GET /alerts/deliveries')),
        alertsApi('/destinations').then(checked(DestinationsResponse, 'GET /alerts/destinations')),
      ]).then(
        ([{ data }, { destinations }]) => {
          if (!live) return;
          setFiring(serverFiring(data));
          setNames(Object.fromEntries(destinations.map((d) => [d.id, d.name])));
          setError(null);
        },
        (e: unknown) => live && setError(`What the server fires could not be read: ${errorText(e)}`),
      );
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [alertsApi]);

  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        Firing on the server now
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {firing && firing.length === 0 && <Typography variant="body2">No shared rule is firing on the server.</Typography>}
      {firing && firing.length > 0 && (
        <List dense aria-label="Rules firing on the server" disablePadding>
          {firing.map((f) => (
            <ListItem key={f.rule} disableGutters>
              <ListItemText
                primary={`${f.rule}, since ${formatTime(f.since)}`}
                secondary={f.deliveries
                  .map((d) => {
                    const name = names[d.destinationId] ?? 'a removed destination';
                    if (d.ok) return `delivered to ${name}`;
                    return d.attempts === 0 ? `sending to ${name}` : `not delivered to ${name} (${d.error ?? 'no answer'})`;
                  })
                  .join('; ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
