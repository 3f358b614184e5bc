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
