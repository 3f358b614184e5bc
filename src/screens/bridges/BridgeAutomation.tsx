/**
 * Bridge automation, a section above the bridges list (the definition's listAside): on or off and
 * the bridges it may use (PUT /settings/automation/bridges {enabled, bridges}). Seeded from the live
 * misc settings; while nothing is edited it follows them, and an edit made elsewhere meanwhile is
 * pointed out. Folded, its heading says the live state ("Bridge automation: on, 1 of 3 bridges");
 * whether it is open is kept in the preference store, so it survives a reload.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useStore } from 'react-admin';
import { MiscSettingsResponse, type BridgeAutomation as Automation } from '../../contract/index.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { AUTOMATION_OFF, automationBody, automationSummary, sameAutomation } from './automationRules.ts';

const selectBridges = (s: LiveState) => s.bridges;
const selectAutomation = (s: LiveState) => s.miscSettings.bridgeAutomation;
const listText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : '');

export function BridgeAutomation({ onDone }: { onDone: () => void }) {
  const api = useConsoleDataProvider();
  const bridges = useLive(selectBridges);
  const current = useLive(selectAutomation) ?? AUTOMATION_OFF;
  const names = useMemo(() => Object.keys(bridges).sort(), [bridges]);
  const [base, setBase] = useState<Automation>(current);
  const [values, setValues] = useState<Automation>(current);
  /** The live value last taken in; a different one is news from elsewhere. */
  const [seen, setSeen] = useState<Automation>(current);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const dirty = !sameAutomation(values, base);
  const changedElsewhere = !sameAutomation(current, seen) && !sameAutomation(current, base);

  const takeCurrent = useCallback(() => {
    setBase(current);
    setValues(current);
    setSeen(current);
  }, [current]);

  useEffect(() => {
    // Follow the live value until the operator edits; after that, only point the change out.
    if (!dirty && !sameAutomation(current, seen)) takeCurrent();
  }, [current, seen, dirty, takeCurrent]);

  const toggle = (name: string, on: boolean) => {
    setResult(null);
    setValues((v) => ({ ...v, bridges: on ? [...v.bridges, name] : v.bridges.filter((b) => b !== name) }));
  };

  const save = async () => {
    setPending(true);
    setResult(null);
    try {
      const body = automationBody(values.enabled, values.bridges, names);
      const answer: unknown = await api.setBridgeAutomation(body);
      // docs/protocol.md states no answer for this call: the settings it sends back if it does, else what was sent.
      const parsed = MiscSettingsResponse.safeParse(answer);
      const saved = (parsed.success ? parsed.data.miscSettings.bridgeAutomation : undefined) ?? { enabled: body.enabled, bridges: body.bridges ?? [] };
      setBase(saved);
      setValues(saved);
      setResult({ ok: true, text: `Saved: bridge automation is ${saved.enabled ? 'on' : 'off'}${saved.bridges.length > 0 ? ` for ${saved.bridges.join(', ')}` : ''}.` });
    } catch (e) {
      setResult({ ok: false, text: `Save failed: ${errorText(e)}` });
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 760 }} component="section" aria-label="Bridge automation">
      <Typography variant="body2" color="text.secondary">
        When on, the system moves funds over the chosen bridges by itself. Bridges not chosen are used only by trades.
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={values.enabled}
            onChange={(e) => {
              setResult(null);
              setValues((v) => ({ ...v, enabled: e.target.checked }));
            }}
          />
        }
        label={values.enabled ? 'Bridge automation on' : 'Bridge automation off'}
        slotProps={{ typography: { sx: { fontWeight: 600 } } }}
      />
      <Table size="small" aria-label="Automated bridges">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Bridge</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Networks</TableCell>
            <TableCell>Enabled</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {names.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="text.secondary">
                  No bridges.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {names.map((name) => {
            const b = bridges[name];
            return (
              <TableRow key={name} hover>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={values.bridges.includes(name)}
                    onChange={(e) => toggle(name, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Automate ${name}` } }}
                  />
                </TableCell>
                <TableCell>{name}</TableCell>
                <TableCell>{b?.kind}</TableCell>
                <TableCell>{listText(b?.networks)}</TableCell>
                <TableCell>{b?.enabled === false ? 'no' : 'yes'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {values.enabled && values.bridges.filter((n) => names.includes(n)).length === 0 && names.length > 0 && (
        <Alert severity="info">Automation is on but no bridge is chosen: nothing will be bridged automatically.</Alert>
      )}
      {dirty && changedElsewhere && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={takeCurrent}>
              Take current
            </Button>
          }
        >
          Someone changed bridge automation since you opened it: it is now {current.enabled ? 'on' : 'off'}
          {current.bridges.length > 0 ? ` for ${current.bridges.join(', ')}` : ''}. Saving replaces that.
        </Alert>
      )}
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={pending || !dirty} onClick={() => void save()}>
          Save
        </Button>
        <Button disabled={pending || !dirty} onClick={() => setValues(base)}>
          Discard edits
        </Button>
        <Button onClick={onDone} disabled={pending}>
          Close
        </Button>
      </Stack>
    </Stack>
  );
}

/** The store key of whether the section is open. */
export const AUTOMATION_OPEN_KEY = 'settings/bridges.automationOpen';

export function BridgeAutomationSection() {
  const [open, setOpen] = useStore(AUTOMATION_OPEN_KEY, false);
  const bridges = useLive(selectBridges);
  const current = useLive(selectAutomation) ?? AUTOMATION_OFF;
  const summary = automationSummary(current, Object.keys(bridges));
  return (
    <Accordion
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      sx={{ mb: 2, maxWidth: 800 }}
      // Its summary is the section's heading, one level under the page's h1.
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 500 }}>Bridge automation: {summary}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <BridgeAutomation onDone={() => setOpen(false)} />
      </AccordionDetails>
    </Accordion>
  );
}
