// @vitest-environment jsdom
/**
 * Manage tokens through the resource kit, as App.tsx registers it: the tokens definition's list and
 * form over the real data provider (live records from the app's live store, writes over the real
 * /api client with a fake fetch) and the realtime events the store's frames publish.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERSION_CONFLICT_ERROR } from '../../src/contract/index.ts';
import { CHANGED_TEXT, DELETED_TEXT } from '../../src/kit/RecordWatch.tsx';
import { brain } from '../realtime/fixtures.ts';
import { fakeApi, json, writes, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, liveInit, renderKit, resetKit, serverEvent } from './kitHarness.tsx';

const USDC = { tokenName: 'USDC', version: 3, networkData: { Ethereum: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 }, Base: { address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', decimals: 6 } } };
const PEPE = { tokenName: 'PEPE', version: 1, networkData: { Ethereum: { address: '0x6982508145454ce325ddbe47a25d4ec3d2311933', decimals: 18 } } };
const BONK = { tokenName: 'BONK', version: 1, networkData: { Solana: { address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', decimals: 5 } } };

beforeEach(async () => {
  allowKnownReactAdminWarnings();
  await liveInit({ allTokens: { USDC, PEPE, BONK }, brainState: brain({ pinnedTokens: ['PEPE'], autosellPins: [] }) });
});
afterEach(resetKit);

const table = () => screen.getByRole('table', { name: 'Tokens' });
/** The Token column of each row (the first cell is the row's select box). */
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

async function openList(api = fakeApi()) {
  const view = renderKit('/settings/tokens', { api });
  await screen.findByRole('table', { name: 'Tokens' });
  await waitFor(() => expect(rowNames()).toEqual(['BONK', 'PEPE', 'USDC']));
  return view;
}

/** The server's answer to a token write: the body with the next version. */
const savesTokens = (r: SeenRequest) =>
  r.path.startsWith('/tokens') && r.method !== 'GET' ? json({ ...(r.body as object), version: ((r.body as { version?: number }).version ?? 0) + 1 }) : undefined;

describe('the tokens list', () => {
  it('lists the live tokens by name, each with one line per network: network, address, decimals', async () => {
    await openList();
    const networks = within(table()).getByRole('list', { name: 'Networks of USDC' });
    expect(within(networks).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Ethereum: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 (6 decimals)',
      'Base: 0x833589fcd6edb6e08f4c7c32d4f71b54bda02913 (6 decimals)',
    ]);
    expect(screen.getByRole('switch', { name: 'Pin PEPE' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Pin USDC' })).not.toBeChecked();
  });

  it('§5 search: text in the name or an address, a network prefix after a space; the network filter', async () => {
    const user = userEvent.setup();
    await openList();
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'pe');
    await waitFor(() => expect(rowNames()).toEqual(['PEPE']));
    await user.clear(search);
    await user.type(search, '0X833589');
    await waitFor(() => expect(rowNames()).toEqual(['USDC']));
    await user.type(search, ' eth'); // that address is on Base
    expect(await screen.findByText('No tokens match.')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(screen.queryAllByRole('table', { name: 'Tokens' }).length === 1 && rowNames()).toEqual(['BONK', 'PEPE', 'USDC']));
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Solana' }));
    await waitFor(() => expect(rowNames()).toEqual(['BONK']));
  });

  it('says "No tokens match." when nothing matches', async () => {
    const user = userEvent.setup();
    await openList();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No tokens match.')).toBeInTheDocument();
  });

  it('a realtime token event refreshes the list without a reload', async () => {
    await openList();
    await serverEvent('tokenCreateDone', { tokenName: 'WIF', networkData: { Solana: { address: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', decimals: 6 } } });
    await waitFor(() => expect(rowNames()).toEqual(['BONK', 'PEPE', 'USDC', 'WIF']));
  });

  it('the pin switch sends PUT /txs/pins with the whole list', async () => {
    const user = userEvent.setup();
    const api = fakeApi((r) => (r.path === '/txs/pins' ? json({ ok: true, brainState: brain({ pinnedTokens: r.body as string[] }) }) : undefined));
    await openList(api);
    await user.click(screen.getByRole('switch', { name: 'Pin USDC' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'PUT', path: '/txs/pins', body: ['PEPE', 'USDC'] }]));
  });

  it('delete asks Yes/No first; No sends nothing, Yes sends DELETE /tokens/{name}', async () => {
    const user = userEvent.setup();
    const api = fakeApi((r) => (r.method === 'DELETE' ? json({ ok: true }) : undefined));
    await openList(api);
    await user.click(screen.getByRole('button', { name: 'Delete PEPE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete token' });
    expect(dialog).toHaveTextContent('Delete token PEPE? It is also taken off every bridge that lists it and off the pins.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(api.requests)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete PEPE' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete token' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/tokens/PEPE', body: undefined }]));
  });
});

describe('the token form', () => {
  it('create: the rules\' messages show beside their fields and nothing is sent until they pass', async () => {
    const user = userEvent.setup();
    const api = fakeApi(savesTokens);
    renderKit('/settings/tokens/create', { api });
    const name = await screen.findByRole('textbox', { name: 'Token name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('required'));
    expect(screen.getByRole('textbox', { name: 'Address 1' })).toHaveAccessibleDescription('required');
    await user.type(name, 'WETH');
    await user.click(screen.getByRole('combobox', { name: 'Network 1' }));
    await user.click(await screen.findByRole('option', { name: 'Arbitrum' }));
    const address = screen.getByRole('textbox', { name: 'Address 1' });
    await user.type(address, '0x82aF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription('must be 0x followed by 40 hex digits'));
    expect(writes(api.requests)).toEqual([]);
    await user.clear(address);
    await user.type(address, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes(api.requests)).toEqual([
        { method: 'POST', path: '/tokens', body: { tokenName: 'WETH', networkData: { Arbitrum: { address: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', decimals: 18 } } } },
      ]),
    );
    expect(await screen.findByRole('table', { name: 'Tokens' })).toBeInTheDocument();
  });

  it('edit: the name is fixed, and Save sends PUT /tokens/{name} with the version it was loaded at', async () => {
    const user = userEvent.setup();
    const api = fakeApi(savesTokens);
    renderKit('/settings/tokens/USDC', { api });
    const decimals = await screen.findByRole('textbox', { name: 'Decimals 1' });
    expect(screen.getByRole('textbox', { name: 'Token name' })).toBeDisabled();
    await user.clear(decimals);
    await user.type(decimals, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes(api.requests)).toEqual([
        { method: 'PUT', path: '/tokens/USDC', body: { tokenName: 'USDC', version: 3, networkData: { ...USDC.networkData, Ethereum: { ...USDC.networkData.Ethereum, decimals: 8 } } } },
      ]),
    );
    expect(await screen.findByRole('table', { name: 'Tokens' })).toBeInTheDocument();
  });

  it('a 409 opens "Token USDC was changed by someone else"; Take theirs puts their values in the form', async () => {
    const user = userEvent.setup();
    const theirs = { ...USDC, version: 4, networkData: { Base: { address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', decimals: 7 } } };
    const api = fakeApi((r) => (r.method === 'PUT' ? json({ error: VERSION_CONFLICT_ERROR, details: { current: theirs } }, { status: 409 }) : undefined));
    renderKit('/settings/tokens/USDC', { api });
    await screen.findByRole('textbox', { name: 'Decimals 1' });
    // The console logs every failed call (§8).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token USDC was changed by someone else' });
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Network 1' })).toHaveTextContent('Base');
    expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('7');
    expect(screen.queryByRole('textbox', { name: 'Address 2' })).toBeNull();
  });

  it('someone else\'s newer version of the open record: "changed by someone else" with Reload and Keep editing', async () => {
    const user = userEvent.setup();
    renderKit('/settings/tokens/USDC');
    await screen.findByRole('textbox', { name: 'Decimals 1' });
    // The same version again (an echo) is not someone else's change.
    await serverEvent('tokenUpdateDone', { ...USDC, networkData: { ...USDC.networkData, Ethereum: { ...USDC.networkData.Ethereum, decimals: 7 } } });
    expect(screen.queryByText(new RegExp(CHANGED_TEXT))).toBeNull();
    await serverEvent('tokenUpdateDone', { ...USDC, version: 4, networkData: { Ethereum: { ...USDC.networkData.Ethereum, decimals: 9 } } });
    const alert = await screen.findByText(new RegExp(CHANGED_TEXT));
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Keep editing' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('9'));
    expect(screen.queryByText(new RegExp(CHANGED_TEXT))).toBeNull();
  });

  it('Keep editing closes the warning and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderKit('/settings/tokens/USDC');
    const decimals = await screen.findByRole('textbox', { name: 'Decimals 1' });
    await user.clear(decimals);
    await user.type(decimals, '12');
    await serverEvent('tokenUpdateDone', { ...USDC, version: 4, networkData: { ...USDC.networkData, Ethereum: { ...USDC.networkData.Ethereum, decimals: 9 } } });
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText(new RegExp(CHANGED_TEXT))).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('12');
  });

  it('the open record deleted by someone else: "deleted by someone else", and Save is disabled', async () => {
    renderKit('/settings/tokens/USDC');
    await screen.findByRole('textbox', { name: 'Decimals 1' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await serverEvent('tokenDeleteDone', { tokenName: 'USDC' });
    expect(await screen.findByText(new RegExp(DELETED_TEXT))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
