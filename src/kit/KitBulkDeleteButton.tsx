/**
 * Delete the selected records of a list after one Yes/No confirmation that names them (§2
 * confirm dialog). One DELETE per record, in turn: a whole-list write (cloud groups) must see the
 * deletion before it, and each refusal is the server's own reason for that record. What was refused
 * stays selected and is named in an error toast; what was deleted leaves the selection.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useListContext, useNotify, useRefresh, type Identifier, type RaRecord } from 'react-admin';
import { useConsoleDataProvider } from '../dataProvider/useConsoleDataProvider.ts';
import { ConfirmDialog } from '../ui/dialogs/ConfirmDialog.tsx';
import { errorText } from '../ui/errors.ts';
import { withDeleteConsequence } from './KitDeleteButton.tsx';
import type { ResourceDefinition } from './definition.ts';

/** "1 token", "3 tokens". */
const counted = (count: number, label: string) => `${count} ${label}${count === 1 ? '' : 's'}`;
/** The names a confirmation lists before it says "and N more". */
const NAMED_AT_MOST = 10;

export function KitBulkDeleteButton({ definition }: { definition: ResourceDefinition }) {
  const { selectedIds, data, onSelect } = useListContext();
  // The console's provider, not useDataProvider()'s proxy, which resolves a 401 as {data: {}}.
  const dataProvider = useConsoleDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { recordLabel } = definition;
  // A record selected on another page is not in this page's data: it is named by its id.
  const records = selectedIds.map((id): { id: Identifier; record: RaRecord | undefined } => ({ id, record: data?.find((r) => r.id === id) }));
  const nameOf = ({ id, record }: (typeof records)[number]) => (record ? definition.recordRepresentation(record) : String(id));
  const names = records.map(nameOf);
  const listed = names.length > NAMED_AT_MOST ? `${names.slice(0, NAMED_AT_MOST).join(', ')} and ${names.length - NAMED_AT_MOST} more` : names.join(', ');
  const what = counted(records.length, recordLabel);

  const confirm = async () => {
    setBusy(true);
    const refused: { id: Identifier; why: string }[] = [];
    let deleted = 0;
    for (const entry of records) {
      try {
        await dataProvider.delete(definition.name, { id: entry.id, previousData: entry.record });
        deleted += 1;
      } catch (error) {
        refused.push({ id: entry.id, why: `${nameOf(entry)}: ${errorText(error)}` });
      }
    }
    setBusy(false);
    setOpen(false);
    onSelect(refused.map((r) => r.id));
    if (refused.length === 0) notify(`Deleted ${counted(deleted, recordLabel)}`, { type: 'success' });
    else notify(`Deleted ${deleted} of ${what}; refused: ${refused.map((r) => r.why).join('; ')}`, { type: 'error' });
    refresh();
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} disabled={busy} aria-label={`Delete ${what}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${what}`}
        message={withDeleteConsequence(definition, `Delete ${what}: ${listed}?`)}
        busy={busy}
        onYes={() => void confirm()}
        onNo={() => setOpen(false)}
      />
    </>
  );
}
