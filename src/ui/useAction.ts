import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';

export interface ActionOptions {
  /** Shown as a success toast when the action resolves. */
  success?: string;
}

/**
 * Runs one operator action at a time: pending state for the control, the server's message on
 * failure (403 reads "not allowed"), an optional success toast.
 */
export function useAction(): {
  pending: boolean;
  run: (label: string, action: () => Promise<unknown>, options?: ActionOptions) => Promise<boolean>;
} {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (label: string, action: () => Promise<unknown>, options: ActionOptions = {}) => {
      setPending(true);
      try {
        await action();
        if (options.success) notify(options.success, { type: 'success' });
        return true;
      } catch (error) {
        const status = (error as { status?: number }).status;
        const reason = status === 403 ? 'not allowed' : error instanceof Error ? error.message : String(error);
        notify(`${label} failed: ${reason}`, { type: 'error' });
        return false;
      } finally {
        setPending(false);
      }
    },
    [notify],
  );
  return { pending, run };
}
