/** One /tx/new operation: fields, checked by the contract; a confirmation restates it before the call. */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { useResourceApi } from '../shared/api.ts';
import { errorText } from '../shared/errors.ts';
import { STATIC_OPTIONS, bodyOf, problemsOf, type OperationSpec, type OptionSource } from './operations.ts';

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
  const api = useResourceApi();
  const tokens = useLive(selectTokens);
  const bridges = useLive(selectBridges);
  const [values, setValues] = useState<Record<string, string>>(() => initial ?? {});
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const options = useMemo<Record<OptionSource, readonly string[]>>(
    () => ({
      networks: STATIC_OPTIONS.networks ?? [],
      txTypes: STATIC_OPTIONS.txTypes ?? [],
      tokens: Object.keys(tokens).sort(),
      bridges: Object.keys(bridges).sort(),
    }),
    [tokens, bridges],
  );
  const body = bodyOf(spec, values);
  const problems = problemsOf(spec, body);
  const valid = Object.keys(problems).length === 0;

  const run = async () => {
    setPending(true);
    try {
      const answer = await spec.call(api, body as never);
      const id = typeof answer === 'object' && answer !== null && 'id' in answer ? ` (id ${String(answer.id)})` : '';
      setResult({ ok: true, text: `${spec.title} sent${id}.` });
      onDone?.(answer);
    } catch (e) {
      // The form keeps every value typed; only the reason is added.
      setResult({ ok: false, text: `${spec.title} failed: ${errorText(e)}` });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <Stack
      component="form"
      spacing={1.5}
      sx={{ maxWidth: 640 }}
      aria-label={`${spec.title} form`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        setResult(null);
        if (valid) setConfirming(true);
      }}
    >
      {/* Two columns: fields that belong together (token and network, amount and its limit) sit side by side. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1.5, rowGap: 1.5 }}>
        {spec.fields.map((f) => {
          const problem = touched ? problems[f.name] : undefined;
          return (
            <TextField
              key={f.name}
              size="small"
              margin="none"
              select={f.kind === 'select'}
              label={f.optional ? `${f.label} (optional)` : f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              error={problem !== undefined}
              helperText={problem}
              sx={{ minWidth: 0, ...(f.wide ? { gridColumn: '1 / -1' } : {}), '& .MuiFormHelperText-root': { overflowWrap: 'anywhere' } }}
              slotProps={f.kind === 'number' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
            >
              {f.kind === 'select' &&
                (options[f.options ?? 'networks'] ?? []).map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
            </TextField>
          );
        })}
      </Box>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
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
    </Stack>
  );
}
