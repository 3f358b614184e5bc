/**
 * Create and edit views of any definition: react-admin's Create/Edit + SimpleForm with the
 * definition's fields. Saving a versioned record sends the version it was loaded at; a 409 opens
 * theirs-vs-yours (keep mine re-sends over their version, take theirs reloads the form). While an
 * edit is open, the realtime API tells it when someone else changed or deleted the record.
 */
import { useCallback, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router-dom';
import { useFormContext } from 'react-hook-form';
import {
  Create, Edit, SimpleForm, useCanAccess, useCreate, useCreatePath, useRecordContext,
  useRedirect, useUpdate, type RaRecord,
} from 'react-admin';
import { ConflictDialog } from '../shared/ConflictDialog.tsx';
import { conflictCurrent, errorText, versionOf } from '../shared/errors.ts';
import type { FieldDef, Fields, ResourceDefinition } from './definition.ts';
import { KitDeleteButton } from './KitDeleteButton.tsx';
import { KitNumberInput, KitSelectInput, KitTextInput } from './inputs.tsx';
import { ResourcePage } from './ResourcePage.tsx';
import { RecordWatch, type RecordWatchState } from './RecordWatch.tsx';
import { withoutEmpty } from './zodValidate.ts';

type Mode = 'create' | 'edit';

function fieldInput(field: FieldDef, mode: Mode) {
  if (field.kind === 'custom') return <div key={field.source}>{field.input}</div>;
  const fixed = mode === 'edit' && field.fixedOnEdit === true;
  // The key is given on each element: React refuses a `key` spread into JSX.
  const common = {
    source: field.source,
    label: field.label,
    disabled: fixed,
    validate: field.validate,
    helperText: fixed ? `${field.label.toLowerCase()} does not change once created` : field.helperText,
    sx: { width: field.kind === 'json' ? '100%' : 480, maxWidth: '100%' },
  };
  switch (field.kind) {
    case 'number':
      return <KitNumberInput key={field.source} {...common} />;
    case 'select':
      return <KitSelectInput key={field.source} {...common} choices={field.choices ?? []} />;
    case 'json':
      return <KitTextInput key={field.source} {...common} multiline minRows={4} monospace />;
    default:
      return <KitTextInput key={field.source} {...common} multiline={field.multiline} />;
  }
}

interface Conflict {
  theirs: unknown;
  mine: Fields;
}

/** Save/Cancel (and Delete on edit), the last failure, and the conflict dialog; inside the form. */
function FormFoot(props: {
  definition: ResourceDefinition;
  mode: Mode;
  pending: boolean;
  error: string | null;
  conflict: Conflict | null;
  watch: RecordWatchState;
  onKeepMine: () => void;
  onTakeTheirs: (theirs: unknown) => void;
  onDismissConflict: () => void;
}) {
  const { definition, mode, pending, error, conflict, watch } = props;
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { canAccess: canDelete = false } = useCanAccess({ resource: definition.name, action: 'delete', record });
  const listPath = createPath({ resource: definition.name, type: 'list' });
  const what = `${definition.recordLabel[0]?.toUpperCase() ?? ''}${definition.recordLabel.slice(1)} ${record ? definition.recordRepresentation(record) : ''}`.trim();
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={pending || watch.deleted}>
          Save
        </Button>
        <Button component={Link} to={listPath} disabled={pending}>
          Cancel
        </Button>
        {mode === 'edit' && canDelete && record && !watch.deleted && (
          <KitDeleteButton definition={definition} record={record} redirectTo={listPath} />
        )}
      </Stack>
      <ConflictDialog
        open={conflict !== null}
        what={what}
        theirs={conflict?.theirs}
        mine={conflict?.mine}
        busy={pending}
        onKeepMine={props.onKeepMine}
        onTakeTheirs={() => props.onTakeTheirs(conflict?.theirs)}
        onCancel={props.onDismissConflict}
      />
    </Stack>
  );
}

/** Resets the form to a record (take theirs, reload). */
function useResetTo(definition: ResourceDefinition) {
  const form = useFormContext();
  return useCallback(
    (record: RaRecord) => form.reset(definition.toForm ? definition.toForm(record) : record),
    [form, definition],
  );
}

function KitForm({ definition, mode, loaded }: { definition: ResourceDefinition; mode: Mode; loaded?: RaRecord }) {
  const [base, setBase] = useState<RaRecord | undefined>(loaded);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const saving = useRef(false);
  const [update] = useUpdate();
  const [create] = useCreate();
  const redirect = useRedirect();
  const { name, toForm, toBody, validate, fields = [] } = definition;

  const send = async (body: Fields, version: number | undefined) => {
    saving.current = true;
    setPending(true);
    setError(null);
    try {
      if (mode === 'create') await create(name, { data: body }, { returnPromise: true });
      else if (base) {
        const data = version === undefined ? body : { ...body, version };
        await update(name, { id: base.id, data, previousData: base }, { mutationMode: 'pessimistic', returnPromise: true });
      }
      setConflict(null);
      redirect('list', name);
    } catch (e) {
      const current = conflictCurrent(e);
      if (current !== undefined) setConflict({ theirs: current, mine: body });
      else {
        setConflict(null);
        setError(errorText(e));
      }
    } finally {
      saving.current = false;
      setPending(false);
    }
  };

  const submit = (values: Fields) => {
    const typed = toBody ? toBody(values, base) : withoutEmpty(values);
    // Fields fixed on edit are disabled, and a disabled input submits nothing: the name stays the record's.
    const body = mode === 'edit' && base ? { ...typed, [definition.idField]: base[definition.idField] } : typed;
    void send(body, mode === 'edit' ? (versionOf(base) ?? undefined) : undefined);
  };

  const formRecord = toForm ? toForm(base) : base;
  return (
    <SimpleForm
      record={formRecord as RaRecord | undefined}
      onSubmit={submit}
      validate={validate}
      toolbar={false}
      aria-label={mode === 'create' ? `New ${definition.recordLabel}` : `Edit ${definition.recordLabel} ${base ? definition.recordRepresentation(base) : ''}`}
    >
      <FormBody
        definition={definition}
        mode={mode}
        base={base}
        saving={saving}
        onReloaded={(latest) => {
          setBase(latest);
          setConflict(null);
        }}
        foot={(watch, resetTo) => (
          <FormFoot
            definition={definition}
            mode={mode}
            pending={pending}
            error={error}
            conflict={conflict}
            watch={watch}
            onKeepMine={() => {
              const version = versionOf(conflict?.theirs);
              if (!conflict) return;
              if (version === undefined) {
                setError('the current record carries no version; reload and edit again');
                setConflict(null);
                return;
              }
              void send(conflict.mine, version);
            }}
            onTakeTheirs={(theirs) => {
              if (typeof theirs === 'object' && theirs !== null && base) {
                const record = { ...(theirs as Fields), id: base.id } as RaRecord;
                setBase(record);
                resetTo(record);
              }
              setConflict(null);
            }}
            onDismissConflict={() => setConflict(null)}
          />
        )}
      >
        {fields.map((f) => fieldInput(f, mode))}
      </FormBody>
    </SimpleForm>
  );
}

/** Inside the form (it needs the form context): the realtime watch, the fields, the foot. */
function FormBody(props: {
  definition: ResourceDefinition;
  mode: Mode;
  base: RaRecord | undefined;
  saving: React.RefObject<boolean>;
  onReloaded: (latest: RaRecord) => void;
  foot: (watch: RecordWatchState, resetTo: (record: RaRecord) => void) => React.ReactNode;
  children: React.ReactNode;
}) {
  const resetTo = useResetTo(props.definition);
  const [watch, setWatch] = useState<RecordWatchState>({ changed: false, deleted: false });
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {props.mode === 'edit' && props.base && (
        <RecordWatch
          definition={props.definition}
          base={props.base}
          saving={props.saving}
          onState={setWatch}
          onReload={(latest) => {
            props.onReloaded(latest);
            resetTo(latest);
          }}
        />
      )}
      {props.children}
      {props.foot(watch, resetTo)}
    </Stack>
  );
}

export function ResourceCreate({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourcePage title={`New ${definition.recordLabel}`}>
      <Create resource={definition.name} title={false} actions={false}>
        <KitForm definition={definition} mode="create" />
      </Create>
    </ResourcePage>
  );
}

/** The edit form starts from the record once it has loaded. */
function LoadedEditForm({ definition }: { definition: ResourceDefinition }) {
  const record = useRecordContext();
  if (!record) return null;
  return <KitForm key={String(record.id)} definition={definition} mode="edit" loaded={record} />;
}

export function ResourceEdit({ definition }: { definition: ResourceDefinition }) {
  return (
    <ResourcePage title={`Edit ${definition.recordLabel}`}>
      <Edit resource={definition.name} title={false} actions={false} mutationMode="pessimistic" redirect="list">
        <LoadedEditForm definition={definition} />
      </Edit>
    </ResourcePage>
  );
}
