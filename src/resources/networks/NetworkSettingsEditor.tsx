/**
 * /settings/networks: the networkSettings config (SPEC §3) as a table (automation, priority) and
 * a pair-flags matrix keyed by pairKey; saved with PUT /configs/networkSettings (version, 409).
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NETWORKS } from '../../config/networks.ts';
import { NetworkSettingsConfig, type ConfigRecord } from '../../contract/index.ts';
import { pairKey } from '../../domain/keys.ts';
import { ConflictDialog } from '../shared/ConflictDialog.tsx';
import { useResourceApi } from '../shared/api.ts';
import { errorText } from '../shared/errors.ts';
import { useConfigSave } from '../shared/useConfigSave.ts';

export const NETWORK_SETTINGS = 'networkSettings';

interface Row {
  name: string;
  automation: boolean;
  priority: string;
}

interface Loaded {
  version: number;
  data: Record<string, unknown>;
}

function rowsOf(data: unknown): { rows: Row[]; pairFlags: Record<string, { enabled: boolean }> } {
  const parsed = NetworkSettingsConfig.safeParse(data);
  if (!parsed.success) return { rows: [], pairFlags: {} };
  return {
    rows: parsed.data.networks.map((n) => ({ name: n.name, automation: n.automation, priority: String(n.priority) })),
    pairFlags: { ...parsed.data.pairFlags },
  };
}

const priorityProblem = (p: string) => {
  const n = Number(p);
  return p.trim() === '' || !Number.isInteger(n) || n < 0 || n > 1000 ? 'an integer from 0 to 1000' : null;
};

export function NetworkSettingsEditor() {
  const api = useResourceApi();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [pairFlags, setPairFlags] = useState<Record<string, { enabled: boolean }>>({});
  const [adding, setAdding] = useState('');

  const load = useCallback((record: ConfigRecord) => {
    setLoaded({ version: record.version, data: record.data });
    const next = rowsOf(record.data);
    setRows(next.rows);
    setPairFlags(next.pairFlags);
  }, []);

  useEffect(() => {
    let live = true;
    api.getConfig(NETWORK_SETTINGS).then(
      (record) => live && load(record),
      (e: unknown) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, load]);

  const { pending, error, conflict, submit, keepMine, dismissConflict, saved, setSaved, takeTheirs } = useConfigSave(NETWORK_SETTINGS, load);

  if (loadError) return <Alert severity="error">Could not load network settings: {loadError}</Alert>;
  if (!loaded) return <Typography>Reading network settings…</Typography>;

  const invalid = rows.some((r) => priorityProblem(r.priority) !== null);
  const names = rows.map((r) => r.name);
  const setRow = (i: number, patch: Partial<Row>) => {
    setSaved(false);
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  };
  const onSave = () => {
    if (invalid) return;
    const networks = rows.map((r) => ({ name: r.name, automation: r.automation, priority: Number(r.priority) }));
    void submit({ ...loaded.data, networks, pairFlags }, loaded.version);
  };

  return (
    <Stack spacing={3}>
      <Table size="small" aria-label="Networks" sx={{ maxWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>Network</TableCell>
            <TableCell>Automation</TableCell>
            <TableCell>Priority</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={r.name}>
              <TableCell>{r.name}</TableCell>
              <TableCell>
                <Switch checked={r.automation} onChange={(e) => setRow(i, { automation: e.target.checked })} slotProps={{ input: { 'aria-label': `Automation ${r.name}` } }} />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={r.priority}
                  onChange={(e) => setRow(i, { priority: e.target.value })}
                  error={priorityProblem(r.priority) !== null}
                  helperText={priorityProblem(r.priority) ?? undefined}
                  slotProps={{ htmlInput: { 'aria-label': `Priority ${r.name}`, inputMode: 'numeric' } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField select size="small" label="Add network" value={adding} onChange={(e) => setAdding(e.target.value)} sx={{ minWidth: 180 }}>
          {NETWORKS.filter((n) => !names.includes(n)).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Button
          disabled={adding === ''}
          onClick={() => {
            setRows((all) => [...all, { name: adding, automation: false, priority: '0' }]);
            setAdding('');
          }}
        >
          Add
        </Button>
      </Stack>
      <section aria-label="Pair flags">
        <Typography variant="h6" component="h2">
          Pair flags
        </Typography>
        <Table size="small" aria-label="Pair flags matrix" sx={{ width: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell />
              {names.map((n) => (
                <TableCell key={n} sx={{ writingMode: 'vertical-rl' }}>
                  {n}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {names.map((a, i) => (
              <TableRow key={a}>
                <TableCell component="th" scope="row">
                  {a}
                </TableCell>
                {names.map((b, j) => {
                  if (j <= i) return <TableCell key={b} />;
                  const key = pairKey(a, b);
                  return (
                    <TableCell key={b} padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={pairFlags[key]?.enabled ?? false}
                        onChange={(e) => {
                          setSaved(false);
                          setPairFlags((all) => ({ ...all, [key]: { enabled: e.target.checked } }));
                        }}
                        slotProps={{ input: { 'aria-label': `Pair ${key}` } }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      {saved && <Alert severity="success">Saved as version {loaded.version}.</Alert>}
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      <div>
        <Button variant="contained" onClick={onSave} disabled={pending || invalid}>
          Save
        </Button>
      </div>
      <ConflictDialog
        open={conflict !== null}
        what="Network settings"
        theirs={conflict?.theirs}
        mine={conflict?.mine}
        busy={pending}
        onKeepMine={() => void keepMine()}
        onTakeTheirs={takeTheirs}
        onCancel={dismissConflict}
      />
    </Stack>
  );
}
