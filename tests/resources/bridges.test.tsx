// @vitest-environment jsdom
/**
 * Bridges through the resource kit, as App.tsx registers them: the bridges definition's list and
 * form over the real data provider (live records from the app's live store, writes over the real
 * /api client with a fake fetch: POST/PUT/DELETE /bridges) and the custom calls as spies.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_CONFLICT_ERROR } from '../../src/contract/index.ts';
import { fakeApi as fakeRest, json, writes } from '../support/fakeFetch.ts';
import { live, resetLive } from './harness.tsx';
import { allowKnownReactAdminWarnings, fakeApi, renderBridgesAt, savesBridges, stopBridges } from './sharedFakes.tsx';

const STARGATE = { bridgeName: 'Stargate', kind: 'Stargate', version: 2, networks: ['Base', 'Ethereum'], tokens: ['USDC'], enabled: true, fee: { amount: 1, currency: 'USD' }, extra: 'kept' };

beforeEach(async () => {
  allowKnownReactAdminWarnings();
  await live({ initialised: true, bridges: { Stargate: STARGATE }, allTokens: { USDC: { tokenName: 'USDC', networkData: {} } } });
});
afterEach(async () => {
  await stopBridges();
  await resetLive();
});

const table = () => screen.getByRole('table', { name: 'Bridges' });
const row = (name: RegExp) => within(table()).getByRole('row', { name });
/** A row's cells by column (react-admin marks each cell with its source). */
const cell = (r: HTMLElement, source: string) => r.querySelector(`td.column-${source}`);

async function openList(api = fakeApi(), rest = fakeRest(savesBridges)) {
  const view = renderBridgesAt('/settings/bridges', api, rest);
  await screen.findByRole('table', { name: 'Bridges' });
  await waitFor(() => expect(within(table()).getAllByRole('row').length).toBeGreaterThan(1));
  return view;
}

describe('/settings/bridges', () => {
  it('§2 an unknown path under a bridge’s Solana config goes to / (replacing the entry)', async () => {
    const { router } = renderBridgesAt('/settings/bridges/Stargate/show/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists live bridges with their fee in ETH; edit goes to the bridge’s edit view', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.bridgeFees.mockResolvedValue({ fees: { Stargate: 0.0003 } });
    const { router } = await openList(api);
    await waitFor(() => expect(row(/Stargate/)).toHaveTextContent('0.0003'));
    expect(row(/Stargate/)).toHaveTextContent('Base, Ethereum');
    await user.click(within(row(/Stargate/)).getByRole('link', { name: 'Edit Stargate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges/Stargate'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit bridge Stargate' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Bridge name' })).toHaveValue('Stargate');
  });

  it('a live bridge change shows without reload', async () => {
    await openList();
    await live({ bridges: { Stargate: STARGATE, Hop: { bridgeName: 'Hop', kind: 'Hop', version: 1 } } });
    await waitFor(() => expect(row(/Hop/)).toBeInTheDocument());
  });

  it('edit PUTs the whole bridge with its version; a 409 offers theirs vs yours', async () => {
    const user = userEvent.setup();
    const theirs = { ...STARGATE, version: 3, kind: 'ZRO' };
    let conflicted = false;
    const rest = fakeRest(savesBridges, (r) => {
      if (r.method !== 'PUT' || conflicted) return undefined;
      conflicted = true;
      return json({ error: VERSION_CONFLICT_ERROR, details: { current: theirs } }, { status: 409 });
    });
    const { router } = renderBridgesAt('/settings/bridges/Stargate', fakeApi(), rest);
    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    // The console logs every failed call (§8).
    const { vi } = await import('vitest');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(rest.requests)).toHaveLength(1));
    const { id: _id, ...sent } = { ...STARGATE, id: undefined };
    expect(writes(rest.requests)[0]).toEqual({ method: 'PUT', path: '/bridges/Stargate', body: { ...sent, enabled: false } });
    const dialog = await screen.findByRole('dialog', { name: /Bridge Stargate was changed/ });
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(writes(rest.requests)).toHaveLength(2));
    expect(writes(rest.requests)[1]?.body).toMatchObject({ version: 3, kind: 'Stargate', enabled: false, extra: 'kept' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges'));
  });

  it('create needs a name and a kind from BRIDGE_KINDS', async () => {
    const user = userEvent.setup();
    const rest = fakeRest(savesBridges);
    const { router } = await openList(fakeApi(), rest);
    await user.click(screen.getByRole('link', { name: 'New bridge' }));
    const name = await screen.findByRole('textbox', { name: 'Bridge name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('required'));
    expect(writes(rest.requests)).toEqual([]);
    await user.type(name, 'Hop1');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'CCIP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes(rest.requests)).toEqual([{ method: 'POST', path: '/bridges', body: { bridgeName: 'Hop1', kind: 'CCIP', networks: [], tokens: [], enabled: true } }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges'));
  });

  it('a fee must be a number, 0 or more; it is sent with its currency', async () => {
    const user = userEvent.setup();
    const rest = fakeRest(savesBridges);
    renderBridgesAt('/settings/bridges/create', fakeApi(), rest);
    await user.type(await screen.findByRole('textbox', { name: 'Bridge name' }), 'Hop2');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Stargate' }));
    const fee = screen.getByRole('textbox', { name: 'Fee amount' });
    await user.type(fee, '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fee).toHaveAccessibleDescription('a number, 0 or more'));
    expect(writes(rest.requests)).toEqual([]);
    await user.clear(fee);
    await user.type(fee, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(rest.requests)[0]?.body).toMatchObject({ bridgeName: 'Hop2', kind: 'Stargate', fee: { amount: 2.5, currency: 'USD' } }));
  });

  it('delete asks for confirmation and says what follows', async () => {
    const user = userEvent.setup();
    const rest = fakeRest(savesBridges);
    await openList(fakeApi(), rest);
    await user.click(screen.getByRole('button', { name: 'Delete Stargate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bridge' });
    expect(dialog).toHaveTextContent('Delete bridge Stargate? Tokens that list it lose it, and it leaves bridge automation.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(writes(rest.requests)).toEqual([{ method: 'DELETE', path: '/bridges/Stargate', body: undefined }]));
  });

  it('§3 fees show 4 significant digits with the full value on hover; Automated follows the live bridge automation', async () => {
    await live({
      bridges: { Stargate: STARGATE, Polygon: { ...STARGATE, bridgeName: 'Polygon', kind: 'Polygon' } },
      miscSettings: { bridgeAutomation: { enabled: true, bridges: ['Stargate'] } },
    });
    const api = fakeApi();
    api.bridgeFees.mockResolvedValue({ fees: { Stargate: 0.000132455343627, Polygon: 1e-7 } });
    await openList(api);
    const fee = await within(row(/Stargate/)).findByText('0.0001325');
    expect(fee).toHaveAttribute('title', '0.000132455343627');
    expect(await within(row(/Polygon/)).findByText('0.0000001')).toBeInTheDocument();
    expect(api.bridgeFees).toHaveBeenCalledTimes(1);
    expect(cell(row(/Stargate/), 'automated')).toHaveTextContent(/^yes$/);
    expect(cell(row(/Polygon/), 'automated')).toHaveTextContent(/^no$/);
    await live({ miscSettings: { bridgeAutomation: { enabled: false, bridges: ['Stargate'] } } });
    await waitFor(() => expect(cell(row(/Stargate/), 'automated')).toHaveTextContent(/^off \(listed\)$/));
    expect(cell(row(/Polygon/), 'automated')).toHaveTextContent(/^off$/);
  });

  it('the search box narrows by name, kind, network or token', async () => {
    const user = userEvent.setup();
    await live({ bridges: { Stargate: STARGATE, Polygon: { bridgeName: 'Polygon', kind: 'Polygon', version: 1, networks: ['Polygon'] } } });
    await openList();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'base');
    await waitFor(() => expect(within(table()).queryByRole('row', { name: /Polygon/ })).toBeNull(), { timeout: 5000 });
    expect(row(/Stargate/)).toBeInTheDocument();
  });
});
