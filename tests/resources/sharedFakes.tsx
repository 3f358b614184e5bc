/**
 * The resource calls added for bridges and operations (Solana config, bridge automation, sell edit)
 * as spies, beside harness.tsx's, and a /settings/bridges/* router over them.
 */
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { BridgesScreen } from '../../src/resources/bridges/index.ts';
import { fakeResourceApi } from './harness.tsx';

const MORE = [
  'setBridgeAutomation', 'solanaList', 'solanaGet', 'solanaFind', 'solanaCreate', 'solanaUpdate', 'solanaDeleteNetwork',
  'solanaDelete', 'solanaImport', 'updateSell',
] as const;

export function fakeApi() {
  const more = Object.fromEntries(MORE.map((n) => [n, vi.fn(async () => ({ ok: true }))])) as Record<(typeof MORE)[number], ReturnType<typeof vi.fn>>;
  const api = { ...fakeResourceApi(), ...more };
  api.bridgeFees.mockResolvedValue({ fees: {} });
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;

export function renderBridgesAt(path: string, api: FakeApi = fakeApi()) {
  const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
  const router = createMemoryRouter(
    [{ path: '/settings/bridges/*', element: <AdminContext dataProvider={dataProvider} store={memoryStore()}><BridgesScreen /></AdminContext> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { api, router };
}
