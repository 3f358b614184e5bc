import { useContext } from 'react';
import { DataProviderContext } from 'react-admin';
import type { AppDataProvider } from './createDataProvider.ts';

/**
 * The console's data provider with its custom calls (§7), typed: the one way screens and
 * widgets reach the server beside react-admin's own query hooks.
 *
 * It is the context's provider itself, not useDataProvider()'s proxy: the proxy logs each failure a
 * second time (apiFetch already logs it, §8), hands every error to authProvider.checkError, and when
 * that signs out (a 401) resolves the call as if it had succeeded with `{ data: {} }`, so a screen
 * would say "done" for a call the server refused. Here a failure is the caller's to show; a refused
 * pin or a 403 is not a lost session, and an ended session is the SessionExpiryGuard's and the CRUD
 * hooks' to act on.
 */
export function useConsoleDataProvider(): AppDataProvider {
  const dataProvider: unknown = useContext(DataProviderContext);
  if (dataProvider === null || dataProvider === undefined) {
    throw new Error('useConsoleDataProvider: no data provider; render inside <Admin> or <AdminContext>');
  }
  // <Admin> is given createDataProvider's result (App.tsx); tests give fakes of the methods they use.
  return dataProvider as AppDataProvider;
}
