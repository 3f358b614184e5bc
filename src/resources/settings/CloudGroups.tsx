/** Cloud groups (s.awsGroups): restart one (POST /aws/restart, confirmed); edit the list as JSON (PUT /aws/groups). */
import { VISUALLY_HIDDEN } from '../../widgets/shared/visuallyHidden.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AwsGroupsRequest } from '../../contract/index.ts';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../shared/errors.ts';
import { Section } from './Section.tsx';

const selectGroups = (s: LiveState) => s.awsGroups;
const cell = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function parseGroups(text: string): { groups?: AwsGroupsRequest['groups']; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const parsed = AwsGroupsRequest.safeParse({ groups: value });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.slice(1).join('.') || 'groups'}: ${i.message}`).join('; ') };
  return { groups: parsed.data.groups };
}

export function CloudGroups() {
  const api = useConsoleDataProvider();
  const groups = useLive(selectGroups);
  const [restart, setRestart] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const act = async (label: string, call: () => Promise<unknown>, after: () => void) => {
    setPending(true);
    try {
      await call();
      setResult({ ok: true, text: `${label} done.` });
      after();
    } catch (e) {
      setResult({ ok: false, text: `${label} failed: ${errorText(e)}` });
    } finally {
      setPending(false);
      setRestart(null);
    }
  };
  const parsed = editing === null ? null : parseGroups(editing);

  return (
    <Section wide title="Cloud groups" about="The worker instance groups in the cloud. Restart replaces every instance of a group; the list itself is edited as JSON.">
      <Table size="small" aria-label="Cloud groups table">
        <TableHead>
          <TableRow>
            <TableCell>Group</TableCell>
            <TableCell>Region</TableCell>
            <TableCell>Instance type</TableCell>
            <TableCell align="right">Desired</TableCell>
            <TableCell align="right">Running</TableCell>
            <TableCell>
              <span style={VISUALLY_HIDDEN}>Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary">
                  No cloud groups are configured.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {groups.map((g, i) => (
            <TableRow key={g.name ?? `#${i}`}>
              <TableCell>{g.name ?? <Typography variant="body2" color="text.secondary">(unnamed group {i + 1})</Typography>}</TableCell>
              <TableCell>{cell(g.region)}</TableCell>
              <TableCell>{cell(g.instanceType)}</TableCell>
              <TableCell align="right">{cell(g.desired)}</TableCell>
              <TableCell align="right">{cell(g.running)}</TableCell>
              <TableCell align="right">
                {g.name !== undefined && (
                  <Button size="small" onClick={() => setRestart(g.name ?? null)} aria-label={`Restart ${g.name}`}>
                    Restart
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      {editing === null ? (
        <div>
          <Button onClick={() => setEditing(JSON.stringify(groups, null, 2))}>Edit groups</Button>
        </div>
      ) : (
        <Stack spacing={1}>
          <TextField
            label="Cloud groups JSON"
            multiline
            minRows={6}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            error={!!parsed?.error}
            helperText={parsed?.error ?? ' '}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={pending || !parsed?.groups}
              onClick={() => parsed?.groups && void act('Saving cloud groups', () => api.setAwsGroups(parsed.groups ?? []), () => setEditing(null))}
            >
              Save groups
            </Button>
            <Button onClick={() => setEditing(null)} disabled={pending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={restart !== null}
        title="Restart cloud group"
        message={`Restart every instance of cloud group ${restart ?? ''}? Work running on them is interrupted.`}
        busy={pending}
        onYes={() => restart !== null && void act(`Restart of ${restart}`, () => api.restartAwsGroup(restart), () => undefined)}
        onNo={() => setRestart(null)}
      />
    </Section>
  );
}
