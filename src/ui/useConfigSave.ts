/**
 * Saving one config (PUT /configs/{configName} with the version loaded; 409 -> conflict): the
 * screens that edit a config (the JSON editor, network settings) share this wiring. `onLoaded`
 * receives the record the server answered, so the screen shows what is stored now.
 */
import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { ConfigRecord } from '../contract/index.ts';
import { useConsoleDataProvider } from '../dataProvider/index.ts';
import { SAVED_NOTIFY_OPTIONS } from './notices.ts';
import { useVersionedSave } from './useVersionedSave.ts';

export function useConfigSave(configName: string, onLoaded: (record: ConfigRecord) => void) {
  const api = useConsoleDataProvider();
  const [saved, setSaved] = useState(false);
  const notify = useNotify();
  const save = useCallback(
    (data: Record<string, unknown>, version: number) => api.updateConfig(configName, version, data),
    [api, configName],
  );
  const onSaved = useCallback(
    (result: unknown) => {
      const parsed = ConfigRecord.safeParse(result);
      if (parsed.success) onLoaded(parsed.data);
      setSaved(true);
      // The save is said in a toast too, naming the config.
      notify(`Config ${configName} saved.`, SAVED_NOTIFY_OPTIONS);
    },
    [onLoaded, notify, configName],
  );
  const versioned = useVersionedSave(save, onSaved);
  const { conflict, dismissConflict } = versioned;

  /** The server's current record from a conflict, loaded into the screen (take theirs). */
  const takeTheirs = useCallback(() => {
    const current = ConfigRecord.safeParse(conflict?.theirs);
    if (current.success) onLoaded(current.data);
    dismissConflict();
  }, [conflict, dismissConflict, onLoaded]);

  return { ...versioned, saved, setSaved, takeTheirs };
}
