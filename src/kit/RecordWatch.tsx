/**
 * An open edit listens to its record on the realtime API. Someone else's save: "This record was
 * changed by someone else", with Reload (the form takes the current record) and Keep editing (a
 * save then meets the 409 conflict flow). A delete: "This record was deleted by someone else", and
 * Save is disabled. The editor's own save is not someone else's: events while it is in flight, or
 * that bring no newer version than the one being edited, are not reported.
 */
import { useContext, useState, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { DataProviderContext, type DataProvider, type RaRecord } from 'react-admin';
import { versionOf } from '../ui/errors.ts';
import type { ResourceDefinition } from './definition.ts';
import { useSubscribeToRecord } from './realtimeHooks.ts';

export interface RecordWatchState {
  changed: boolean;
  deleted: boolean;
}

export const NOTHING_SEEN: RecordWatchState = { changed: false, deleted: false };

export const CHANGED_TEXT = 'This record was changed by someone else';
export const DELETED_TEXT = 'This record was deleted by someone else';

export interface RecordWatchProps {
  definition: ResourceDefinition;
  base: RaRecord;
  saving: RefObject<boolean>;
  /** Held by the form, whose Save follows it. */
  state: RecordWatchState;
  onState: (state: RecordWatchState) => void;
  onReload: (latest: RaRecord) => void;
}

export function RecordWatch({ definition, base, saving, state, onState: setState, onReload }: RecordWatchProps) {
  const dataProvider = useContext(DataProviderContext) as DataProvider | null;
  const [latest, setLatest] = useState<RaRecord | null>(null);
  const [reloadError, setReloadError] = useState<string | null>(null);

  useSubscribeToRecord(
    (event) => {
      if (saving.current) return;
      if (event.type === 'deleted') {
        setState({ changed: false, deleted: true });
        return;
      }
      if (event.type !== 'updated' || !dataProvider) return;
      void dataProvider.getOne(definition.name, { id: base.id }).then(
        ({ data }) => {
          const theirs = versionOf(data);
          const mine = versionOf(base);
          if (theirs !== undefined && mine !== undefined && theirs <= mine) return;
          setLatest(data);
          setState({ changed: true, deleted: false });
        },
        () => setState({ changed: true, deleted: false }),
      );
    },
    definition.name,
    base.id,
  );

  const reload = async () => {
    setReloadError(null);
    try {
      const current = latest ?? (await dataProvider?.getOne(definition.name, { id: base.id }))?.data;
      if (current) onReload(current);
      setState(NOTHING_SEEN);
      setLatest(null);
    } catch (error) {
      setReloadError(error instanceof Error ? error.message : String(error));
    }
  };

  if (state.deleted) {
    return (
      <Alert severity="error" role="alert">
        {DELETED_TEXT}. It can no longer be saved.
      </Alert>
    );
  }
  if (!state.changed) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <>
          <Button color="inherit" size="small" onClick={() => void reload()}>
            Reload
          </Button>
          <Button color="inherit" size="small" onClick={() => setState(NOTHING_SEEN)}>
            Keep editing
          </Button>
        </>
      }
    >
      {CHANGED_TEXT}.{reloadError ? ` Reload failed: ${reloadError}` : ' Reload takes their version; a save over it asks you first.'}
    </Alert>
  );
}
