// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TokensScreen } from '../../src/resources/tokens/index.ts';
import { matchesToken } from '../../src/resources/tokens/tokenRules.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { brainState } from '../widgets/harness.tsx';
import { conflictError, live, renderScreen, resetLive } from './harness.tsx';

const USDC = { tokenName: 'USDC', version: 3, networkData: { Ethereum: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 }, Base: { address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', decimals: 6 } } };
const PEPE = { tokenName: 'PEPE', version: 1, networkData: { Ethereum: { address: '0x6982508145454ce325ddbe47a25d4ec3d2311933', decimals: 18 } } };
const BONK = { tokenName: 'BONK', version: 1, networkData: { Solana: { address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', decimals: 5 } } };

beforeEach(async () => {
  await live({ allTokens: { USDC, PEPE, BONK }, brainState: brainState({ pinnedTokens: ['PEPE'], autosellPins: [] }) });
});
afterEach(resetLive);

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Tokens' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('§5 token search on the tokens list', () => {
  it('§5 the text part matches tokenName or address (case-insensitive); the part after a space is a network prefix', () => {
    expect(matchesToken(USDC, 'usd', '')).toBe(true);
    expect(matchesToken(USDC, '0X833589', '')).toBe(true);
    expect(matchesToken(PEPE, '0x833589', '')).toBe(false);
    expect(matchesToken(USDC, '0x833589 eth', '')).toBe(false); // that address is on Base
    expect(matchesToken(USDC, '0x833589 ba', '')).toBe(true);
    expect(matchesToken(USDC, ' sol', '')).toBe(false);
    expect(matchesToken(BONK, 'dezx', 'Solana')).toBe(true);
    expect(matchesToken(BONK, '', 'Ethereum')).toBe(false);
  });

  it('lists live tokens sorted by name; search and sort headers narrow and reorder', async () => {
    const user = userEvent.setup();
    renderScreen(<TokensScreen admin />);
    expect(rowNames()).toEqual(['BONK', 'PEPE', 'USDC']);
    await user.click(screen.getByRole('button', { name: 'Token' }));
    expect(rowNames()).toEqual(['USDC', 'PEPE', 'BONK']);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'pe');
    expect(rowNames()).toEqual(['PEPE']);
  });

  it('a live token update shows without reload', async () => {
    renderScreen(<TokensScreen admin={false} />);
    await live({ allTokens: { USDC, PEPE, BONK, WIF: { tokenName: 'WIF', networkData: {} } } });
    expect(rowNames()).toContain('WIF');
  });
});

describe('token form (§3 networkData, §7 POST/PUT /tokens)', () => {
  it('creates a token with 0x addresses lower-cased; an invalid address blocks saving', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin />);
    await user.click(screen.getByRole('button', { name: 'New token' }));
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'WETH');
    await user.click(screen.getByRole('combobox', { name: 'Network 1' }));
    await user.click(screen.getByRole('option', { name: 'Arbitrum' }));
    const address = screen.getByRole('textbox', { name: 'Address 1' });
    await user.type(address, '0x82aF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('must be 0x followed by 40 hex digits')).toBeInTheDocument();
    expect(api.createToken).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.createToken).toHaveBeenCalledWith({ tokenName: 'WETH', networkData: { Arbitrum: { address: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', decimals: 18 } } }),
    );
    expect(await screen.findByRole('table', { name: 'Tokens' })).toBeInTheDocument();
  });

  it('a failed save shows the reason and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin />);
    api.updateToken.mockRejectedValueOnce(new ApiError(400, 'invalid request', [{ in: 'body', field: 'networkData.Base.address', message: 'bad' }]));
    await user.click(screen.getByRole('button', { name: 'Edit USDC' }));
    const decimals = screen.getByRole('textbox', { name: 'Decimals 1' });
    await user.clear(decimals);
    await user.type(decimals, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateToken).toHaveBeenCalled();
    expect(await screen.findByText(/Save failed: invalid request \(networkData.Base.address: bad\)/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('8');
  });

  it('PUT sends the version being edited; a 409 shows theirs vs yours; Keep mine re-sends over the current version', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin />);
    const theirs = { ...USDC, version: 4, networkData: { Ethereum: { ...USDC.networkData.Ethereum, decimals: 7 } } };
    api.updateToken.mockRejectedValueOnce(conflictError(theirs));
    await user.click(screen.getByRole('button', { name: 'Edit USDC' }));
    const decimals = screen.getByRole('textbox', { name: 'Decimals 1' });
    await user.clear(decimals);
    await user.type(decimals, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateToken.mock.calls[0]?.[0]).toBe('USDC');
    expect(api.updateToken.mock.calls[0]?.[1]).toMatchObject({ tokenName: 'USDC', version: 3, networkData: { Ethereum: { decimals: 9 } } });
    const dialog = await screen.findByRole('dialog', { name: /Token USDC was changed by someone else/ });
    expect(within(dialog).getByRole('region', { name: 'Theirs (current)' })).toHaveTextContent('"decimals": 7');
    expect(within(dialog).getByRole('region', { name: 'Yours' })).toHaveTextContent('"decimals": 9');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(api.updateToken).toHaveBeenCalledTimes(2));
    expect(api.updateToken.mock.calls[1]?.[1]).toMatchObject({ version: 4, networkData: { Ethereum: { decimals: 9 } } });
    expect(await screen.findByRole('table', { name: 'Tokens' })).toBeInTheDocument();
  });

  it('409 then Take theirs loads the current record into the form, and the next save uses its version', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin />);
    const theirs = { ...USDC, version: 5, networkData: { Ethereum: { ...USDC.networkData.Ethereum, decimals: 7 } } };
    api.updateToken.mockRejectedValueOnce(conflictError(theirs));
    await user.click(screen.getByRole('button', { name: 'Edit USDC' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('7');
    expect(screen.queryByRole('textbox', { name: 'Address 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateToken).toHaveBeenCalledTimes(2));
    expect(api.updateToken.mock.calls[1]?.[1]).toMatchObject({ version: 5 });
  });
});

describe('delete and pins', () => {
  it('delete asks first and names what goes', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin />);
    await user.click(screen.getByRole('button', { name: 'Delete PEPE' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Delete token PEPE?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deleteToken).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete PEPE' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.deleteToken).toHaveBeenCalledWith('PEPE'));
  });

  it('pins come from brainState and a toggle sends the whole list; read-only mode has no edit controls', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TokensScreen admin={false} />);
    expect(screen.getByRole('switch', { name: 'Pin PEPE' })).toBeChecked();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New token' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Pin USDC' }));
    await waitFor(() => expect(api.setPins).toHaveBeenCalledWith(['PEPE', 'USDC']));
    await user.click(screen.getByRole('switch', { name: 'Autosell pin BONK' }));
    await waitFor(() => expect(api.setSellPins).toHaveBeenCalledWith(['BONK']));
    await user.click(screen.getByRole('switch', { name: 'Pin PEPE' }));
    await waitFor(() => expect(api.setPins).toHaveBeenLastCalledWith([]));
  });
});
