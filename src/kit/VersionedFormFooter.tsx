/**
 * The foot of a form that saves a versioned record (the kit's edit and create forms): why the last
 * save failed, Save and Cancel, and the theirs-vs-yours dialog a stale version (409) opens. Spread the result of
 * useVersionedSave into it.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router-dom';
import { ConflictDialog } from '../ui/dialogs/ConflictDialog.tsx';
import type { Conflict } from '../ui/useVersionedSave.ts';

export interface VersionedFormFooterProps {
  /** Names the record in the conflict dialog's title, e.g. "Bridge Stargate". */
  what: string;
  pending: boolean;
  error: string | null;
  conflict: Conflict<unknown> | null;
  keepMine: () => Promise<void>;
  dismissConflict: () => void;
  /** Cancel as an action, or as a link to where the form came from. */
  onCancel?: () => void;
  cancelTo?: string;
  /** Save stays disabled (the record was deleted meanwhile). */
  saveDisabled?: boolean;
  /** More actions after Save and Cancel (Delete). */
  children?: ReactNode;
  /** Reload the form from the server's current record; the dialog closes afterwards. */
  onTakeTheirs: (theirs: unknown) => void;
}

export function VersionedFormFooter(props: VersionedFormFooterProps) {
  const { what, pending, error, conflict, keepMine, dismissConflict, onCancel, cancelTo, saveDisabled = false, children, onTakeTheirs } = props;
  return (
    <>
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={pending || saveDisabled}>
          Save
        </Button>
        {cancelTo === undefined ? (
          <Button onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : (
          <Button component={Link} to={cancelTo} disabled={pending}>
            Cancel
          </Button>
        )}
        {children}
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
