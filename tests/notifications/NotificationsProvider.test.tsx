// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIGNAL_PREFS } from '../../src/domain/signals.ts';
import type { Toaster } from '../../src/notifications/index.ts';
import { createJournal, type SignalJournal } from '../../src/notifications/centre/journal.ts';
import { memoryPersistence } from '../../src/notifications/centre/idbPersistence.ts';
import { NotificationsButton } from '../../src/notifications/centre/NotificationsButton.tsx';
import { createLiveNotifier } from '../../src/notifications/liveNotifier.tsx';
import { NotificationsProvider, useToaster } from '../../src/notifications/NotificationsProvider.tsx';
import { createSignalPrefsStore, type SignalPrefsStore } from '../../src/notifications/signalPrefs.ts';
import { VALID } from '../realtime/fixtures.ts';
import { nextFrame } from '../support/frames.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

async function renderWithToaster(prefs: SignalPrefsStore = createSignalPrefsStore(memoryStorage())): Promise<{
  toaster: () => Toaster;
  journal: SignalJournal;
  prefs: SignalPrefsStore;
}> {
  const journal = createJournal({ persistence: memoryPersistence(), marks: memoryStorage(), schedule: (flush) => flush() });
  let captured: Toaster | null = null;
  function Capture() {
    captured = useToaster();
    return null;
  }
  render(
    <MemoryRouter>
      <NotificationsProvider journal={journal} prefs={prefs}>
        <Capture />
        <NotificationsButton />
      </NotificationsProvider>
    </MemoryRouter>,
  );
  await act(async () => {
    await journal.ready;
  });
  return {
    journal,
    prefs,
    toaster: () => {
      if (!captured) throw new Error('no toaster');
      return captured;
    },
  };
}

const toastArea = () => document.querySelector('.console-toasts') as HTMLElement;

describe('§2 toast area', () => {
  it('shows toast text as text, never HTML', async () => {
    const { toaster } = await renderWithToaster();
    act(() => toaster().show('<b>bold</b><img src=x>', { variant: 'info', autoHideDuration: null }));
    expect(await screen.findByText('<b>bold</b><img src=x>')).toBeInTheDocument();
    expect(toastArea().querySelector('b')).toBeNull();
    expect(toastArea().querySelector('img')).toBeNull();
  });

  it('a trade toast with markup in the token name renders it as text', async () => {
    const { toaster } = await renderWithToaster();
    const notifier = createLiveNotifier({ toaster: toaster(), playSound: vi.fn(), fetchTrade: vi.fn() });
    act(() => notifier.txSent({ ...VALID.txSent, tokenName: '<i>EVIL</i>' }));
    expect(await screen.findByText(/<i>EVIL<\/i>/)).toBeInTheDocument();
    expect(toastArea().querySelector('i')).toBeNull();
  });

  it('§2 is fixed at the top right, the newest on top', async () => {
    const { toaster } = await renderWithToaster();
    act(() => {
      toaster().show('one', { variant: 'info', autoHideDuration: null });
      toaster().show('two', { variant: 'info', autoHideDuration: null });
    });
    await nextFrame();
    const cards = within(toastArea()).getAllByTitle('Click to close');
    expect(cards.map((c) => c.textContent)).toEqual(['two', 'one']);
    expect(toastArea().style.position === 'fixed' || getComputedStyle(toastArea()).position === 'fixed').toBe(true);
  });

  it('§4 colours: SENDING blue, CONFIRM green, FAIL red', async () => {
    const { toaster } = await renderWithToaster();
    const notifier = createLiveNotifier({ toaster: toaster(), playSound: vi.fn(), fetchTrade: vi.fn() });
    act(() => notifier.txSent(VALID.txSent));
    const card = (await screen.findByText(/^SENDING/)).closest('[title="Click to close"]') as HTMLElement;
    expect(card.dataset.toastVariant).toBe('info');
    expect(getComputedStyle(card).backgroundColor).toBe('rgb(21, 101, 192)');
  });

  it('§2 a toast closes when clicked', async () => {
    const { toaster } = await renderWithToaster();
    act(() => toaster().show('click me', { variant: 'success', autoHideDuration: null }));
    fireEvent.click(await screen.findByText('click me'));
    await waitFor(() => expect(screen.queryByText('click me')).toBeNull());
  });

  it('§2 dismiss-all appears only while more than one toast is open, and closes them all', async () => {
    const { toaster } = await renderWithToaster();
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

  it('§2 pauses while the pointer is over it', async () => {
    vi.useFakeTimers();
    try {
      const { toaster } = await renderWithToaster();
      act(() => toaster().show('stay', { variant: 'info', autoHideDuration: 1000 }));
      await nextFrame();
      fireEvent.mouseEnter(toastArea());
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getByText('stay')).toBeInTheDocument();
      fireEvent.mouseLeave(toastArea());
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('stay')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('limit: beyond the preference, "+K more" opens the centre, which lists them', async () => {
    const prefs = createSignalPrefsStore(memoryStorage());
    prefs.set({ ...DEFAULT_SIGNAL_PREFS, limit: 2 });
    const { toaster } = await renderWithToaster(prefs);
    act(() => {
      for (let i = 1; i <= 5; i++) toaster().show(`t${i}`, { variant: 'info', autoHideDuration: 60_000 });
    });
    await nextFrame();
    expect(within(toastArea()).getAllByTitle('Click to close')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '+3 more notifications' }));
    const centre = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 10_000 });
    for (let i = 1; i <= 5; i++) expect(within(centre).getByText(`t${i}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more notifications/ })).toBeNull();
  });

  it('merging: identical toasts show once with ×count', async () => {
    const { toaster } = await renderWithToaster();
    act(() => {
      for (let i = 0; i < 3; i++) toaster().show('DAI: failed to build bridge tx', { variant: 'error', autoHideDuration: 10_000 });
    });
    await nextFrame();
    expect(within(toastArea()).getAllByTitle('Click to close')).toHaveLength(1);
    expect(within(toastArea()).getByText('×3')).toBeInTheDocument();
  });

  it('levels: a kind at Bell only shows no toast but the header counts it and the centre lists it', async () => {
    const prefs = createSignalPrefsStore(memoryStorage());
    prefs.set({ ...DEFAULT_SIGNAL_PREFS, levels: { warning: 'bellOnly' } });
    const { toaster } = await renderWithToaster(prefs);
    act(() => toaster().show('low balance', { variant: 'warning', autoHideDuration: 10_000 }));
    await nextFrame();
    expect(screen.queryByText('low balance')).toBeNull();
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(button);
    const centre = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 10_000 });
    expect(within(centre).getByText('low balance')).toBeInTheDocument();
    fireEvent.click(within(centre).getByRole('button', { name: 'Mark all read' }));
    // The open centre hides the rest of the page from assistive technology: the header is looked at through that.
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
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
