/** Filters of /tx: status, side, type, network, token, free text and a createdAt range. */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { EMPTY_TX_FILTER, rangeProblem, type TxFilterValues } from './txFilter.ts';

const SELECTS: { key: 'status' | 'side' | 'txType' | 'network'; label: string; options: readonly string[] }[] = [
  { key: 'status', label: 'Status', options: TX_STATUSES },
  { key: 'side', label: 'Side', options: TX_SIDES },
  { key: 'txType', label: 'Type', options: TX_TYPES },
  { key: 'network', label: 'Network', options: NETWORKS },
];

export function TxFilters({ values, onChange }: { values: TxFilterValues; onChange: (next: TxFilterValues) => void }) {
  const set = (patch: Partial<TxFilterValues>) => onChange({ ...values, ...patch });
  const range = rangeProblem(values);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} role="search" aria-label="Transaction filters">
      {SELECTS.map(({ key, label, options }) => (
        <TextField fullWidth={false} key={key} select size="small" label={label} value={values[key]} onChange={(e) => set({ [key]: e.target.value })} sx={{ minWidth: 130 }}>
          <MenuItem value="">Any</MenuItem>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <TextField fullWidth={false} size="small" label="Token" value={values.tokenName} onChange={(e) => set({ tokenName: e.target.value })} />
      <TextField fullWidth={false} size="small" label="Search" placeholder="token, hash, tradeId or id" value={values.q} onChange={(e) => set({ q: e.target.value })} />
      <TextField fullWidth={false} size="small" type="datetime-local" label="From" value={values.from} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField fullWidth={false}
        size="small"
        type="datetime-local"
        label="To"
        value={values.to}
        onChange={(e) => set({ to: e.target.value })}
        error={range !== null}
        helperText={range ?? undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={() => onChange(EMPTY_TX_FILTER)}>Clear filters</Button>
    </Stack>
  );
}
