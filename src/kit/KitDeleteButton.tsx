/**
 * Delete one record after a Yes/No confirmation that says what happens (§2 confirm dialog);
 * a refusal is said in an error toast, and the record stays.
 */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDelete, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { ConfirmDialog } from '../ui/dialogs/ConfirmDialog.tsx';
import { errorText } from '../ui/errors.ts';
import { capitalised } from '../ui/notices.ts';
import type { ResourceDefinition } from './definition.ts';

export interface KitDeleteButtonProps {
  definition: ResourceDefinition;
  record: RaRecord;
  /** Where to go once deleted (the edit view goes back to the list). */
  redirectTo?: string;
}

/** A delete's question, followed by what else the delete does where the definition says. */
export function withDeleteConsequence(definition: ResourceDefinition, question: string): string {
  return definition.deleteConsequence ? `${question} ${definition.deleteConsequence}` : question;
}

export function KitDeleteButton({ definition, record, redirectTo }: KitDeleteButtonProps) {
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const redirect = useRedirect();
  const name = definition.recordRepresentation(record);
  const title = `Delete ${definition.recordLabel}`;
  const confirm = () =>
    remove(
      definition.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          // A delete says what it did, naming the record.
          notify(`${capitalised(definition.recordLabel)} ${name} deleted.`, { type: 'success' });
          if (redirectTo) redirect(redirectTo);
        },
        onError: (error) => {
          setOpen(false);
          notify(`Delete of ${name} failed: ${errorText(error)}`, { type: 'error' });
        },
      },
    );
  return (
    <>
      <IconButton aria-label={`Delete ${name}`} size="small" onClick={() => setOpen(true)} disabled={isPending}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      <ConfirmDialog
        open={open}
        title={title}
        message={withDeleteConsequence(definition, `Delete ${definition.recordLabel} ${name}?`)}
        busy={isPending}
        onYes={() => void confirm()}
        onNo={() => setOpen(false)}
      />
    </>
  );
}
