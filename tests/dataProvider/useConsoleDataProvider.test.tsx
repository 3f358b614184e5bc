// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { ApiError, type ApiFetch } from '../../src/dataProvider/apiFetch.ts';
import { createDataProvider } from '../../src/dataProvider/createDataProvider.ts';
import { useConsoleDataProvider } from '../../src/dataProvider/useConsoleDataProvider.ts';

function authProvider(): AuthProvider & { checkError: ReturnType<typeof vi.fn> } {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: vi.fn(async () => undefined),
    getPermissions: async () => 'Operator',
  };
}

describe('§7/§8 useConsoleDataProvider: the one way screens and widgets call the server', () => {
  it('§7 is the data provider <Admin> was given, with its custom calls', () => {
    const dataProvider = createDataProvider({ apiFetch: (async () => ({})) as ApiFetch, httpClient: () => Promise.reject(new Error('no CRUD call in this test')) });
    const wrapper = ({ children }: { children: ReactNode }) => <AdminContext dataProvider={dataProvider}>{children}</AdminContext>;
    expect(renderHook(() => useConsoleDataProvider(), { wrapper }).result.current).toBe(dataProvider);
  });

  it('§8 a refused call reaches the caller as it failed: not handed to checkError (no sign-out), not logged a second time', async () => {
    const refused = new ApiError(403, 'forbidden');
    const dataProvider = { ...testDataProvider(), setPins: vi.fn(async () => Promise.reject(refused)) };
    const auth = authProvider();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AdminContext dataProvider={dataProvider} authProvider={auth}>
        {children}
      </AdminContext>
    );
    const api = renderHook(() => useConsoleDataProvider(), { wrapper }).result.current;
    // setup.ts fails the test on any console.error: react-admin's proxy would log this failure.
    await expect(api.setPins(['PEPE'])).rejects.toBe(refused);
    expect(auth.checkError).not.toHaveBeenCalled();
  });

  it('outside <Admin> it says so instead of calling nothing', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the render error
    expect(() => renderHook(() => useConsoleDataProvider())).toThrow(/no data provider/);
    errors.mockRestore();
  });
});
