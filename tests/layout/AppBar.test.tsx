// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../app/harness.tsx';
import { mounted, resetStubs, setDevMode } from '../app/stubs.tsx';

vi.mock('../../src/realtime/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).realtimeStub(importOriginal));
vi.mock('../../src/app/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).appStub(importOriginal));
vi.mock('../../src/notifications/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).notificationsStub(importOriginal));

// The lazy frame and home screen are transformed on first import, which can take longer than a
// findBy timeout on a busy machine: do it once before the tests instead of inside the first one.
beforeAll(async () => {
  await Promise.all([import('../../src/layout/SignedInLayout.tsx'), import('../../src/screens/home/views.tsx')]);
}, 60_000);
beforeEach(resetStubs);
afterEach(cleanup);

async function header() {
  return within(await screen.findByRole('banner'));
}

describe('§1 header', () => {
  it('§1 the build label "Operator Console v0.0.1" links to /', async () => {
    const { router } = renderConsole('/', 'Operator');
    await screen.findByRole('heading', { level: 1, name: 'Home' }); // the lazy home screen has loaded
    await act(() => router.navigate('/tx'));
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    const link = (await header()).getByRole('link', { name: /Operator Console v0\.0\.1/ });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('§1 the DEV DB marker shows only while the development database is in use', async () => {
    renderConsole('/', 'Operator');
    const bar = await header();
    expect(bar.queryByLabelText('Development database in use')).not.toBeInTheDocument();
    cleanup();
    setDevMode(true);
    renderConsole('/', 'Operator');
    const marker = (await header()).getByLabelText('Development database in use');
    expect(marker).toHaveTextContent('DEV DB');
  });

  it('the theme toggle is labelled and switches light/dark', async () => {
    renderConsole('/', 'Operator');
    const toggle = (await header()).getByRole('button', { name: 'Toggle light/dark theme' });
    expect(within(toggle).getByTestId('Brightness4Icon')).toBeInTheDocument(); // light now: offers dark
    await userEvent.click(toggle);
    expect(await within(toggle).findByTestId('Brightness7Icon')).toBeInTheDocument();
  });

  it('every icon-only control in the header has an accessible name', async () => {
    renderConsole('/', 'Admin');
    const buttons = (await header()).getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toHaveAccessibleName();
  });

  it('§6 the realtime connection starts with the session token once signed in', async () => {
    const { auth } = renderConsole('/', 'Operator');
    await screen.findByTestId('realtime-connection');
    expect(mounted.tokens).toContain(auth.currentToken());
  });

  it('§6 the user menu logs out: storage cleared, back to /login', async () => {
    const { router, storage } = renderConsole('/', 'Operator');
    await userEvent.click((await header()).getByRole('button', { name: /^Profile\b/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.value).toBeNull();
  });
});
