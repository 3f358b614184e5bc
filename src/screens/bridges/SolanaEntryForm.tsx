/**
 * One token of a Solana config: a new one (POST /solana-bridge/{x} {token, data}) or an existing one
 * read with GET .../{token} and replaced with PUT .../{token} {data}. Rows are checked by the
 * contract as typed; a refused save keeps every row and says why.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNavigate } from 'react-router-dom';
import { NETWORKS } from '../../config/networks.ts';
import type { SolanaBridgeRecord } from '../../contract/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { checkEntry, emptyRow, rowsOf, type EntryRow } from '../../domain/solanaRules.ts';

export function SolanaEntryForm({ x, token, base }: { x: string; token?: string; base: string }) {
  const api = useConsoleDataProvider();
  const navigate = useNavigate();
  const editing = token !== undefined;
  const [loaded, setLoaded] = useState<SolanaBridgeRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState(token ?? '');
  const [rows, setRows] = useState<EntryRow[]>(() => (editing ? [] : [emptyRow()]));
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (token === undefined) return;
    let live = true;
    api.solanaGet(x, token).then(
      (record) => {
        if (!live) return;
        setLoaded(record);
        setRows(rowsOf(record));
      },
      (e: unknown) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, x, token]);

  const check = checkEntry(name, rows);
  const back = () => navigate(base);
  const setRow = (i: number, patch: Partial<EntryRow>) => setRows((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const onSubmit = async () => {
    setTouched(true);
    if (!check.data) return;
    setPending(true);
    setError(null);
    try {
      if (editing) await api.solanaUpdate(x, name, { data: check.data });
      else await api.solanaCreate(x, { token: name, data: check.data });
      back();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(false);
    }
  };

  if (loadError) return <Alert severity="error">Could not read {token} of {x}: {loadError}</Alert>;
  if (editing && !loaded) return <Typography>Reading {token}…</Typography>;

  return (
    <Stack
      component="form"
      spacing={1.5}
      sx={{ maxWidth: 880 }}
      aria-label={editing ? `Edit ${token}` : 'New entry'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <TextField
        size="small"
        fullWidth={false}
        label="Token"
        value={name}
        disabled={editing}
        onChange={(e) => setName(e.target.value.trim())}
        error={touched && check.tokenProblem !== null}
        helperText={(touched && check.tokenProblem) || ' '}
        sx={{ width: 280 }}
      />
      <Typography variant="subtitle2" component="h3">
        Networks
      </Typography>
      {rows.map((r, i) => {
        const problems = touched ? check.rows[i] : undefined;
        const n = i + 1;
        return (
          <Stack key={i} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              label={`Network ${n}`}
              value={r.network}
              onChange={(e) => setRow(i, { network: e.target.value })}
              error={problems?.network !== undefined}
              helperText={problems?.network ?? ' '}
              sx={{ width: 170, flexShrink: 0 }}
            >
              {NETWORKS.map((network) => (
                <MenuItem key={network} value={network}>
                  {network}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={`Address ${n}`}
              value={r.address}
              onChange={(e) => setRow(i, { address: e.target.value })}
              error={problems?.address !== undefined}
              helperText={problems?.address ?? ' '}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <TextField
              size="small"
              label={`Decimals ${n}`}
              value={r.decimals}
              onChange={(e) => setRow(i, { decimals: e.target.value })}
              error={problems?.decimals !== undefined}
              helperText={problems?.decimals ?? ' '}
              sx={{ width: 110, flexShrink: 0 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <IconButton aria-label={`Remove network row ${n}`} onClick={() => setRows((all) => all.filter((_, k) => k !== i))} sx={{ mt: 2 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      {touched && check.other && <Alert severity="warning">A token needs at least one network.</Alert>}
      <div>
        <Button onClick={() => setRows((all) => [...all, emptyRow()])}>Add network</Button>
      </div>
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={pending}>
          Save
        </Button>
        <Button onClick={back} disabled={pending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
