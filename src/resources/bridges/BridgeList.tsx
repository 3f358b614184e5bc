/** Bridges from the live map (SPEC §3), with each bridge's fee in ETH (GET /bridges/fee-to-eth). */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import TuneIcon from '@mui/icons-material/Tune';
import { useNavigate } from 'react-router-dom';
import { toSignificant } from '../../domain/amounts.ts';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../shared/errors.ts';
import { AUTOMATION_OFF, automatedText, automationSummary } from './automationRules.ts';
import { AUTOMATION_PATH, NEW_BRIDGE_PATH, bridgePath, solanaPath } from './paths.ts';

const selectBridges = (s: LiveState) => s.bridges;
const selectAutomation = (s: LiveState) => s.miscSettings.bridgeAutomation;
const listText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : '');

/** A display choice, not a SPEC constant: enough digits to compare fees at a glance; the full value is on hover. */
export const FEE_SIGNIFICANT_DIGITS = 4;

/** A fee in ETH, short: 0.000130672590491 -> "0.0001307". Numbers JS writes in exponent form are written out first. */
export function feeText(fee: number): string {
  if (!Number.isFinite(fee)) return String(fee);
  const plain = /e/i.test(String(fee)) ? fee.toFixed(20) : String(fee);
  return toSignificant(plain, FEE_SIGNIFICANT_DIGITS);
}

function FeeCell({ fee }: { fee: number | undefined }) {
  if (fee === undefined) return <TableCell align="right" />;
  return (
    <TableCell align="right" title={String(fee)} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {feeText(fee)}
    </TableCell>
  );
}

export function BridgeList() {
  const api = useConsoleDataProvider();
  const navigate = useNavigate();
  const bridges = useLive(selectBridges);
  const automation = useLive(selectAutomation) ?? AUTOMATION_OFF;
  const [fees, setFees] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const rows = useMemo(() => Object.values(bridges).sort((a, b) => (a.bridgeName < b.bridgeName ? -1 : 1)), [bridges]);

  useEffect(() => {
    let live = true;
    api.bridgeFees().then(
      (r) => live && setFees(r.fees),
      (e: unknown) => live && setFailure(`Fees unavailable: ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api, bridges]);

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      await api.deleteBridge(toDelete);
    } catch (e) {
      setFailure(`Delete of ${toDelete} failed: ${errorText(e)}`);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="contained" onClick={() => navigate(NEW_BRIDGE_PATH)}>
          New bridge
        </Button>
        <Button variant="outlined" onClick={() => navigate(AUTOMATION_PATH)}>
          Bridge automation: {automationSummary(automation, rows.map((b) => b.bridgeName))}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Table size="small" aria-label="Bridges">
        <TableHead>
          <TableRow>
            <TableCell>Bridge</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Networks</TableCell>
            <TableCell>Tokens</TableCell>
            <TableCell align="right">Fee (ETH)</TableCell>
            <TableCell>Automated</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography color="text.secondary">No bridges.</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((b) => (
            <TableRow key={b.bridgeName}>
              <TableCell>{b.bridgeName}</TableCell>
              <TableCell>{b.kind}</TableCell>
              <TableCell>{listText(b.networks)}</TableCell>
              <TableCell>{listText(b.tokens)}</TableCell>
              <FeeCell fee={fees[b.bridgeName]} />
              <TableCell>{automatedText(automation, b.bridgeName)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={`Edit ${b.bridgeName}`} onClick={() => navigate(bridgePath(b.bridgeName))}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`Solana config of ${b.bridgeName}`} title="Solana config" onClick={() => navigate(solanaPath(b.bridgeName))}>
                  <TuneIcon />
                </IconButton>
                <IconButton aria-label={`Delete ${b.bridgeName}`} onClick={() => setToDelete(b.bridgeName)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete bridge"
        message={`Delete bridge ${toDelete ?? ''}? Tokens that list it lose it, and it leaves bridge automation.`}
        busy={deleting}
        onYes={() => void confirmDelete()}
        onNo={() => setToDelete(null)}
      />
    </Stack>
  );
}
