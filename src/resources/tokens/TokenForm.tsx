/** Create or edit a token: tokenName and its networkData as a table (SPEC §3, §7 POST/PUT /tokens). */
import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { NETWORKS } from '../../config/networks.ts';
import { Token, type TokenBody } from '../../contract/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { versionOf } from '../shared/errors.ts';
import { useVersionedSave } from '../shared/useVersionedSave.ts';
import { VersionedFormFooter } from '../shared/VersionedFormFooter.tsx';
import { networkDataOf, rowErrors, rowsOf, tokenNameProblem, type NetworkRow } from './tokenRules.ts';

export interface TokenFormProps {
  /** The token being edited; undefined creates one. */
  token?: Token;
  onDone: () => void;
}

export function TokenForm({ token, onDone }: TokenFormProps) {
  const api = useConsoleDataProvider();
  const editing = token !== undefined;
  const [tokenName, setTokenName] = useState(token?.tokenName ?? '');
  const [rows, setRows] = useState<NetworkRow[]>(() => (token ? rowsOf(token) : [{ network: '', address: '', decimals: '18' }]));
  const [base, setBase] = useState<Token | undefined>(token);
  const [touched, setTouched] = useState(false);

  const save = useCallback(
    (body: TokenBody, version: number) =>
      editing ? api.updateToken(body.tokenName, { ...body, version }) : api.createToken(body),
    [api, editing],
  );
  const { pending, error, conflict, submit, keepMine, dismissConflict } = useVersionedSave(save, onDone);

  const nameProblem = editing ? null : tokenNameProblem(tokenName);
  const errors = rowErrors(rows);
  const valid = nameProblem === null && rows.length > 0 && errors.every((e) => Object.keys(e).length === 0);

  const setRow = (index: number, patch: Partial<NetworkRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const onSubmit = () => {
    setTouched(true);
    if (!valid) return;
    const { id: _raId, ...rest } = (base ?? {}) as Record<string, unknown>;
    const body: TokenBody = { ...rest, tokenName, networkData: networkDataOf(rows, base?.networkData) };
    void submit(body, versionOf(base) ?? 1);
  };

  const takeTheirs = (theirs: unknown) => {
    const parsed = Token.safeParse(theirs);
    if (parsed.success) {
      setBase(parsed.data);
      setRows(rowsOf(parsed.data));
    }
  };

  return (
    <Stack component="form" spacing={2} aria-label={editing ? `Edit token ${tokenName}` : 'New token'} onSubmit={(e) => { e.preventDefault(); onSubmit(); }} noValidate>
      <Typography variant="h6" component="h2">
        {editing ? `Edit token ${tokenName}` : 'New token'}
      </Typography>
      <TextField
        label="Token name"
        value={tokenName}
        onChange={(e) => setTokenName(e.target.value.trim())}
        disabled={editing}
        error={touched && nameProblem !== null}
        helperText={(touched && nameProblem) || (editing ? 'tokens are not renamed' : ' ')}
        sx={{ maxWidth: 360 }}
      />
      <Table size="small" aria-label="Network data">
        <TableHead>
          <TableRow>
            <TableCell>Network</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Decimals</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const e = touched ? errors[i] ?? {} : {};
            return (
              <TableRow key={i}>
                <TableCell sx={{ minWidth: 160 }}>
                  <TextField select size="small" fullWidth label={`Network ${i + 1}`} value={row.network} onChange={(ev) => setRow(i, { network: ev.target.value })} error={!!e.network} helperText={e.network ?? ' '}>
                    {NETWORKS.map((n) => (
                      <MenuItem key={n} value={n}>
                        {n}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ minWidth: 320 }}>
                  <TextField size="small" fullWidth label={`Address ${i + 1}`} value={row.address} onChange={(ev) => setRow(i, { address: ev.target.value })} error={!!e.address} helperText={e.address ?? ' '} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />
                </TableCell>
                <TableCell sx={{ width: 120 }}>
                  <TextField size="small" label={`Decimals ${i + 1}`} value={row.decimals} onChange={(ev) => setRow(i, { decimals: ev.target.value })} error={!!e.decimals} helperText={e.decimals ?? ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
                </TableCell>
                <TableCell>
                  <IconButton aria-label={`Remove network row ${i + 1}`} onClick={() => setRows((all) => all.filter((_, k) => k !== i))}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {touched && rows.length === 0 && <Alert severity="warning">A token needs at least one network.</Alert>}
      <div>
        <Button onClick={() => setRows((all) => [...all, { network: '', address: '', decimals: '18' }])}>Add network</Button>
      </div>
      <VersionedFormFooter
        what={`Token ${tokenName}`}
        pending={pending}
        error={error}
        conflict={conflict}
        keepMine={keepMine}
        dismissConflict={dismissConflict}
        onCancel={onDone}
        onTakeTheirs={takeTheirs}
      />
    </Stack>
  );
}
