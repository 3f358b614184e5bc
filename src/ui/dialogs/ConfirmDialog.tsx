import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { dialogWidth } from '../../domain/dialogs.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Restates what will happen, in the operator's words. */
  message: string;
  onYes: () => void;
  onNo: () => void;
  /** §2: applies only above 100. */
  width?: number;
  busy?: boolean;
}

/** §2 confirm dialog: Yes / No. */
export function ConfirmDialog({ open, title, message, onYes, onNo, width, busy = false }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const override = dialogWidth('message', width);
  return (
    <Dialog
      open={open}
      onClose={onNo}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      slotProps={{ paper: { sx: override ? { width: override, maxWidth: 'none' } : undefined } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy}>
          No
        </Button>
        <Button onClick={onYes} variant="contained" color="warning" disabled={busy} autoFocus>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
