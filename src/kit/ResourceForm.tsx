/**
 * Create and edit views of any definition: react-admin's Create/Edit + SimpleForm with the
 * definition's fields. Saving a versioned record sends the version it was loaded at; a 409 opens
 * theirs-vs-yours (keep mine re-sends over their version, take theirs reloads the form). While an
 * edit is open, the realtime API tells it when someone else changed or deleted the record.
 */
import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import Stack from '@mui/material/Stack';
import { useFormContext } from 'react-hook-form';
import {
  Create, Edit, SimpleForm, useCanAccess, useCreate, useCreatePath, useGetRecordId, useRecordContext,
  useNotify, useRedirect, useUpdate, type RaRecord,
} from 'react-admin';
import { versionOf } from '../ui/errors.ts';
import { SAVED_NOTIFY_OPTIONS, capitalised } from '../ui/notices.ts';
import { useVersionedSave } from '../ui/useVersionedSave.ts';
import { VersionedFormFooter } from './VersionedFormFooter.tsx';
import type { FieldDef, Fields, KitViewProps, ResourceDefinition, ResourceViews } from './definition.ts';
import { KitDeleteButton } from './KitDeleteButton.tsx';
import { KitNumberInput, KitSelectInput, KitTextInput } from './inputs.tsx';
import { ResourcePage } from './ResourcePage.tsx';
import { NOTHING_SEEN, RecordWatch, type RecordWatchState } from './RecordWatch.tsx';
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

/** Resets the form to a record (take theirs, reload). */
function useResetTo({ toForm }: ResourceViews) {
  const form = useFormContext();
  return useCallback(
    (record: RaRecord) => form.reset(toForm ? toForm(record) : record),
    [form, toForm],
  );
}

/** Where the form goes on Cancel and after a save, and the record's Delete: the foot of the kit's forms. */
function FormFoot({ definition, mode, watch, versioned, onTakeTheirs }: {
  definition: ResourceDefinition;
  mode: Mode;
  watch: RecordWatchState;
  versioned: ReturnType<typeof useVersionedSave<Fields, number | undefined>>;
  onTakeTheirs: (theirs: unknown) => void;
}) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { canAccess: canDelete = false } = useCanAccess({ resource: definition.name, action: 'delete', record });
  const listPath = createPath({ resource: definition.name, type: 'list' });
  const what = `${definition.recordLabel[0]?.toUpperCase() ?? ''}${definition.recordLabel.slice(1)} ${record ? definition.recordRepresentation(record) : ''}`.trim();
  return (
    <VersionedFormFooter {...versioned} what={what} cancelTo={listPath} saveDisabled={watch.deleted} onTakeTheirs={onTakeTheirs}>
      {mode === 'edit' && canDelete && record && !watch.deleted && <KitDeleteButton definition={definition} record={record} redirectTo={listPath} />}
    </VersionedFormFooter>
  );
}

function KitForm({ definition, views, mode, loaded }: KitViewProps & { mode: Mode; loaded?: RaRecord }) {
  const [base, setBase] = useState<RaRecord | undefined>(loaded);
  const saving = useRef(false);
  const [update] = useUpdate();
  const [create] = useCreate();
  const redirect = useRedirect();
  const { name } = definition;
  const { toForm, toBody, validate, fields = [] } = views;

  const save = useCallback(
    async (body: Fields, version: number | undefined) => {
      // Read synchronously by RecordWatch: the socket's echo of this save is not someone else's.
      // It stays set after a save that went through, because the form is leaving for the list
      // and the echo may arrive before it has gone.
      saving.current = true;
      try {
        if (mode === 'create') {
          await create(name, { data: body }, { returnPromise: true });
          return { ...body, id: '' } as RaRecord;
        }
        if (!base) return undefined;
        const data = version === undefined ? body : { ...body, version };
        await update(name, { id: base.id, data, previousData: base }, { mutationMode: 'pessimistic', returnPromise: true });
        return { ...base, ...body } as RaRecord;
      } catch (error) {
        saving.current = false;
        throw error;
      }
    },
    [mode, name, base, create, update],
  );
  const notify = useNotify();
  // A save says what it did, naming the record ("Token USDC created."), and the
  // validation toast of an earlier try closes. The name is read from what was sent: the answer of
  // some servers is not the whole record.
  const onSaved = useCallback(
    (saved: unknown) => {
      const named: unknown = typeof saved === 'object' && saved !== null ? definition.recordRepresentation(saved as RaRecord) : '';
      const what = `${capitalised(definition.recordLabel)}${typeof named === 'string' && named ? ` ${named}` : ''}`;
      notify(`${what} ${mode === 'create' ? 'created' : 'saved'}.`, SAVED_NOTIFY_OPTIONS);
      redirect('list', name);
    },
    [redirect, name, notify, definition, mode],
  );
  const versioned = useVersionedSave<Fields, number | undefined>(save, onSaved);

  const submit = (values: Fields) => {
    const typed = toBody ? toBody(values, base) : withoutEmpty(values);
    // Fields fixed on edit are disabled, and a disabled input submits nothing: the name stays the record's.
    const body = mode === 'edit' && base ? { ...typed, [definition.idField]: base[definition.idField] } : typed;
    void versioned.submit(body, mode === 'edit' ? versionOf(base) : undefined);
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
        views={views}
        mode={mode}
        base={base}
        saving={saving}
        onReloaded={(latest) => {
          setBase(latest);
          versioned.dismissConflict();
        }}
        foot={(watch, resetTo) => (
          <FormFoot
            definition={definition}
            mode={mode}
            watch={watch}
            versioned={versioned}
            onTakeTheirs={(theirs) => {
              if (typeof theirs !== 'object' || theirs === null || !base) return;
              const record = { ...(theirs as Fields), id: base.id } as RaRecord;
              setBase(record);
              resetTo(record);
            }}
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
  views: ResourceViews;
  mode: Mode;
  base: RaRecord | undefined;
  saving: RefObject<boolean>;
  onReloaded: (latest: RaRecord) => void;
  foot: (watch: RecordWatchState, resetTo: (record: RaRecord) => void) => ReactNode;
  children: ReactNode;
}) {
  const resetTo = useResetTo(props.views);
  const [watch, setWatch] = useState<RecordWatchState>(NOTHING_SEEN);
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {props.mode === 'edit' && props.base && (
        <RecordWatch
          definition={props.definition}
          base={props.base}
          saving={props.saving}
          state={watch}
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

export function ResourceCreate({ definition, views }: KitViewProps) {
  return (
    <ResourcePage title={`New ${definition.recordLabel}`}>
      <Create resource={definition.name} title={false} actions={false}>
        <KitForm definition={definition} views={views} mode="create" />
      </Create>
    </ResourcePage>
  );
}

/** The edit form starts from the record once it has loaded. */
function LoadedEditForm({ definition, views }: KitViewProps) {
  const record = useRecordContext();
  if (!record) return null;
  return <KitForm key={String(record.id)} definition={definition} views={views} mode="edit" loaded={record} />;
}

export function ResourceEdit({ definition, views }: KitViewProps) {
  // The record's id from the route: a deep link says at once which record is open.
  const id = useGetRecordId();
  return (
    <ResourcePage title={`Edit ${definition.recordLabel} ${String(id)}`}>
      {/* Edit only loads the record: KitForm saves it itself (pessimistic) and goes back to the list. */}
      <Edit resource={definition.name} title={false} actions={false}>
        <LoadedEditForm definition={definition} views={views} />
      </Edit>
    </ResourcePage>
  );
}
