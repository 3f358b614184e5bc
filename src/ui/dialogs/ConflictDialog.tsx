/**
 * A PUT answered 409: someone saved the record since it was loaded. Both versions side by side;
 * the operator keeps theirs (re-sent over the current version) or takes the server's.
 */
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatForPopup } from './JsonDialog.tsx';

export interface ConflictDialogProps {
  open: boolean;
  what: string;
  theirs: unknown;
  mine: unknown;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCancel: () => void;
  busy?: boolean;
}

export function ConflictDialog({ open, what, theirs, mine, onKeepMine, onTakeTheirs, onCancel, busy = false }: ConflictDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{what} was changed by someone else</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          It was saved again after you opened it. Keep your version (it replaces theirs) or take theirs (your edits are dropped).
        </DialogContentText>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Pane label="Theirs (current)" value={theirs} />
          <Pane label="Yours" value={mine} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button onClick={onKeepMine} variant="contained" color="warning" disabled={busy}>
          Keep mine (overwrite)
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Pane({ label, value }: { label: string; value: unknown }) {
  return (
    <section aria-label={label} style={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{formatForPopup(value)}</pre>
    </section>
  );
}
