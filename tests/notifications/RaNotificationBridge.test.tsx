// @vitest-environment jsdom
import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, useNotify } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Toaster } from '../../src/notifications/index.ts';
import { NotificationsProvider } from '../../src/notifications/NotificationsProvider.tsx';
import { RaNotificationBridge } from '../../src/notifications/RaNotificationBridge.tsx';

/** More toasts than any test here asks for: the bridge is looping. */
const LOOP_GUARD = 20;
const shownTexts: string[] = [];

// The real toast area, with a count of what the bridge shows. A bridge that loops does so inside one
// effect, synchronously, where no test timeout can interrupt it; the guard turns that into an error.
vi.mock('../../src/notifications/NotificationsProvider.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/notifications/NotificationsProvider.tsx')>();
  const guarded = new WeakMap<Toaster, Toaster>();
  const guard = (toaster: Toaster): Toaster => ({
    ...toaster,
    show(message, options) {
      shownTexts.push(String(message));
      if (shownTexts.length > LOOP_GUARD) throw new Error(`the bridge showed ${shownTexts.length} toasts: it is looping`);
      toaster.show(message, options);
    },
  });
  return {
    ...real,
    useToaster: () => {
      const toaster = real.useToaster();
      const wrapped = guarded.get(toaster) ?? guard(toaster);
      guarded.set(toaster, wrapped);
      return wrapped;
    },
  };
});

function NotifyTwice() {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() => {
        notify('Save stats: done', { type: 'success' });
        notify('Restart peer tx-eu-1 failed: unknown peer', { type: 'error' });
      }}
    >
      notify twice
    </button>
  );
}

/** The signed-in frame's toast wiring, under StrictMode as main.tsx mounts it. */
function Frame({ bridge }: { bridge: boolean }) {
  const [admin] = useState(() => ({ dataProvider: testDataProvider(), store: memoryStore() }));
  return (
    <StrictMode>
      <AdminContext dataProvider={admin.dataProvider} store={admin.store}>
        <NotificationsProvider>
          {bridge && <RaNotificationBridge />}
          <NotifyTwice />
        </NotificationsProvider>
      </AdminContext>
    </StrictMode>
  );
}

function renderFrame(bridge = true) {
  shownTexts.length = 0;
  return render(<Frame bridge={bridge} />);
}

/** Lets the toast area and any further effects run, so a toast shown twice would be on screen by now. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('§2 react-admin notifications reach the one toast area', () => {
  it('§2 two useNotify calls show exactly two toasts, each once, and the page goes on', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'notify twice' }));
    await screen.findByText('Save stats: done');
    await screen.findByText('Restart peer tx-eu-1 failed: unknown peer');
    await settle();
    expect(shownTexts).toEqual(['Save stats: done', 'Restart peer tx-eu-1 failed: unknown peer']);
    expect(screen.getAllByText('Save stats: done')).toHaveLength(1);

    // Another press after the first pair: two more, nothing repeated; on screen the identical ones
    // merge (one toast each, ×2).
    fireEvent.click(screen.getByRole('button', { name: 'notify twice' }));
    await settle();
    expect(shownTexts).toHaveLength(4);
    expect(screen.getAllByText('Save stats: done')).toHaveLength(1);
    expect(screen.getAllByText('×2')).toHaveLength(2);
  });

  it('§2 notifications queued before the toast area mounts are each shown once (StrictMode runs its first effect twice)', async () => {
    const { rerender } = renderFrame(false);
    fireEvent.click(screen.getByRole('button', { name: 'notify twice' }));
    await settle();
    expect(shownTexts).toEqual([]);
    rerender(<Frame bridge />);
    await screen.findByText('Save stats: done');
    await settle();
    expect(shownTexts).toEqual(['Save stats: done', 'Restart peer tx-eu-1 failed: unknown peer']);
  });
});
