/** The token form's networkData as rows (network, address, decimals), added and removed in place (§3). */
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray } from 'react-hook-form';
import { NETWORKS } from '../../config/networks.ts';
import { KitSelectInput, KitTextInput } from '../../kit/inputs.tsx';
import { EMPTY_ROW } from '../../domain/tokenRules.ts';

export function NetworkRowsInput() {
  const { fields, append, remove } = useFieldArray({ name: 'networks' });
  return (
    <Stack spacing={1} role="group" aria-label="Network data">
      {fields.map((field, i) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <KitSelectInput source={`networks.${i}.network`} label={`Network ${i + 1}`} choices={NETWORKS} sx={{ width: 180 }} />
          <KitTextInput source={`networks.${i}.address`} label={`Address ${i + 1}`} sx={{ width: 480 }} monospace />
          <KitTextInput source={`networks.${i}.decimals`} label={`Decimals ${i + 1}`} sx={{ width: 120 }} inputMode="numeric" />
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
