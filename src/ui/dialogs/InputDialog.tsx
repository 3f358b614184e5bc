import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { dialogWidth } from '../../domain/dialogs.ts';
import { useDialogValue } from './useDialogValue.ts';

export interface InputDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialValue: string;
  /** §5 caller-supplied validator: an error message, or null when the value is acceptable. */
  validate?: (value: string) => string | null;
  /** §5 called only when the value changed. */
  onSave: (value: string) => void | Promise<void>;
  onClose: () => void;
  /** §2 applies only above 400. */
  width?: number;
}

/** §2/§5 single text input dialog: Save, enabled only when the value is valid and changed. */
export function InputDialog({ open, title, label, initialValue, validate, onSave, onClose, width }: InputDialogProps) {
  const titleId = useId();
  const { value, setValue, changed, saving, failure, save: saveIf } = useDialogValue(open, initialValue, onSave, onClose);
  const error = validate ? validate(value) : null;
  const override = dialogWidth('input', width);
  const save = () => saveIf(error === null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: override ? { width: override, maxWidth: 'none' } : { minWidth: 360 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
          error={error !== null || failure !== null}
          helperText={error ?? failure ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={error !== null || !changed || saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
