// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TxNewScreen } from '../../src/resources/txOperations/index.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { fakeResourceApi, live, renderScreen, resetLive } from './harness.tsx';

beforeEach(async () => {
  await live({ allTokens: { PEPE: { tokenName: 'PEPE', networkData: {} } } });
});
afterEach(resetLive);

const form = (name: string) => screen.getByRole('form', { name: `${name} form` });

describe('/tx/new', () => {
  it('sell: the confirmation restates the sell; Yes sends POST /txs/sell', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await user.click(within(sell).getByRole('combobox', { name: 'Token' }));
    await user.click(screen.getByRole('option', { name: 'PEPE' }));
    await user.click(within(sell).getByRole('combobox', { name: 'Network' }));
    await user.click(screen.getByRole('option', { name: 'Base' }));
    await user.type(within(sell).getByRole('textbox', { name: 'Amount' }), '12.5');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm: Sell' });
    expect(dialog).toHaveTextContent('Sell 12.5 PEPE on Base. The sell is queued for the workers.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.sell).toHaveBeenCalledWith({ tokenName: 'PEPE', network: 'Base', amount: 12.5 }));
  });

  it('invalid input never reaches the server; a failed call keeps the values and shows why', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.refund.mockRejectedValueOnce(new ApiError(404, 'unknown trade'));
    renderScreen(<TxNewScreen />, api);
    await user.click(screen.getByRole('tab', { name: 'Refund' }));
    const refund = form('Refund');
    await user.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expect(within(refund).getByText('tradeId or txId is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(within(refund).getByRole('textbox', { name: 'Trade id (optional)' }), 'T-9');
    await user.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Refund trade T-9.');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await within(refund).findByText('Refund failed: unknown trade')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(refund).getByRole('textbox', { name: 'Trade id (optional)' })).toHaveValue('T-9');
  });

  it('unlock nonce restates network and nonce', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Unlock nonce' }));
    const unlock = form('Unlock nonce');
    await user.click(within(unlock).getByRole('combobox', { name: 'Network' }));
    await user.click(screen.getByRole('option', { name: 'Ethereum' }));
    await user.type(within(unlock).getByRole('textbox', { name: 'Nonce' }), '42');
    await user.click(within(unlock).getByRole('button', { name: 'Unlock nonce…' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Fill nonce 42 of the wallet on Ethereum');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.unlockNonce).toHaveBeenCalledWith({ network: 'Ethereum', nonce: 42 }));
  });

  it('§5 an empty Sell names each missing field "required" beside it, not the schema\'s list of every network', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    for (const name of ['Token', 'Network']) expect(within(sell).getByRole('combobox', { name })).toHaveAccessibleDescription('required');
    expect(within(sell).getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription('required');
    expect(within(sell).queryByText(/Arbitrum/)).toBeNull();
    expect(within(sell).getByRole('textbox', { name: 'Note (optional)' })).not.toHaveAccessibleDescription('required');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sell).not.toHaveBeenCalled();
  });
});
