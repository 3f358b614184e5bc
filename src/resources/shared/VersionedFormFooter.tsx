/**
 * The foot of a form that saves a versioned record (tokens, bridges): why the last save failed,
 * Save and Cancel, and the theirs-vs-yours dialog a stale version (409) opens. Spread the result of
 * useVersionedSave into it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConflictDialog } from './ConflictDialog.tsx';
import type { Conflict } from './useVersionedSave.ts';

export interface VersionedFormFooterProps {
  /** Names the record in the conflict dialog's title, e.g. "Bridge Stargate". */
  what: string;
  pending: boolean;
  error: string | null;
  conflict: Conflict<unknown> | null;
  keepMine: () => Promise<void>;
  dismissConflict: () => void;
  onCancel: () => void;
  /** Reload the form from the server's current record; the dialog closes afterwards. */
  onTakeTheirs: (theirs: unknown) => void;
}

export function VersionedFormFooter({ what, pending, error, conflict, keepMine, dismissConflict, onCancel, onTakeTheirs }: VersionedFormFooterProps) {
  return (
    <>
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={pending}>
          Save
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Stack>
      <ConflictDialog
        open={conflict !== null}
        what={what}
        theirs={conflict?.theirs}
        mine={conflict?.mine}
        busy={pending}
        onKeepMine={() => void keepMine()}
        onTakeTheirs={() => {
          onTakeTheirs(conflict?.theirs);
          dismissConflict();
        }}
        onCancel={dismissConflict}
      />
    </>
  );
}
