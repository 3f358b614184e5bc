import { describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_TOASTS, createNotistackToaster } from '../../src/notifications/toaster.ts';

describe('§2 toast list under a burst', () => {
  it('keeps at most MAX_PENDING_TOASTS auto-closing toasts, dropping the oldest, never a persistent one', () => {
    const enqueueSnackbar = vi.fn();
    const closeSnackbar = vi.fn();
    const toaster = createNotistackToaster({ enqueueSnackbar, closeSnackbar } as never);
    toaster.show('Disconnected from server', { variant: 'error', autoHideDuration: null });
    const persistentKey = enqueueSnackbar.mock.calls[0]![1].key;
    for (let i = 0; i < MAX_PENDING_TOASTS + 5; i++) toaster.show(`trade ${i}`, { variant: 'info', autoHideDuration: 10_000 });
    const closed = closeSnackbar.mock.calls.map((c) => c[0]);
    expect(closed).toHaveLength(5);
    expect(closed).not.toContain(persistentKey);
    const keyOf = (i: number) => enqueueSnackbar.mock.calls[i + 1]![1].key;
    expect(closed).toEqual([0, 1, 2, 3, 4].map(keyOf));
  });
});

/** A notistack stand-in: the first `max` toasts are shown (onEnter), the rest wait in a queue. */
function fakeNotistack(max: number) {
  type Options = { key: string; onEnter: () => void; onExited: () => void };
  const shown: Options[] = [];
  const queue: Options[] = [];
  const api = {
    enqueueSnackbar: (_message: unknown, options: Options) => {
      if (shown.length < max) {
        shown.push(options);
        options.onEnter();
      } else queue.push(options);
      return options.key;
    },
    closeSnackbar: (key?: string) => {
      if (key === undefined) {
        // notistack 3: close-all closes the shown ones and leaves the queue.
        for (const s of shown.splice(0)) s.onExited();
      } else {
        const at = shown.findIndex((s) => s.key === key);
        if (at >= 0) shown.splice(at, 1)[0]!.onExited();
        const q = queue.findIndex((s) => s.key === key);
        if (q >= 0) queue.splice(q, 1); // taken out of the queue silently, as notistack does
      }
      while (shown.length < max && queue.length > 0) {
        const next = queue.shift()!;
        shown.push(next);
        next.onEnter();
      }
    },
  };
  return { api, shown, queue };
}

describe('§2 dismiss-all appears when more than one toast is open', () => {
  it('counts the toasts on screen, not those waiting in the queue', () => {
    const counts: number[] = [];
    const fake = fakeNotistack(1);
    const toaster = createNotistackToaster(fake.api as never, (n) => counts.push(n));
    toaster.show('a', { variant: 'info', autoHideDuration: 10_000 });
    toaster.show('b', { variant: 'info', autoHideDuration: 10_000 });
    expect(fake.queue).toHaveLength(1);
    expect(counts.at(-1)).toBe(1);
  });

  it('a queued toast closed by its id (a SENDING toast replaced on confirmation) leaves the count right', () => {
    let count = 0;
    const fake = fakeNotistack(2);
    const toaster = createNotistackToaster(fake.api as never, (n) => (count = n));
    toaster.show('one', { variant: 'info', autoHideDuration: 10_000 });
    toaster.show('two', { variant: 'info', autoHideDuration: 10_000 });
    toaster.show('SENDING', { variant: 'info', autoHideDuration: 10_000, id: 'tx-1' });
    toaster.close('tx-1');
    expect(count).toBe(2);
    fake.api.closeSnackbar(fake.shown[0]!.key);
    expect(count).toBe(1);
  });

  it('dismiss all closes the queued toasts too, so none appears afterwards', () => {
    let count = 0;
    const fake = fakeNotistack(2);
    const toaster = createNotistackToaster(fake.api as never, (n) => (count = n));
    for (let i = 0; i < 5; i++) toaster.show(`t${i}`, { variant: 'info', autoHideDuration: 10_000 });
    toaster.show('Disconnected from server', { variant: 'error', autoHideDuration: null });
    expect(count).toBe(2);
    toaster.closeAll();
    expect(fake.shown).toHaveLength(0);
    expect(fake.queue).toHaveLength(0);
    expect(count).toBe(0);
    toaster.show('after', { variant: 'info', autoHideDuration: 10_000 });
    expect(count).toBe(1);
  });
});
