import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo } from 'react';

export const UNDISPLAYABLE = '(this value cannot be displayed)';

/** Pretty JSON when the value is JSON (or a JSON string), the plain text otherwise. Always rendered as text. */
export function formatForPopup(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // BigInts, cycles or very deep nesting: String() may throw too (an object without a prototype,
    // an array nested past the stack), and a popup must never take the screen down with it.
    try {
      return String(value);
    } catch {
      return UNDISPLAYABLE;
    }
  }
}

/** §2 JSON popup. */
export function JsonDialog({ open, title, value, onClose }: { open: boolean; title: string; value: unknown; onClose: () => void }) {
  const titleId = useId();
  const text = useMemo(() => (open ? formatForPopup(value) : ''), [open, value]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text || '(empty)'}</pre>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(text).catch(() => undefined)}>Copy</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
