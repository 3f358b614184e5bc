/**
 * A definition's command on one record (a restart...): offered to the roles its access allows, asked
 * Yes/No first (§2 confirm dialog), and its outcome said in a toast, the server's reason included.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import { useCanAccess, useNotify, type RaRecord } from 'react-admin';
import { ConfirmDialog } from '../ui/dialogs/ConfirmDialog.tsx';
import { useConsoleDataProvider } from '../dataProvider/index.ts';
import { errorText } from '../ui/errors.ts';
import type { RecordCommand, ResourceDefinition } from './definition.ts';

export function CommandButton({ definition, command, record }: { definition: ResourceDefinition; command: RecordCommand; record: RaRecord }) {
  const { canAccess = false } = useCanAccess({ resource: definition.name, action: command.name, record });
  const dataProvider = useConsoleDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const outcome = command.outcome(record);
  const run = async () => {
    setBusy(true);
    try {
      await command.run(dataProvider, record);
      notify(`${outcome} done.`, { type: 'success' });
    } catch (error) {
      notify(`${outcome} failed: ${errorText(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" aria-label={`${command.label} ${definition.recordRepresentation(record)}`} disabled={busy} onClick={() => setOpen(true)}>
        {command.label}
      </Button>
      <ConfirmDialog
        open={open}
        title={command.confirm.title}
        message={command.confirm.message(record)}
        busy={busy}
        onYes={() => void run()}
        onNo={() => setOpen(false)}
      />
    </>
  );
}
