/** The bridges screens' fake data provider (harness.tsx's spies, bridge fees answered) and a /settings/bridges/* router over it. */
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BridgesScreen } from '../../src/resources/bridges/index.ts';
import { fakeResourceApi } from './harness.tsx';

export function fakeApi() {
  const api = fakeResourceApi();
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
