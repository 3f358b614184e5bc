/**
 * A small toast port over notistack: logical ids (a toast shown again under the same id replaces
 * the previous one instead of duplicating it) and a count of open toasts for the dismiss-all
 * control. Realtime and the live notifier only see the Toaster interface, so tests pass fakes.
 */
import type { ReactNode } from 'react';
import type { EnqueueSnackbar, SnackbarKey } from 'notistack';

export type ToastVariant = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  variant: ToastVariant;
  /** Milliseconds until it closes by itself; null keeps it open until closed. */
  autoHideDuration: number | null;
  /** Logical id: showing again under it replaces the open toast; close(id) closes it. */
  id?: string;
}

export interface Toaster {
  show(message: ReactNode, options: ToastOptions): void;
  close(id: string): void;
  closeAll(): void;
}

export interface NotistackApi {
  enqueueSnackbar: EnqueueSnackbar;
  closeSnackbar: (key?: SnackbarKey) => void;
}

/** Auto-closing toasts kept (shown or queued) at most; older ones are dropped. */
export const MAX_PENDING_TOASTS = 12;

export function createNotistackToaster(api: NotistackApi, onOpenCountChange: (count: number) => void = () => undefined): Toaster {
  /** Toasts on screen: from notistack's onEnter to its onExited. The dismiss-all control counts these. */
  const shown = new Set<SnackbarKey>();
  /** Toasts enqueued and not yet gone: shown, or waiting in notistack's queue. */
  const pending = new Set<SnackbarKey>();
  /** Auto-closing toasts, oldest first: under a firehose the oldest give way (see show). */
  const transient: SnackbarKey[] = [];
  const byId = new Map<string, SnackbarKey>();
  let seq = 0;

  const changed = () => onOpenCountChange(shown.size);

  const forget = (key: SnackbarKey) => {
    pending.delete(key);
    const at = transient.indexOf(key);
    if (at >= 0) transient.splice(at, 1);
    for (const [id, k] of byId) if (k === key) byId.delete(id);
  };

  /**
   * Closes one toast. A shown one leaves through its exit (onExited forgets it); a queued one is
   * only taken out of notistack's queue, which calls nothing back, so it is forgotten here.
   */
  const closeKey = (key: SnackbarKey) => {
    if (!shown.has(key)) forget(key);
    api.closeSnackbar(key);
  };

  const close = (id: string) => {
    const key = byId.get(id);
    if (key === undefined) return;
    byId.delete(id);
    closeKey(key);
  };

  return {
    show(message, { variant, autoHideDuration, id }) {
      if (id !== undefined) close(id);
      // Unique notistack keys even for a reused logical id: a closing toast is still mounted
      // until its exit animation ends, and two snacks with one key would collide.
      const key: SnackbarKey = `toast-${++seq}`;
      if (id !== undefined) byId.set(id, key);
      pending.add(key);
      if (autoHideDuration !== null) {
        transient.push(key);
        // notistack shows a few at a time and queues the rest; under a burst of trades that queue
        // would grow without bound and show toasts minutes late. Drop the oldest auto-closing ones
        // (persistent toasts such as "Disconnected from server" are never dropped).
        while (transient.length > MAX_PENDING_TOASTS) {
          const oldest = transient[0];
          if (oldest === undefined) break;
          transient.shift();
          if (pending.has(oldest)) closeKey(oldest);
        }
      }
      api.enqueueSnackbar(message, {
        key,
        variant,
        persist: autoHideDuration === null,
        autoHideDuration,
        // §2 closable by click anywhere on the toast.
        SnackbarProps: { onClick: () => api.closeSnackbar(key), style: { cursor: 'pointer' }, title: 'Click to close' },
        onEnter: () => {
          shown.add(key);
          changed();
        },
        onExited: () => {
          shown.delete(key);
          forget(key);
          changed();
        },
      });
    },
    close,
    closeAll() {
      // notistack's close-all (no key) leaves its queue alone, so queued toasts would appear
      // right after: every toast is closed by its key.
      for (const key of [...pending]) closeKey(key);
      byId.clear();
    },
  };
}
