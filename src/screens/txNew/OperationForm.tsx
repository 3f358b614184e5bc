/**
 * One /tx/new operation: its fields, checked by the console's rules beside each field before a
 * confirmation restates it; the server's answer is the last word (a 400's fields beside their
 * fields, any other refusal's reason above the buttons). Nothing typed is lost on an error.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, useConsoleDataProvider } from '../../dataProvider/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { placeServerIssues } from '../../domain/serverIssues.ts';
import { txOperationProblems, type FieldProblems, type KnownRecords } from '../../domain/txOperationRules.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { errorText } from '../../ui/errors.ts';
import { bodyOf, choicesOf, labelsOf, type OperationSpec, type Override } from './operations.ts';

const selectTokens = (s: LiveState) => s.allTokens;
const selectBridges = (s: LiveState) => s.bridges;

export interface OperationFormProps {
  spec: OperationSpec;
  /** Values to start from (an edit), as text. */
  initial?: Record<string, string>;
  /** Called with the server's answer after a successful call. */
  onDone?: (answer: unknown) => void;
}

export function OperationForm({ spec, initial, onDone }: OperationFormProps) {
  const api = useConsoleDataProvider();
  const notify = useNotify();
  const tokens = useLive(selectTokens);
  const bridges = useLive(selectBridges);
  const known = useMemo<KnownRecords>(() => ({ tokens, bridges }), [tokens, bridges]);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>(() => initial ?? {});
  const [touched, setTouched] = useState(false);
  /** A refused submit asks for the first field with a problem to take the focus, once it is marked. */
  const [focusRequest, setFocusRequest] = useState(0);
  /** What the server's last 400 said of each field, until that field is changed. */
  const [serverProblems, setServerProblems] = useState<FieldProblems>({});
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  /** A refusal the operator may overrule (a refund already sent), and whether its question is open. */
  const [override, setOverride] = useState<Override | null>(null);
  const [insisting, setInsisting] = useState(false);

  const body = bodyOf(spec, values);
  const problems = txOperationProblems(spec.rules, values, known);
  const valid = Object.keys(problems).length === 0;

  useEffect(() => {
    if (focusRequest === 0) return;
    // MUI marks a select's hidden native input too; the operator's control is the one not hidden.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([aria-hidden="true"])')?.focus();
  }, [focusRequest]);

  const refused = (error: unknown, sent: Record<string, unknown>) => {
    const overridable = spec.override?.(error, sent) ?? null;
    setOverride(overridable);
    if (overridable) return;
    const placed = error instanceof ApiError && error.status === 400 ? placeServerIssues(error.details, labelsOf(spec)) : undefined;
    if (!placed) {
      setResult({ ok: false, text: `${spec.title} failed: ${errorText(error)}` });
      return;
    }
    setServerProblems(placed.fields);
    const marked = Object.keys(placed.fields).length > 0 ? ['see the fields marked above'] : [];
    setResult({ ok: false, text: `${spec.title} failed: ${[...placed.general, ...marked].join('; ')}` });
    setFocusRequest((n) => n + 1);
  };

  const run = async (sent: Record<string, unknown> = body) => {
    setPending(true);
    try {
      const answer = await spec.call(api, sent as never);
      const id = typeof answer === 'object' && answer !== null && 'id' in answer ? ` (id ${String(answer.id)})` : '';
      const text = `${spec.title} sent${id}.`;
      // The toast tells the moment; the line in the form stays, so a filled form is not sent twice by mistake.
      notify(text, { type: 'success' });
      setResult({ ok: true, text });
      setOverride(null);
      onDone?.(answer);
    } catch (e) {
      refused(e, sent);
    } finally {
      setPending(false);
      setConfirming(false);
      setInsisting(false);
    }
  };

  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={1.5}
      sx={{ maxWidth: 640 }}
      aria-label={`${spec.title} form`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        setResult(null);
        setOverride(null);
        setServerProblems({});
        if (valid) setConfirming(true);
        else setFocusRequest((n) => n + 1);
      }}
    >
      {/* Two columns: fields that belong together (token and network, amount and its limit) sit side by side. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1.5, rowGap: 1.5 }}>
        {spec.fields.filter((f) => f.kind !== 'flag').map((f) => {
          const problem = (touched ? problems[f.name] : undefined) ?? serverProblems[f.name];
          const choices = f.kind === 'select' ? choicesOf(f, values, known) : undefined;
          return (
            <TextField
              key={f.name}
              size="small"
              margin="none"
              select={f.kind === 'select'}
              label={f.optional ? `${f.label} ${f.optionalNote ?? '(optional)'}` : f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
                setServerProblems(({ [f.name]: _answered, ...rest }) => rest);
              }}
              error={problem !== undefined}
              helperText={problem ?? f.hint}
              sx={{
                minWidth: 0,
                ...(f.wide ? { gridColumn: '1 / -1' } : {}),
                '& .MuiFormHelperText-root': { overflowWrap: 'anywhere' },
              }}
              slotProps={f.kind === 'number' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
            >
              {choices?.options.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
              {choices?.none !== undefined && <MenuItem disabled>{choices.none}</MenuItem>}
            </TextField>
          );
        })}
      </Box>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      {override && (
        <Alert
          severity="warning"
          aria-label={`${spec.title} refused`}
          action={
            <Button color="inherit" size="small" disabled={pending} onClick={() => setInsisting(true)} sx={{ whiteSpace: 'nowrap' }}>
              {override.action}
            </Button>
          }
        >
          {override.lead}
          <Link component={RouterLink} to={`/tx/${encodeURIComponent(override.earlierTxId)}`} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {override.earlierTxId}
          </Link>
          {override.tail}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={pending}>
          {spec.title}…
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Confirm: ${spec.title}`}
        message={spec.describe(body)}
        busy={pending}
        onYes={() => void run()}
        onNo={() => setConfirming(false)}
      />
      {override && (
        <ConfirmDialog
          open={insisting}
          title={`${override.action}?`}
          message={override.question}
          busy={pending}
          onYes={() => void run(override.body)}
          onNo={() => setInsisting(false)}
        />
      )}
    </Stack>
  );
}
