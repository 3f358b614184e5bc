// @vitest-environment jsdom
import { MAX_TOASTS } from '../../src/notifications/NotificationsProvider.tsx';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Toaster } from '../../src/notifications/index.ts';
import { createLiveNotifier } from '../../src/notifications/liveNotifier.tsx';
import { NotificationsProvider, useToaster } from '../../src/notifications/NotificationsProvider.tsx';
import { VALID } from '../realtime/fixtures.ts';

afterEach(() => {
  cleanup();
});

function renderWithToaster(): { toaster: () => Toaster } {
  let captured: Toaster | null = null;
  function Capture() {
    captured = useToaster();
    return null;
  }
  render(
    <NotificationsProvider>
      <Capture />
    </NotificationsProvider>,
  );
  return {
    toaster: () => {
      if (!captured) throw new Error('no toaster');
      return captured;
    },
  };
}

describe('§2 toast area', () => {
  it('shows toast text as text, never HTML', async () => {
    const { toaster } = renderWithToaster();
    act(() => toaster().show('<b>bold</b><img src=x>', { variant: 'info', autoHideDuration: null }));
    expect(await screen.findByText('<b>bold</b><img src=x>')).toBeInTheDocument();
    expect(document.querySelector('.notistack-SnackbarContainer b')).toBeNull();
    expect(document.querySelector('.notistack-SnackbarContainer img')).toBeNull();
  });

  it('a trade toast with markup in the token name renders it as text', async () => {
    const { toaster } = renderWithToaster();
    const notifier = createLiveNotifier({ toaster: toaster(), playSound: vi.fn(), fetchTrade: vi.fn() });
    act(() => notifier.txSent({ ...VALID.txSent, tokenName: '<i>EVIL</i>' }));
    expect(await screen.findByText(/<i>EVIL<\/i>/)).toBeInTheDocument();
    expect(document.querySelector('.notistack-SnackbarContainer i')).toBeNull();
  });

  it('is anchored top-right in the container whose order is reversed (newest on top)', async () => {
    const { toaster } = renderWithToaster();
    act(() => toaster().show('one', { variant: 'info', autoHideDuration: null }));
    await screen.findByText('one');
    const container = document.querySelector('.notistack-SnackbarContainer');
    expect(container?.className).toContain('console-toasts');
  });

  it('a toast closes when clicked', async () => {
    const { toaster } = renderWithToaster();
    act(() => toaster().show('click me', { variant: 'success', autoHideDuration: null }));
    fireEvent.click(await screen.findByText('click me'));
    await waitFor(() => expect(screen.queryByText('click me')).toBeNull());
  });

  it('dismiss-all appears only while more than one toast is open, and closes them all', async () => {
    const { toaster } = renderWithToaster();
    act(() => toaster().show('first', { variant: 'info', autoHideDuration: null }));
    await screen.findByText('first');
    expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
    act(() => toaster().show('second', { variant: 'warning', autoHideDuration: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss all' }));
    await waitFor(() => {
      expect(screen.queryByText('first')).toBeNull();
      expect(screen.queryByText('second')).toBeNull();
    });
    expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
  });

  it('showing again under the same id replaces the toast instead of duplicating it', async () => {
    const { toaster } = renderWithToaster();
    act(() => toaster().show('v1', { variant: 'info', autoHideDuration: null, id: 'x' }));
    await screen.findByText('v1');
    act(() => toaster().show('v2', { variant: 'info', autoHideDuration: null, id: 'x' }));
    await screen.findByText('v2');
    await waitFor(() => expect(screen.queryByText('v1')).toBeNull());
    act(() => toaster().close('x'));
    await waitFor(() => expect(screen.queryByText('v2')).toBeNull());
  });

  it('§2 the list is bounded (at most MAX_TOASTS on screen)', async () => {
    const { toaster } = renderWithToaster();
    act(() => {
      for (let i = 0; i < 12; i++) toaster().show(`t${i}`, { variant: 'info', autoHideDuration: 60_000 });
    });
    await screen.findByText(`t${MAX_TOASTS - 1}`);
    expect(document.querySelectorAll('.notistack-Snackbar').length).toBeLessThanOrEqual(MAX_TOASTS);
    expect(screen.queryByText('t11')).toBeNull(); // queued until the oldest have left
    await screen.findByText('t11', undefined, { timeout: 5000 });
    expect(document.querySelectorAll('.notistack-Snackbar').length).toBeLessThanOrEqual(MAX_TOASTS);
  });

  it('useToaster outside the provider explains itself', () => {
    function Orphan() {
      useToaster();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow(/NotificationsProvider/);
    spy.mockRestore();
  });
});
