/**
 * Saving a versioned record (tokens, bridges, configs): PUT with the version being edited; a 409
 * opens the conflict (theirs vs yours) instead of overwriting. A failure leaves the form as typed
 * and shows the reason.
 */
import { useCallback, useState } from 'react';
import { conflictCurrent, errorText, versionOf } from './errors.ts';

export interface Conflict<B> {
  theirs: unknown;
  mine: B;
}

/** V includes undefined where a record may carry no version (a create, an unversioned record). */
export function useVersionedSave<B, V extends number | undefined = number>(
  save: (body: B, version: V) => Promise<unknown>,
  onSaved: (result: unknown) => void,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<B> | null>(null);

  const submit = useCallback(
    async (body: B, version: V) => {
      setPending(true);
      setError(null);
      try {
        const result = await save(body, version);
        setConflict(null);
        onSaved(result);
      } catch (e) {
        const current = conflictCurrent(e);
        if (current !== undefined) setConflict({ theirs: current, mine: body });
        else {
          setConflict(null);
          setError(errorText(e));
        }
      } finally {
        setPending(false);
      }
    },
    [save, onSaved],
  );

  /** Re-send mine over the version the server has now. */
  const keepMine = useCallback(async () => {
    if (!conflict) return;
    const version = versionOf(conflict.theirs);
    if (version === undefined) {
      setError('the current record carries no version; reload and edit again');
      setConflict(null);
      return;
    }
    // A version read off the server's record is a number, which every V admits.
    await submit(conflict.mine, version as V);
  }, [conflict, submit]);

  const dismissConflict = useCallback(() => setConflict(null), []);

  return { pending, error, setError, conflict, submit, keepMine, dismissConflict };
}
