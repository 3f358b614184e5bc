/**
 * A bridge's Solana config entries (GET /solana-bridge/{x}, paged), narrowed by find (GET
 * /solana-bridge/{x}/find/{q}); each token's networks on their own lines, a network removed with
 * DELETE .../{token}/{network} and a token with DELETE .../{token}, each after a confirmation.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import type { SolanaBridgeListResponse } from '../../contract/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { PER_PAGE_OPTIONS } from '../../ui/table.ts';
import { SolanaEntryRows } from './SolanaEntryRows.tsx';
import { NEW_SOLANA_ENTRY_PATH, SOLANA_IMPORT_PATH } from './paths.ts';

/** Typing settles for this long before find asks the server (one call per pause, not per key). */
const FIND_DELAY_MS = 300;

interface PendingDelete {
  token: string;
  network?: string;
}

export function SolanaEntries({ x, base }: { x: string; base: string }) {
  const api = useConsoleDataProvider();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [reload, setReload] = useState(0);
  const [result, setResult] = useState<SolanaBridgeListResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    const next = q.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(0);
    }, FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, query]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const call = query === '' ? api.solanaList(x, { page: page + 1, perPage }) : api.solanaFind(x, query);
    call.then(
      (r) => {
        if (!live) return;
        setResult(r);
        setFailure(null);
      },
      (e: unknown) => live && setFailure(`Could not read the Solana config of ${x}: ${errorText(e)}`),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, x, query, page, perPage, reload]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      if (toDelete.network) await api.solanaDeleteNetwork(x, toDelete.token, toDelete.network);
      else await api.solanaDelete(x, toDelete.token);
      setReload((n) => n + 1);
    } catch (e) {
      setFailure(`Delete failed: ${errorText(e)}`);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const rows = result?.data ?? [];
  const finding = query !== '';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField
          size="small"
          fullWidth={false}
          label="Find"
          placeholder="token or address"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ width: 280 }}
          slotProps={{ htmlInput: { 'aria-label': 'Find token or address', maxLength: 128 } }}
        />
        <Button variant="contained" onClick={() => navigate(`${base}/${NEW_SOLANA_ENTRY_PATH}`)}>
          New entry
        </Button>
        <Button variant="outlined" onClick={() => navigate(`${base}/${SOLANA_IMPORT_PATH}`)}>
          Import CSV
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-live="polite">
          {result === null ? '' : finding ? matchText(result) : `${result.total} ${result.total === 1 ? 'token' : 'tokens'}`}
        </Typography>
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {loading ? <LinearProgress aria-label="Reading entries" /> : <div style={{ height: 4 }} />}
      <Table size="small" aria-label={`Solana config of ${x}`}>
        <TableHead>
          <TableRow>
            <TableCell>Token</TableCell>
            <TableCell>Network</TableCell>
            <TableCell>Address</TableCell>
            <TableCell align="right">Decimals</TableCell>
            <TableCell padding="checkbox" />
          </TableRow>
        </TableHead>
        <TableBody>
          {result !== null && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography color="text.secondary" variant="body2">
                  {finding ? `Nothing matches “${query}”.` : 'No entries yet: add one or import a CSV.'}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          <SolanaEntryRows entries={rows} onEdit={(token) => navigate(`${base}/${encodeURIComponent(token)}`)} onDelete={(token, network) => setToDelete({ token, network })} />
        </TableBody>
      </Table>
      {!finding && result !== null && result.total > 0 && (
        <TablePagination
          component="div"
          count={result.total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PER_PAGE_OPTIONS}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete?.network ? 'Remove network' : 'Delete entry'}
        message={
          toDelete?.network
            ? `Remove ${toDelete.network} from ${toDelete.token} in the Solana config of ${x}? The token's other networks stay.`
            : `Delete ${toDelete?.token ?? ''} and all its networks from the Solana config of ${x}?`
        }
        busy={deleting}
        onYes={() => void confirmDelete()}
        onNo={() => setToDelete(null)}
      />
    </Stack>
  );
}

function matchText({ data, total }: SolanaBridgeListResponse): string {
  return data.length < total ? `first ${data.length} of ${total} matches` : `${total} ${total === 1 ? 'match' : 'matches'}`;
}
