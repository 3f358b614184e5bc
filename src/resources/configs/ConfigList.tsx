/**
 * /settings/configs: the configs (GET /configs); a config's name opens it for editing. The action
 * sits at the row's left, away from the top-right corner where notifications stack.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useGetList } from 'react-admin';
import { useFormatTime } from '../../widgets/shared/timeZone.ts';
import { errorText } from '../shared/errors.ts';

export function ConfigList({ onOpen }: { onOpen: (configName: string) => void }) {
  const formatTime = useFormatTime();
  const { data, error, isPending } = useGetList('configs', { pagination: { page: 1, perPage: 100 }, sort: { field: 'configName', order: 'ASC' }, filter: {} });
  if (error) return <Alert severity="error">Could not load configs: {errorText(error)}</Alert>;
  return (
    <Table size="small" aria-label="Configs" sx={{ width: 'auto', minWidth: 480 }}>
      <TableHead>
        <TableRow>
          <TableCell>Config</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Updated</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {isPending && (
          <TableRow>
            <TableCell colSpan={3}>Reading configs…</TableCell>
          </TableRow>
        )}
        {(data ?? []).map((c) => (
          <TableRow key={String(c.id)}>
            <TableCell>
              <Button onClick={() => onOpen(String(c.id))} aria-label={`Open ${String(c.id)}`} title={`Open ${String(c.id)}`} sx={{ px: 0.5, minWidth: 0, justifyContent: 'flex-start', fontFamily: 'monospace' }}>
                {String(c.configName ?? c.id)}
              </Button>
            </TableCell>
            <TableCell>{String(c.version ?? '')}</TableCell>
            <TableCell>{typeof c.updatedAt === 'number' ? formatTime(c.updatedAt) : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
