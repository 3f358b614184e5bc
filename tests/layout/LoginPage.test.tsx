// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { renderConsole } from '../app/harness.tsx';
import { resetStubs } from '../app/stubs.tsx';
import { sessionToken } from '../authProvider/fakes.ts';

vi.mock('../../src/realtime/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).realtimeStub(importOriginal));
vi.mock('../../src/app/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).appStub(importOriginal));
vi.mock('../../src/notifications/index.ts', async (importOriginal) => (await import('../app/stubs.tsx')).notificationsStub(importOriginal));

beforeEach(resetStubs);
afterEach(cleanup);

async function signIn(key: string) {
  const field = await screen.findByLabelText(/Access key/);
  expect(field).toHaveAttribute('type', 'password');
  await userEvent.type(field, `${key}{Enter}`);
}

describe('§2 login page', () => {
  it('shows the product label, an "Access key" password field and a "Sign in" button', async () => {
    renderConsole('/login', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Operator Console' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Access key/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('§6 a wrong key shows "Invalid access key" and stores nothing', async () => {
    const requestToken = vi.fn(async () => Promise.reject(new ApiError(401, 'invalid access key')));
    const { storage, router } = renderConsole('/login', 'anonymous', { requestToken });
    await signIn('wrong key');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid access key');
    expect(requestToken).toHaveBeenCalledWith('wrong key');
    expect(storage.value).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("429 shows the server's message", async () => {
    const requestToken = async () => Promise.reject(new ApiError(429, 'too many attempts, wait 60 s'));
    renderConsole('/login', 'anonymous', { requestToken });
    await signIn('k');
    expect(await screen.findByRole('alert')).toHaveTextContent('too many attempts, wait 60 s');
  });

  it('no answer from the server shows "Cannot reach the server"', async () => {
    const requestToken = async () => Promise.reject(new ApiError(0, 'network error: fetch failed'));
    renderConsole('/login', 'anonymous', { requestToken });
    await signIn('k');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
  });

  it('§6 the right key stores the token (not the key) and opens the home screen', async () => {
    const token = sessionToken('op', 'Operator');
    const { storage, router } = renderConsole('/login', 'anonymous', { requestToken: async () => token });
    await signIn('right key');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(storage.value).toBe(token);
  });

  it('§2/§6 an Admin sent to /login from a deep link returns to it after signing in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderConsole('/settings/configs', 'anonymous', {
      requestToken: async () => sessionToken('ad', 'Admin'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(errors).toHaveBeenCalledWith('api key not found');
    await signIn('right key');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/configs');
  });
});
