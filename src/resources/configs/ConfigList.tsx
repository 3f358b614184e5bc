/** /settings/configs: the configs (GET /configs); Open edits one. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useGetList } from 'react-admin';
import { errorText } from '../shared/errors.ts';

export function ConfigList({ onOpen }: { onOpen: (configName: string) => void }) {
  const { data, error, isPending } = useGetList('configs', { pagination: { page: 1, perPage: 100 }, sort: { field: 'configName', order: 'ASC' }, filter: {} });
  if (error) return <Alert severity="error">Could not load configs: {errorText(error)}</Alert>;
  return (
    <Table size="small" aria-label="Configs">
      <TableHead>
        <TableRow>
          <TableCell>Config</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Updated</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {isPending && (
          <TableRow>
            <TableCell colSpan={4}>Reading configs…</TableCell>
          </TableRow>
        )}
        {(data ?? []).map((c) => (
          <TableRow key={String(c.id)}>
            <TableCell>{String(c.configName ?? c.id)}</TableCell>
            <TableCell>{String(c.version ?? '')}</TableCell>
            <TableCell>{typeof c.updatedAt === 'number' ? new Date(c.updatedAt).toLocaleString() : ''}</TableCell>
            <TableCell>
              <Button onClick={() => onOpen(String(c.id))} aria-label={`Open ${String(c.id)}`}>
                Open
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
