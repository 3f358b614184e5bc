/**
 * Tokens from the live allTokens map (SPEC §3): search (§5 rules), network filter, sortable
 * columns, pagination, pins for everyone signed in; edit, delete and create for Admin.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { NETWORKS } from '../../config/networks.ts';
import type { Token } from '../../contract/index.ts';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog.tsx';
import { useLive } from '../../realtime/index.ts';
import type { LiveState } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../shared/errors.ts';
import { PER_PAGE_OPTIONS, pageOf, sortBy, type SortState } from '../shared/table.ts';
import { PinToggle } from './PinToggles.tsx';
import { matchesToken } from './tokenRules.ts';

type Field = 'tokenName' | 'networks' | 'pinned' | 'autosell';
const EMPTY: readonly string[] = [];
const selectTokens = (s: LiveState) => s.allTokens;
const selectPins = (s: LiveState) => s.brainState?.pinnedTokens ?? EMPTY;
const selectSellPins = (s: LiveState) => s.brainState?.autosellPins ?? EMPTY;

/** One line per network, as aligned columns: network, address, decimals (monospace, so addresses line up). */
function NetworkLines({ token }: { token: Token }) {
  return (
    <Box component="ul" aria-label={`Networks of ${token.tokenName}`} sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 13, lineHeight: 1.6 }}>
      {Object.entries(token.networkData).map(([network, d]) => (
        <Box
          component="li"
          key={network}
          aria-label={`${network}: ${d.address} (${d.decimals} decimals)`}
          sx={{ display: 'grid', gridTemplateColumns: '11ch minmax(0, 44ch) 4ch', columnGap: '1ch' }}
        >
          <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {network}
          </Box>
          <Box component="span" title={d.address} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {d.address}
          </Box>
          <Box component="span" title="decimals" sx={{ textAlign: 'right', color: 'text.secondary' }}>
            {d.decimals}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export interface TokenListProps {
  /** Admin: edit, delete and create. */
  admin: boolean;
  onEdit?: (tokenName: string) => void;
  onCreate?: () => void;
}

export function TokenList({ admin, onEdit, onCreate }: TokenListProps) {
  const api = useConsoleDataProvider();
  const allTokens = useLive(selectTokens);
  const pins = useLive(selectPins);
  const sellPins = useLive(selectSellPins);
  const [query, setQuery] = useState('');
  const [network, setNetwork] = useState('');
  const [sort, setSort] = useState<SortState<Field>>({ field: 'tokenName', order: 'asc' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [pinPending, setPinPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const rows = useMemo(() => {
    const matching = Object.values(allTokens).filter((t) => matchesToken(t, query, network));
    return sortBy(matching, sort, (t: Token, field: Field) => {
      switch (field) {
        case 'tokenName':
          return t.tokenName.toLowerCase();
        case 'networks':
          return Object.keys(t.networkData).length;
        case 'pinned':
          return pins.includes(t.tokenName) ? 1 : 0;
        case 'autosell':
          return sellPins.includes(t.tokenName) ? 1 : 0;
      }
    });
  }, [allTokens, query, network, sort, pins, sellPins]);
  const lastPage = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const shownPage = Math.min(page, lastPage);

  const sortHeader = (field: Field, label: string) => (
    <TableSortLabel
      active={sort.field === field}
      direction={sort.field === field ? sort.order : 'asc'}
      onClick={() => setSort((s) => ({ field, order: s.field === field && s.order === 'asc' ? 'desc' : 'asc' }))}
    >
      {label}
    </TableSortLabel>
  );

  const togglePin = async (tokenName: string, kind: 'pin' | 'autosell', next: boolean) => {
    const current = kind === 'pin' ? pins : sellPins;
    const list = next ? [...current.filter((n) => n !== tokenName), tokenName] : current.filter((n) => n !== tokenName);
    setPinPending(true);
    setFailure(null);
    try {
      await (kind === 'pin' ? api.setPins(list) : api.setSellPins(list));
    } catch (e) {
      setFailure(`${kind === 'pin' ? 'Pin' : 'Autosell pin'} of ${tokenName} failed: ${errorText(e)}`);
    } finally {
      setPinPending(false);
    }
  };

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    setFailure(null);
    try {
      await api.deleteToken(toDelete);
      setToDelete(null);
    } catch (e) {
      setFailure(`Delete of ${toDelete} failed: ${errorText(e)}`);
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          fullWidth={false}
          sx={{ minWidth: 280 }}
          label="Search"
          placeholder="name/address [network]"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
          size="small"
        />
        <TextField
          fullWidth={false}
          select
          label="Network"
          value={network}
          onChange={(e) => {
            setNetwork(e.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All networks</MenuItem>
          {NETWORKS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        {admin && onCreate && (
          <Button variant="contained" onClick={onCreate}>
            New token
          </Button>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Table size="small" aria-label="Tokens">
        <TableHead>
          <TableRow>
            <TableCell>{sortHeader('tokenName', 'Token')}</TableCell>
            <TableCell>
              {sortHeader('networks', 'Networks')}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                network · address · decimals
              </Typography>
            </TableCell>
            <TableCell>{sortHeader('pinned', 'Pinned')}</TableCell>
            <TableCell>{sortHeader('autosell', 'Autosell')}</TableCell>
            {admin && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={admin ? 5 : 4}>
                <Typography color="text.secondary">No tokens match.</Typography>
              </TableCell>
            </TableRow>
          )}
          {pageOf(rows, shownPage, perPage).map((t) => (
            <TableRow key={t.tokenName} hover>
              <TableCell>{t.tokenName}</TableCell>
              <TableCell>
                <NetworkLines token={t} />
              </TableCell>
              <TableCell>
                <PinToggle tokenName={t.tokenName} kind="pin" pinned={pins.includes(t.tokenName)} disabled={pinPending} onToggle={(...a) => void togglePin(...a)} />
              </TableCell>
              <TableCell>
                <PinToggle tokenName={t.tokenName} kind="autosell" pinned={sellPins.includes(t.tokenName)} disabled={pinPending} onToggle={(...a) => void togglePin(...a)} />
              </TableCell>
              {admin && (
                <TableCell>
                  <IconButton aria-label={`Edit ${t.tokenName}`} onClick={() => onEdit?.(t.tokenName)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton aria-label={`Delete ${t.tokenName}`} onClick={() => setToDelete(t.tokenName)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={rows.length}
        page={shownPage}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete token"
        message={`Delete token ${toDelete ?? ''}? It is also taken off every bridge that lists it and off the pins.`}
        busy={deleting}
        onYes={() => void confirmDelete()}
        onNo={() => setToDelete(null)}
      />
    </Stack>
  );
}
