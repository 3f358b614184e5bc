import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDialogValue } from './useDialogValue.ts';

export interface SelectDialogProps {
  open: boolean;
  title: string;
  label: string;
  /** The choices after the empty one: a value, or a value with the words it is shown in. */
  options: readonly (string | { value: string; label: string })[];
  initialValue: string;
  /** What the chosen value does, said under the field (nothing for the empty choice). */
  describe?: (value: string) => string | undefined;
  /** §5 called only when the value changed; '' is the empty choice. */
  onSave: (value: string) => void | Promise<void>;
  onClose: () => void;
}

/** §2/§5 single select dialog: an empty option first; Save only when the value changed. */
export function SelectDialog({ open, title, label, options, initialValue, describe, onSave, onClose }: SelectDialogProps) {
  const titleId = useId();
  const { value, setValue, changed, saving, failure, save } = useDialogValue(open, initialValue, onSave, onClose);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { sx: { minWidth: 360 } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={failure !== null}
          helperText={failure ?? ((value !== '' && describe?.(value)) || ' ')}
        >
          <MenuItem value="">
            <em>(none)</em>
          </MenuItem>
          {options.map((option) => {
            const { value: choice, label: words } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <MenuItem key={choice} value={choice}>
                {words}
              </MenuItem>
            );
          })}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!changed || saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
