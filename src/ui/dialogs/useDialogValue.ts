import { useEffect, useRef, useState } from 'react';

/**
 * The state both single-value dialogs share (§5): the value resets to the initial one each time
 * the dialog opens, Save runs only when the value changed and at most once at a time (a ref, so two
 * Enters or clicks in the same tick cannot save twice), and a failed save keeps what was typed and
 * shows why.
 */
export function useDialogValue(
  open: boolean,
  initialValue: string,
  onSave: (value: string) => void | Promise<void>,
  onClose: () => void,
) {
  const [value, setValue] = useState(initialValue);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);
  useEffect(() => {
    if (open) {
      setValue(initialValue);
      setFailure(null);
    }
  }, [open, initialValue]);
  const changed = value !== initialValue;
  const save = async (allowed = true) => {
    if (!allowed || !changed || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await onSave(value);
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  return { value, setValue, changed, saving, failure, save };
}
