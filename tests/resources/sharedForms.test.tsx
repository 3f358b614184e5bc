// @vitest-environment jsdom
/** The shared foot of versioned forms and the config save hook (no lost updates: §7). */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { VersionedFormFooter } from '../../src/kit/VersionedFormFooter.tsx';
import { useConfigSave } from '../../src/ui/useConfigSave.ts';
import type { Conflict } from '../../src/ui/useVersionedSave.ts';
import { conflictError, fakeResourceApi } from './harness.tsx';

function Footer({ conflict, onCancel, onTakeTheirs, error = null }: { conflict: Conflict<unknown> | null; onCancel: () => void; onTakeTheirs: (t: unknown) => void; error?: string | null }) {
  const [open, setOpen] = useState(conflict);
  return (
    <form onSubmit={(e) => e.preventDefault()} aria-label="Thing">
      <VersionedFormFooter what="Thing X" pending={false} error={error} conflict={open} keepMine={async () => undefined} dismissConflict={() => setOpen(null)} onCancel={onCancel} onTakeTheirs={onTakeTheirs} />
    </form>
  );
}

describe('VersionedFormFooter', () => {
  it('shows why the last save failed, Save submits the form, Cancel leaves', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<Footer conflict={null} onCancel={onCancel} onTakeTheirs={vi.fn()} error="token unknown" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Save failed: token unknown');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('a conflict shows theirs vs yours; Take theirs hands over the current record and closes', async () => {
    const user = userEvent.setup();
    const onTakeTheirs = vi.fn();
    render(<Footer conflict={{ theirs: { name: 'X', version: 3 }, mine: { name: 'X', v: 'mine' } }} onCancel={vi.fn()} onTakeTheirs={onTakeTheirs} />);
    const dialog = screen.getByRole('dialog', { name: 'Thing X was changed by someone else' });
    expect(within(dialog).getByRole('region', { name: 'Theirs (current)' })).toHaveTextContent('"version": 3');
    expect(within(dialog).getByRole('region', { name: 'Yours' })).toHaveTextContent('"v": "mine"');
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(onTakeTheirs).toHaveBeenCalledWith({ name: 'X', version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('useConfigSave', () => {
  const record = (version: number) => ({ configName: 'worker', version, updatedAt: 1, data: { tradeMode: 'auto' } });

  function setup() {
    const api = fakeResourceApi();
    const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        {children}
      </AdminContext>
    );
    const onLoaded = vi.fn();
    const hook = renderHook(() => useConfigSave('worker', onLoaded), { wrapper });
    return { api, onLoaded, hook };
  }

  it('PUTs /configs/{name} with the version loaded and loads what the server answered', async () => {
    const { api, onLoaded, hook } = setup();
    api.updateConfig.mockResolvedValue(record(3));
    await act(() => hook.result.current.submit({ tradeMode: 'force' }, 2));
    expect(api.updateConfig).toHaveBeenCalledWith('worker', 2, { tradeMode: 'force' });
    expect(onLoaded).toHaveBeenCalledWith(record(3));
    expect(hook.result.current.saved).toBe(true);
  });

  it('a stale version opens the conflict; take theirs loads the current record', async () => {
    const { api, onLoaded, hook } = setup();
    api.updateConfig.mockRejectedValueOnce(conflictError(record(5)));
    await act(() => hook.result.current.submit({ tradeMode: 'force' }, 2));
    expect(hook.result.current.conflict).toEqual({ theirs: record(5), mine: { tradeMode: 'force' } });
    expect(hook.result.current.saved).toBe(false);
    act(() => hook.result.current.takeTheirs());
    expect(onLoaded).toHaveBeenCalledWith(record(5));
    expect(hook.result.current.conflict).toBeNull();
  });
});
