// @vitest-environment jsdom
/**
 * The notification policy on Preferences (docs/guide.md "Preferences"): one row per kind with a
 * level, and the bell and the toasts following what is picked there.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNAL_KIND_LABELS, SIGNAL_KINDS } from '../../src/config/signals.ts';
import type { Toaster } from '../../src/notifications/index.ts';
import { createJournal } from '../../src/notifications/centre/journal.ts';
import { memoryPersistence } from '../../src/notifications/centre/idbPersistence.ts';
import { NotificationsButton } from '../../src/notifications/centre/NotificationsButton.tsx';
import { NotificationPreferences } from '../../src/notifications/NotificationPreferences.tsx';
import { NotificationsProvider, useToaster } from '../../src/notifications/NotificationsProvider.tsx';
import { createSignalPrefsStore } from '../../src/notifications/signalPrefs.ts';
import { nextFrame } from '../support/frames.ts';

afterEach(cleanup);

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

async function renderPolicy() {
  const prefs = createSignalPrefsStore(memoryStorage());
  const journal = createJournal({ persistence: memoryPersistence(), marks: memoryStorage(), schedule: (flush) => flush() });
  let toaster: Toaster | null = null;
  function Capture() {
    toaster = useToaster();
    return null;
  }
  render(
    <MemoryRouter>
      <NotificationsProvider journal={journal} prefs={prefs}>
        <Capture />
        <NotificationsButton />
        <NotificationPreferences prefs={prefs} />
      </NotificationsProvider>
    </MemoryRouter>,
  );
  await act(async () => {
    await journal.ready;
  });
    // Shown, and the frame the stack is told in let run, as on a page.
  const show = async (...args: Parameters<Toaster['show']>) => {
    act(() => toaster!.show(...args));
    await nextFrame();
  };
  return { prefs, journal, show };
}

const toastArea = () => document.querySelector('.console-toasts') as HTMLElement;

describe('the notification policy on Preferences', () => {
  it('one level per kind, named for it, with the defaults checked', async () => {
    await renderPolicy();
    for (const kind of SIGNAL_KINDS) expect(screen.getByRole('radiogroup', { name: `Level for ${SIGNAL_KIND_LABELS[kind]}` })).toBeInTheDocument();
    const sent = screen.getByRole('radiogroup', { name: 'Level for Trade sent' });
    expect(within(sent).getByRole('radio', { name: 'Toast only' })).toBeChecked();
    const failed = screen.getByRole('radiogroup', { name: 'Level for Trade failed' });
    expect(within(failed).getByRole('radio', { name: 'Toast and bell' })).toBeChecked();
    // A sound switch only where the kind has a sound.
    expect(screen.getByRole('switch', { name: 'Sound for Connection' })).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Sound for Trade failed' })).toBeNull();
  });

  it('by default a confirmed trade shows a toast and leaves the bell at 0; a failed one counts', async () => {
    const { show, journal } = await renderPolicy();
    await show('CONFIRM DAI', { variant: 'success', autoHideDuration: 10_000, kind: 'tradeConfirmed' });
    expect(within(toastArea()).getByText('CONFIRM DAI')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(journal.getView().entries).toEqual([]);
    await show('FAIL DAI', { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed' });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('a level picked takes effect at once: Trade failed at Toast only keeps the bell at 0, Off shows nothing', async () => {
    const { show, prefs } = await renderPolicy();
    const failed = screen.getByRole('radiogroup', { name: 'Level for Trade failed' });
    fireEvent.click(within(failed).getByRole('radio', { name: 'Toast only' }));
    expect(prefs.get().levels).toEqual({ tradeFailed: 'toastOnly' });
    await show('FAIL DAI', { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed' });
    expect(within(toastArea()).getByText('FAIL DAI')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    fireEvent.click(within(failed).getByRole('radio', { name: 'Off' }));
    await show('FAIL ETH', { variant: 'error', autoHideDuration: 10_000, kind: 'tradeFailed' });
    expect(within(toastArea()).queryByText('FAIL ETH')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
