/** The bridge form's inputs a kit field kind cannot serve: networks and tokens (several each), the fee, enabled, and the way to the Solana config. */
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TuneIcon from '@mui/icons-material/Tune';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { SelectArrayInput, SelectInput, TextInput, useCreatePath, useInput, useRecordContext } from 'react-admin';
import { NETWORKS } from '../../config/networks.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { FEE_CURRENCIES } from '../../domain/bridgeRules.ts';
import { BRIDGES_RESOURCE } from './record.ts';

const choicesOf = (names: readonly string[]) => names.map((n) => ({ id: n, name: n }));
const NETWORK_CHOICES = choicesOf(NETWORKS);
const CURRENCY_CHOICES = choicesOf(FEE_CURRENCIES);
const selectTokens = (s: LiveState) => s.allTokens;
const NONE: readonly string[] = [];

export function NetworksInput() {
  return <SelectArrayInput source="networks" label="Networks" choices={NETWORK_CHOICES} helperText={false} sx={{ minWidth: 320, maxWidth: 560 }} />;
}

/** The live tokens, and any the bridge lists that are gone, so the value never loses a name. */
export function TokensInput() {
  const allTokens = useLive(selectTokens);
  const chosen = useWatch({ name: 'tokens' }) as unknown;
  const listed = Array.isArray(chosen) ? chosen.filter((t): t is string => typeof t === 'string') : NONE;
  const choices = choicesOf([...new Set([...Object.keys(allTokens).sort(), ...listed])]);
  return <SelectArrayInput source="tokens" label="Tokens" choices={choices} helperText={false} sx={{ minWidth: 320, maxWidth: 560 }} />;
}

export function FeeInput() {
  return (
    <Stack direction="row" spacing={2} role="group" aria-label="Fee">
      <TextInput source="feeAmount" label="Fee amount" helperText="empty: no fee" fullWidth={false} sx={{ width: 200 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <SelectInput source="feeCurrency" label="Fee currency" choices={CURRENCY_CHOICES} helperText={false} fullWidth={false} sx={{ minWidth: 140 }} />
    </Stack>
  );
}

/** A switch of its own: react-admin 5.15's BooleanInput hands MUI 9's Switch an inputRef it no longer takes. */
export function EnabledInput() {
  const { field } = useInput({ source: 'enabled' });
  return (
    <FormControlLabel
      control={<Switch checked={field.value !== false} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} name={field.name} />}
      label="Enabled"
    />
  );
}

/** On the edit form: the bridge's Solana bridge configuration (the resource's show view). */
export function SolanaConfigButton() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (record?.id === undefined) return null;
  return (
    <Button component={Link} to={createPath({ resource: BRIDGES_RESOURCE, id: record.id, type: 'show' })} startIcon={<TuneIcon />} variant="outlined">
      Solana config
    </Button>
  );
}
