/** The delivery log: time, rule, status, destination, ok or the error, attempts; newest first. */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Delivery } from '../../contract/alertDelivery.ts';
import { deliveryResultText } from '../../domain/alertDelivery.ts';
import { errorText } from '../../ui/errors.ts';
import { useFormatTime } from '../../ui/timeZone.ts';
import { useAlertsApi } from './api.ts';

const STATUS_WORDS: Record<Delivery['status'], string> = { firing: 'Firing', resolved: 'Resolved', test: 'Test' };

export function DeliveryLog({ reload, onReload }: { reload: number; onReload: () => void }) {
  const api = useAlertsApi();
  const formatTime = useFormatTime();
  const [rows, setRows] = useState<Delivery[] | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api.deliveries(), api.destinations()]).then(
      ([{ data }, { destinations }]) => {
        if (!live) return;
        setRows(data);
        setNames(Object.fromEntries(destinations.map((d) => [d.id, d.name])));
        setError(null);
      },
      (e: unknown) => live && setError(`The delivery log could not be read: ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api, reload]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <div>
        <Button size="small" variant="outlined" onClick={onReload}>
          Refresh the log
        </Button>
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      {rows && rows.length === 0 && <Typography variant="body2">Nothing delivered yet.</Typography>}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }} role="region" aria-label="Delivery log table" tabIndex={0}>
          <Table size="small" aria-label="Delivery log">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Rule</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Destination</TableCell>
                <TableCell>Result</TableCell>
                <TableCell align="right">Tries</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(row.at)}</TableCell>
                  <TableCell title={row.text}>{row.rule}</TableCell>
                  <TableCell>{STATUS_WORDS[row.status]}</TableCell>
                  <TableCell>{names[row.destinationId] ?? 'a removed destination'}</TableCell>
                  <TableCell>{deliveryResultText(row)}</TableCell>
                  <TableCell align="right">{row.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
