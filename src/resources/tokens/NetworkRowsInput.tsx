/** The token form's networkData as rows (network, address, decimals), added and removed in place (SPEC §3). */
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray } from 'react-hook-form';
import { SelectInput, TextInput } from 'react-admin';
import { NETWORKS } from '../../config/networks.ts';
import { EMPTY_ROW } from './tokenRules.ts';

const NETWORK_CHOICES = NETWORKS.map((n) => ({ id: n, name: n }));

export function NetworkRowsInput() {
  const { fields, append, remove } = useFieldArray({ name: 'networks' });
  return (
    <Stack spacing={1} role="group" aria-label="Network data">
      {fields.map((field, i) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <SelectInput source={`networks.${i}.network`} label={`Network ${i + 1}`} choices={NETWORK_CHOICES} fullWidth={false} sx={{ width: 180 }} />
          <TextInput
            source={`networks.${i}.address`}
            label={`Address ${i + 1}`}
            fullWidth={false}
            sx={{ width: 480 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <TextInput source={`networks.${i}.decimals`} label={`Decimals ${i + 1}`} fullWidth={false} sx={{ width: 120 }} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <IconButton aria-label={`Remove network row ${i + 1}`} onClick={() => remove(i)} sx={{ mt: 1 }}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button onClick={() => append({ ...EMPTY_ROW })}>Add network</Button>
      </div>
    </Stack>
  );
}
