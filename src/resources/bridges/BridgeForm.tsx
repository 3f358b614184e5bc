/** Create or edit a bridge (POST /bridges, PUT /bridges/{bridgeName} with version; 409 -> conflict). */
import { useCallback, useMemo, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { BRIDGE_KINDS } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { Bridge, type BridgeBody } from '../../contract/index.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { VersionedFormFooter } from '../shared/VersionedFormFooter.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { versionOf } from '../shared/errors.ts';
import { useVersionedSave } from '../shared/useVersionedSave.ts';
import { recordNameProblem } from '../shared/recordName.ts';
import { FEE_CURRENCIES, bodyOf, feeProblem, valuesOf, type BridgeValues } from './bridgeRules.ts';

const selectTokens = (s: LiveState) => s.allTokens;

export function BridgeForm({ bridge, onDone }: { bridge?: Bridge; onDone: () => void }) {
  const api = useConsoleDataProvider();
  const editing = bridge !== undefined;
  const allTokens = useLive(selectTokens);
  const tokenNames = useMemo(() => Object.keys(allTokens).sort(), [allTokens]);
  const [base, setBase] = useState<Bridge | undefined>(bridge);
  const [values, setValues] = useState<BridgeValues>(() => valuesOf(bridge));
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<BridgeValues>) => setValues((v) => ({ ...v, ...patch }));

  const save = useCallback(
    (body: BridgeBody, version: number) => (editing ? api.updateBridge(body.bridgeName, { ...body, version }) : api.createBridge(body)),
    [api, editing],
  );
  const versioned = useVersionedSave(save, onDone);

  const nameProblem = editing ? null : recordNameProblem(values.bridgeName);
  const kindProblem = values.kind === '' ? 'required' : null;
  const fee = feeProblem(values.feeAmount);
  const onSubmit = () => {
    setTouched(true);
    if (nameProblem || kindProblem || fee) return;
    void versioned.submit(bodyOf(values, base), versionOf(base) ?? 1);
  };

  return (
    <Stack component="form" spacing={1} sx={{ maxWidth: 560 }} noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      <TextField label="Bridge name" value={values.bridgeName} disabled={editing} onChange={(e) => set({ bridgeName: e.target.value.trim() })} error={touched && !!nameProblem} helperText={(touched && nameProblem) || ' '} />
      <TextField select label="Kind" value={values.kind} onChange={(e) => set({ kind: e.target.value })} error={touched && !!kindProblem} helperText={(touched && kindProblem) || ' '}>
        {BRIDGE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {k}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Networks" value={values.networks} onChange={(e) => set({ networks: e.target.value as unknown as string[] })} slotProps={{ select: { multiple: true } }}>
        {NETWORKS.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Tokens" value={values.tokens} onChange={(e) => set({ tokens: e.target.value as unknown as string[] })} slotProps={{ select: { multiple: true } }}>
        {[...new Set([...tokenNames, ...values.tokens])].map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField label="Fee amount" value={values.feeAmount} onChange={(e) => set({ feeAmount: e.target.value })} error={!!fee} helperText={fee ?? 'empty: no fee'} />
        <TextField select label="Fee currency" value={values.feeCurrency} onChange={(e) => set({ feeCurrency: e.target.value })} sx={{ minWidth: 120 }}>
          {FEE_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel control={<Switch checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} />} label="Enabled" />
      <VersionedFormFooter
        what={`Bridge ${values.bridgeName}`}
        {...versioned}
        onCancel={onDone}
        onTakeTheirs={(theirs) => {
          const current = Bridge.safeParse(theirs);
          if (current.success) {
            setBase(current.data);
            setValues(valuesOf(current.data));
          }
        }}
      />
    </Stack>
  );
}
