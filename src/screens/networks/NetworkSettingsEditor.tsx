/**
 * /settings/networks: the networkSettings config (§3) as a table (automation, priority) and
 * a pair-flags matrix keyed by pairKey; saved with PUT /configs/networkSettings (version, 409).
 */
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden.ts';
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NETWORKS } from '../../config/networks.ts';
import { NetworkSettingsConfig, type ConfigRecord } from '../../contract/index.ts';
import { pairKey } from '../../domain/keys.ts';
import { ConflictDialog } from '../../ui/dialogs/ConflictDialog.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { useConfigSave } from '../../ui/useConfigSave.ts';

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

/**
 * The editor's rows, or why the stored settings do not fit it. A table built from settings it cannot
 * read would save an empty list over them, so such settings are shown as a problem and never saved here.
 */
function rowsOf(data: unknown): { rows: Row[]; pairFlags: Record<string, { enabled: boolean }>; unreadable: string | null } {
  const parsed = NetworkSettingsConfig.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { rows: [], pairFlags: {}, unreadable: `${where}${issue?.message ?? 'not network settings'}` };
  }
  return {
    rows: parsed.data.networks.map((n) => ({ name: n.name, automation: n.automation, priority: String(n.priority) })),
    pairFlags: { ...parsed.data.pairFlags },
    unreadable: null,
  };
}

/** The first column of the pair matrix stays put while the matrix scrolls sideways. */
const STICKY_COLUMN = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

const priorityProblem = (p: string) => {
  const n = Number(p);
  return p.trim() === '' || !Number.isInteger(n) || n < 0 || n > 1000 ? 'an integer from 0 to 1000' : null;
};

export function NetworkSettingsEditor() {
  const api = useConsoleDataProvider();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [pairFlags, setPairFlags] = useState<Record<string, { enabled: boolean }>>({});
  const [adding, setAdding] = useState('');
  const [unreadable, setUnreadable] = useState<string | null>(null);

  const load = useCallback((record: ConfigRecord) => {
    setLoaded({ version: record.version, data: record.data });
    const next = rowsOf(record.data);
    setRows(next.rows);
    setPairFlags(next.pairFlags);
    setUnreadable(next.unreadable);
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
  if (unreadable !== null) {
    return (
      <Alert severity="error">
        The stored network settings do not fit this editor ({unreadable}), so nothing is shown or saved here. Edit them as JSON
        under Configs (networkSettings).
      </Alert>
    );
  }

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
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {/* The networks table and the pair matrix side by side while the screen is wide enough. */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
      {/* On a phone the table scrolls inside its own box; the page keeps the screen's width. */}
      <Stack spacing={1.5} sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: 0, maxWidth: '100%' }}>
      <Box sx={{ maxWidth: '100%', overflowX: 'auto', contain: { xs: 'inline-size', sm: 'none' } }}>
      <Table size="small" aria-label="Networks" sx={{ width: 'auto', '& td, & th': { py: 0.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Network</TableCell>
            <TableCell>Automation</TableCell>
            <TableCell>Priority</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => {
            const problem = priorityProblem(r.priority);
            return (
              <TableRow key={r.name}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                <TableCell>
                  <Switch size="small" checked={r.automation} onChange={(e) => setRow(i, { automation: e.target.checked })} slotProps={{ input: { 'aria-label': `Automation ${r.name}` } }} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <TextField
                    variant="standard"
                    size="small"
                    margin="none"
                    value={r.priority}
                    onChange={(e) => setRow(i, { priority: e.target.value })}
                    error={problem !== null}
                    sx={{ width: 72 }}
                    slotProps={{ htmlInput: { 'aria-label': `Priority ${r.name}`, inputMode: 'numeric', title: problem ?? undefined } }}
                  />
                  {problem && (
                    <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
                      {problem}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField select size="small" label="Add network" value={adding} onChange={(e) => setAdding(e.target.value)} sx={{ width: 200 }}>
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
      </Stack>
      <Box component="section" aria-label="Pair flags" sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          Pair flags
        </Typography>
        {/* The matrix scrolls on its own, both ways, so the page keeps its width; the names stay in view. */}
        <TableContainer role="region" tabIndex={0} aria-label="Pair flags matrix, scrollable" sx={{ maxWidth: '100%', contain: { xs: 'inline-size', sm: 'none' }, maxHeight: '70vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, width: { xs: '100%', sm: 'fit-content' } }}>
          <Table stickyHeader size="small" aria-label="Pair flags matrix" sx={{ width: 'auto', '& td, & th': { py: 0, px: 0.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...STICKY_COLUMN, zIndex: 3 }}>
                  <span style={VISUALLY_HIDDEN}>Network</span>
                </TableCell>
                {names.map((n) => (
                  <TableCell key={n} sx={{ writingMode: 'vertical-rl', py: 0.5, verticalAlign: 'bottom' }}>
                    {n}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {names.map((a, i) => (
                <TableRow key={a} hover>
                  <TableCell component="th" scope="row" sx={{ ...STICKY_COLUMN, px: 1, whiteSpace: 'nowrap' }}>
                    {a}
                  </TableCell>
                  {names.map((b, j) => {
                    if (j <= i) return <TableCell key={b} />;
                    const key = pairKey(a, b);
                    return (
                      <TableCell key={b} padding="none" align="center">
                        <Checkbox
                          size="small"
                          sx={{ p: 0.25 }}
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
        </TableContainer>
      </Box>
      </Stack>
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
