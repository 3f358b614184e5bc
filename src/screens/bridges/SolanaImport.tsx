/**
 * CSV import into a bridge's Solana config (POST /solana-bridge/{x}/import {csv}; §9: 10 min
 * timeout). While the server works, a progress bar with the time waited; afterwards what was
 * imported and one line per rejected row (its line number, its text, the reason). The text stays in
 * the editor whatever happens, so nothing typed is lost.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../config/constants.ts';
import type { SolanaBridgeImportResponse } from '../../contract/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { MONO_FONT_STACK } from '../../theme.ts';
import { errorStatus } from '../../dataProvider/apiFetch.ts';
import { UnexpectedAnswerError, useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { csvLine, csvRowCount, importProblem, rejectedCsv } from '../../domain/solanaRules.ts';
import { formatCount } from '../../domain/numberFormat.ts';

const HEADER = 'token,network,address,decimals';

interface Outcome {
  result: SolanaBridgeImportResponse;
  /** The text that was sent: the report quotes its lines even if the editor changes since. */
  csv: string;
}

export function SolanaImport({ x, base }: { x: string; base: string }) {
  const api = useConsoleDataProvider();
  const navigate = useNavigate();
  const [csv, setCsv] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = startedAt !== null;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  // Leaving the page stops waiting (the server finishes the import on its own).
  useEffect(() => () => abort.current?.abort(), []);

  const problem = importProblem(csv);
  const rows = csvRowCount(csv);

  const run = async () => {
    setConfirming(false);
    const sent = csv;
    const controller = new AbortController();
    abort.current = controller;
    setOutcome(null);
    setFailure(null);
    setStartedAt(Date.now());
    setNow(Date.now());
    try {
      setOutcome({ result: await api.solanaImport(x, sent, controller.signal), csv: sent });
    } catch (e) {
      setFailure(
        controller.signal.aborted
          ? 'Stopped waiting. The server may still finish the import: look at the entries in a moment.'
          : e instanceof UnexpectedAnswerError
            ? 'The server took the import but sent no report of it: look at the entries to see what was imported.'
            : errorStatus(e) === 0
              ? `No answer: ${errorText(e)}. The server may still finish the import: look at the entries in a moment.`
              : `Import failed, nothing was imported: ${errorText(e)}`,
      );
    } finally {
      abort.current = null;
      setStartedAt(null);
    }
  };

  const loadFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) setCsv(await file.text());
  };

  const elapsed = startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 1000 }}>
      <Typography variant="body2" color="text.secondary">
        One row per token and network, with the header <code>{HEADER}</code>. Rows add to the config: a token already present keeps its other
        networks. Valid rows are imported even when others are rejected.
      </Typography>
      <TextField
        label="CSV"
        multiline
        minRows={8}
        maxRows={20}
        value={csv}
        disabled={running}
        onChange={(e) => setCsv(e.target.value)}
        placeholder={`${HEADER}\nUSDC,Solana,EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v,6`}
        error={touched && problem !== null}
        helperText={touched && problem ? problem : `${formatCount(rows)} data rows`}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT_STACK, fontSize: 12 } } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={running}
          onClick={() => {
            setTouched(true);
            if (problem === null) setConfirming(true);
          }}
        >
          Import
        </Button>
        <Button component="label" disabled={running}>
          Load file…
          <input type="file" accept=".csv,text/csv,text/plain" hidden aria-label="CSV file" onChange={(e) => void loadFile(e)} />
        </Button>
        <Button onClick={() => navigate(base)} disabled={running}>
          Back to entries
        </Button>
      </Stack>
      {running && (
        <Stack spacing={0.5} role="status" aria-label="Import progress">
          <LinearProgress aria-label="Importing" />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">
              Importing {formatCount(rows)} rows into {x}… {elapsed} s waited (the server has up to {SOLANA_IMPORT_TIMEOUT_MS / 60_000} min).
            </Typography>
            <Button size="small" onClick={() => abort.current?.abort()}>
              Stop waiting
            </Button>
          </Stack>
        </Stack>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {outcome && <ImportReport outcome={outcome} x={x} onKeepRejected={(text) => setCsv(text)} />}
      <ConfirmDialog
        open={confirming}
        title="Confirm: import CSV"
        message={`Import ${formatCount(rows)} rows into the Solana config of ${x}? Each valid row adds or replaces that token's entry on that network.`}
        onYes={() => void run()}
        onNo={() => setConfirming(false)}
      />
    </Stack>
  );
}

function ImportReport({ outcome, x, onKeepRejected }: { outcome: Outcome; x: string; onKeepRejected: (csv: string) => void }) {
  const { result, csv } = outcome;
  const rejected = result.errors.length;
  return (
    <Stack spacing={1} component="section" aria-label="Import report">
      <Alert severity={rejected === 0 ? 'success' : 'warning'}>
        Imported {formatCount(result.imported)} rows into {formatCount(result.tokens)} tokens of {x}.
        {rejected > 0 && ` ${formatCount(rejected)} ${rejected === 1 ? 'row was rejected; fix it' : 'rows were rejected; fix them'} and import again.`}
      </Alert>
      {rejected > 0 && (
        <>
          <Table size="small" aria-label="Rejected rows">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Row</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.errors.map(({ row, message }) => (
                <TableRow key={row}>
                  <TableCell sx={{ width: 60 }}>{row}</TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT_STACK, fontSize: 12, wordBreak: 'break-all', maxWidth: 480 }}>{csvLine(csv, row)}</TableCell>
                  <TableCell sx={{ color: 'error.main' }}>{message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div>
            <Button onClick={() => onKeepRejected(rejectedCsv(csv, result.errors.map((e) => e.row)))}>Keep only the rejected rows in the editor</Button>
          </div>
        </>
      )}
    </Stack>
  );
}
