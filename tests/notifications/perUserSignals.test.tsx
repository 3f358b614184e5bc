// @vitest-environment jsdom
/**
 * Per-user signal state: the notification centre's unread count and history, and the preferences,
 * belong to the signed-in user. Signed in as the Admin, then as the Operator in the same browser, the
 * Operator's bell shows none of the Admin's unread, and the Admin's muted kinds do not mute theirs.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNAL_PREFS_STORAGE_KEY } from '../../src/config/signals.ts';
import { DEFAULT_SIGNAL_PREFS } from '../../src/domain/signals.ts';
import type { AppAuthProvider } from '../../src/authProvider/index.ts';
import { NotificationsButton } from '../../src/notifications/centre/NotificationsButton.tsx';
import { signalJournal } from '../../src/notifications/centre/sharedJournal.ts';
import { NotificationsProvider, useSignals } from '../../src/notifications/NotificationsProvider.tsx';
import { signalOwner } from '../../src/notifications/signalOwner.ts';
import { signalPrefs } from '../../src/notifications/signalPrefs.ts';
import { makeToken } from '../authProvider/fakes.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const signedIn = (name: string, role: string): AppAuthProvider => {
  const token = makeToken({ name, role, exp: Math.floor(Date.now() / 1000) + 3600 });
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getSessionToken: async () => token,
    currentToken: () => token,
  };
};

let signals: ReturnType<typeof useSignals> | null = null;
function Capture() {
  signals = useSignals();
  return null;
}

/** The signed-in frame's signals for one user, as SignedInLayout mounts them (no journal or prefs given). */
function signIn(name: string, role: string) {
  return render(
    <MemoryRouter>
      <AdminContext authProvider={signedIn(name, role)} dataProvider={testDataProvider()} store={memoryStore()}>
        <NotificationsProvider>
          <Capture />
          <NotificationsButton />
        </NotificationsProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('per-user signal state', () => {
  it('the Operator signing in after the Admin in the same browser starts with their own unread count and history', async () => {
    const admin = signIn('fb-admin', 'Admin');
    expect(signalOwner()).toBe('fb-admin');
    await act(async () => {
      for (let i = 0; i < 120; i++) signals?.toaster.show(`notify ${i}`, { variant: 'error', autoHideDuration: 4000 });
      await new Promise((r) => setTimeout(r, 120));
    });
    expect(await screen.findByRole('button', { name: /Notifications, 120 unread/ })).toBeInTheDocument();
    expect(screen.getByText('99+')).toBeInTheDocument();
    admin.unmount();

    signIn('fb-operator', 'Operator');
    expect(signalOwner()).toBe('fb-operator');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument());
    expect(screen.queryByText('99+')).toBeNull();
    expect(screen.getByRole('button', { name: /^Notifications/ })).not.toHaveAccessibleName(/unread/);
    expect(signals?.journal.getView().entries).toEqual([]);
    // The Admin's are still theirs.
    expect(signalJournal('fb-admin').getView().unread).toBe(120);
  });

  it('preferences are kept per user: what the Admin mutes stays on for the Operator', () => {
    const adminPrefs = signalPrefs('fb-admin-2');
    adminPrefs.set({ ...adminPrefs.get(), limit: 2 });
    expect(localStorage.getItem('signalPolicy:fb-admin-2')).toContain('"limit":2');
    expect(signalPrefs('fb-operator-2').get().limit).toBe(DEFAULT_SIGNAL_PREFS.limit);
  });

  it('preferences from before they were per user (one for the whole browser) are given to no one', () => {
    localStorage.setItem(SIGNAL_PREFS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_SIGNAL_PREFS, limit: 3 }));
    expect(signalPrefs('fb-first').get().limit).toBe(DEFAULT_SIGNAL_PREFS.limit);
    expect(signalPrefs('fb-second').get().limit).toBe(DEFAULT_SIGNAL_PREFS.limit);
  });

  it("a user's mutes of before levels are migrated for that user only, once", () => {
    localStorage.setItem('signalPrefs:fb-old', JSON.stringify({ limit: 5, mutedToasts: ['tradeFailed'], mutedSounds: [] }));
    expect(signalPrefs('fb-old').get().levels).toEqual({ tradeFailed: 'bellOnly' });
    expect(signalPrefs('fb-old').get().limit).toBe(5);
    expect(localStorage.getItem('signalPrefs:fb-old')).toBeNull();
    expect(JSON.parse(localStorage.getItem('signalPolicy:fb-old') ?? 'null')).toMatchObject({ levels: { tradeFailed: 'bellOnly' } });
    expect(signalPrefs('fb-other').get().levels).toEqual({});
  });
});
