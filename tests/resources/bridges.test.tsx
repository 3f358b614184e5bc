// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BridgesScreen } from '../../src/resources/bridges/index.ts';
import { conflictError, fakeResourceApi, live, resetLive } from './harness.tsx';

const STARGATE = { bridgeName: 'Stargate', kind: 'Stargate', version: 2, networks: ['Base', 'Ethereum'], tokens: ['USDC'], enabled: true, fee: { amount: 1, currency: 'USD' }, extra: 'kept' };

beforeEach(async () => {
  await live({ bridges: { Stargate: STARGATE }, allTokens: { USDC: { tokenName: 'USDC', networkData: {} } } });
});
afterEach(resetLive);

function renderAt(path: string) {
  const api = fakeResourceApi();
  api.bridgeFees.mockResolvedValue({ fees: { Stargate: 0.0003 } });
  const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
  const router = createMemoryRouter(
    [{ path: '/', element: <p>home</p> }, { path: '/settings/bridges/*', element: <AdminContext dataProvider={dataProvider} store={memoryStore()}><BridgesScreen /></AdminContext> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { api, router };
}

describe('/settings/bridges/*', () => {
  it('§2 an unknown path under the bridges goes to / (replacing the entry)', async () => {
    const { router } = renderAt('/settings/bridges/Stargate/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists live bridges with their fee in ETH; edit goes to the nested :bridgeName route', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/settings/bridges');
    const row = screen.getByRole('row', { name: /Stargate/ });
    await waitFor(() => expect(row).toHaveTextContent('0.0003'));
    await user.click(within(row).getByRole('button', { name: 'Edit Stargate' }));
    expect(router.state.location.pathname).toBe('/settings/bridges/Stargate');
    expect(screen.getByRole('heading', { level: 2, name: 'Stargate' })).toBeInTheDocument();
  });

  it('edit PUTs the whole bridge with its version; a 409 offers theirs vs yours', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/settings/bridges/Stargate');
    api.updateBridge.mockRejectedValueOnce(conflictError({ ...STARGATE, version: 3, kind: 'ZRO' }));
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateBridge).toHaveBeenCalledTimes(1));
    expect(api.updateBridge.mock.calls[0]?.[1]).toEqual({ ...STARGATE, enabled: false });
    const dialog = await screen.findByRole('dialog', { name: /Bridge Stargate was changed/ });
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(api.updateBridge).toHaveBeenCalledTimes(2));
    expect(api.updateBridge.mock.calls[1]?.[1]).toMatchObject({ version: 3, kind: 'Stargate', enabled: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges'));
  });

  it('create needs a name and a kind from BRIDGE_KINDS', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/settings/bridges');
    await user.click(screen.getByRole('button', { name: 'New bridge' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.createBridge).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Bridge name' }), 'Hop1');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'CCIP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.createBridge).toHaveBeenCalledWith({ bridgeName: 'Hop1', kind: 'CCIP', networks: [], tokens: [], enabled: true }));
  });

  it('delete asks for confirmation', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/settings/bridges');
    await user.click(screen.getByRole('button', { name: 'Delete Stargate' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Delete bridge Stargate?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.deleteBridge).toHaveBeenCalledWith('Stargate'));
  });

  it('§3 fees show 4 significant digits with the full value on hover; Automated follows the live bridge automation', async () => {
    await live({
      bridges: { Stargate: STARGATE, Polygon: { ...STARGATE, bridgeName: 'Polygon', kind: 'Polygon' } },
      miscSettings: { bridgeAutomation: { enabled: true, bridges: ['Stargate'] } },
    });
    const api = fakeResourceApi();
    api.bridgeFees.mockResolvedValue({ fees: { Stargate: 0.000132455343627, Polygon: 1e-7 } });
    const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
    const router = createMemoryRouter(
      [{ path: '/settings/bridges/*', element: <AdminContext dataProvider={dataProvider} store={memoryStore()}><BridgesScreen /></AdminContext> }],
      { initialEntries: ['/settings/bridges'] },
    );
    render(<RouterProvider router={router} />);
    const stargate = screen.getByRole('row', { name: /^Stargate/ });
    const fee = await within(stargate).findByText('0.0001325');
    expect(fee).toHaveAttribute('title', '0.000132455343627');
    expect(await within(screen.getByRole('row', { name: /^Polygon/ })).findByText('0.0000001')).toBeInTheDocument();
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(stargate)).toContain('yes');
    expect(cells(screen.getByRole('row', { name: /^Polygon/ }))).toContain('no');
    await live({ miscSettings: { bridgeAutomation: { enabled: false, bridges: ['Stargate'] } } });
    await waitFor(() => expect(cells(screen.getByRole('row', { name: /^Stargate/ }))).toContain('off (listed)'));
    expect(cells(screen.getByRole('row', { name: /^Polygon/ }))).toContain('off');
  });
});
