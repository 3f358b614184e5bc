// @vitest-environment jsdom
/** /tx/new (§7): each operation's form, what it checks before the confirmation, and the server's answer. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { TxNewScreen } from '../../src/screens/txNew/TxNewScreen.tsx';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { expectLoggedErrors, fakeResourceApi, live, renderScreen, resetLive } from './harness.tsx';

const at = (address: string) => ({ address, decimals: 18 });

beforeEach(async () => {
  await live({
    allTokens: {
      PEPE: { tokenName: 'PEPE', networkData: { Base: at('0x00000000000000000000000000000000000000a1') } },
      USDC: { tokenName: 'USDC', networkData: { Ethereum: at('0x00000000000000000000000000000000000000b1'), Base: at('0x00000000000000000000000000000000000000b2') } },
      JETTON: { tokenName: 'JETTON', networkData: { TON: at('EQ_jetton_address_is_not_checked_here') } },
    },
    bridges: {
      'ccip-eth-base': { bridgeName: 'ccip-eth-base', kind: 'CCIP', networks: ['Ethereum', 'Base'] },
      'stargate-eth-arb': { bridgeName: 'stargate-eth-arb', kind: 'Stargate', networks: ['Ethereum', 'Arbitrum'] },
    },
  });
});
afterEach(resetLive);

const form = (name: string) => screen.getByRole('form', { name: `${name} form` });

async function choose(user: UserEvent, scope: HTMLElement, name: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name }));
  await user.click(screen.getByRole('option', { name: option }));
}

/** The operator's words beside the field: its accessible description, and the field marked invalid. */
function expectSaid(field: HTMLElement, message: string) {
  expect(field).toHaveAccessibleDescription(message);
  expect(field).toHaveAttribute('aria-invalid', 'true');
}

describe('/tx/new', () => {
  it('sell: the confirmation restates the sell; Yes sends POST /txs/sell', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await choose(user, sell, 'Network', 'Base');
    await choose(user, sell, 'Token', 'PEPE');
    await user.type(within(sell).getByRole('textbox', { name: 'Amount' }), '12.5');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm: Sell' });
    expect(dialog).toHaveTextContent('Sell 12.5 PEPE on Base. The sell is queued for the workers.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.sell).toHaveBeenCalledWith({ tokenName: 'PEPE', network: 'Base', amount: 12.5 }));
  });

  it('§7 a failed call keeps every value typed and says the server\'s reason above the buttons', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    const logged = expectLoggedErrors();
    api.refund.mockRejectedValueOnce(new ApiError(404, 'unknown trade'));
    renderScreen(<TxNewScreen />, api);
    await user.click(screen.getByRole('tab', { name: 'Refund' }));
    const refund = form('Refund');
    await user.type(within(refund).getByRole('textbox', { name: 'Trade id (or a Tx id)' }), 'T-9');
    await user.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Refund trade T-9.');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await within(refund).findByRole('alert')).toHaveTextContent('Refund failed: unknown trade');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(refund).getByRole('textbox', { name: 'Trade id (or a Tx id)' })).toHaveValue('T-9');
    logged.mockRestore();
  });

  it('unlock nonce restates network and nonce', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Unlock nonce' }));
    const unlock = form('Unlock nonce');
    await choose(user, unlock, 'Network', 'Ethereum');
    await user.type(within(unlock).getByRole('textbox', { name: 'Nonce' }), '42');
    await user.click(within(unlock).getByRole('button', { name: 'Unlock nonce…' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Fill nonce 42 of the wallet on Ethereum');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.unlockNonce).toHaveBeenCalledWith({ network: 'Ethereum', nonce: 42 }));
  });
});

describe('§7 /tx/new speaks to people: what the console can know is said beside the field, before any confirmation', () => {
  it('§7 /tx/new Sell: an empty form says what each required field needs beside it, never the schema\'s words; no dialog, no call', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    expectSaid(within(sell).getByRole('combobox', { name: 'Network' }), 'Choose a network');
    expectSaid(within(sell).getByRole('combobox', { name: 'Token' }), 'Choose a token');
    expectSaid(within(sell).getByRole('textbox', { name: 'Amount' }), 'Enter an amount greater than 0');
    expect(within(sell).getByRole('textbox', { name: 'Note (optional)' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(sell).not.toHaveTextContent(/Invalid input|expected|received|tokenName|Arbitrum/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sell).not.toHaveBeenCalled();
  });

  it('§7 /tx/new Sell: an empty amount says "Enter an amount greater than 0" next to Amount and the confirmation does not open', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await choose(user, sell, 'Network', 'Base');
    await choose(user, sell, 'Token', 'PEPE');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    const amount = within(sell).getByRole('textbox', { name: 'Amount' });
    expectSaid(amount, 'Enter an amount greater than 0');
    expect(amount).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(amount, '0');
    expectSaid(amount, 'Enter an amount greater than 0');
    await user.clear(amount);
    await user.type(amount, '3');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.sell).not.toHaveBeenCalled();
  });

  it('§7 /tx/new Sell: slippage 10001 says "Slippage must be at most 10000" beside it', async () => {
    const user = userEvent.setup();
    renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await choose(user, sell, 'Network', 'Base');
    await choose(user, sell, 'Token', 'PEPE');
    await user.type(within(sell).getByRole('textbox', { name: 'Amount' }), '1');
    await user.type(within(sell).getByRole('textbox', { name: 'Slippage (bps) (optional)' }), '10001');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    expectSaid(within(sell).getByRole('textbox', { name: 'Slippage (bps) (optional)' }), 'Slippage must be at most 10000');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('§7 /tx/new Sell: the token list follows the network: on TON it does not offer a token that has no TON entry', async () => {
    const user = userEvent.setup();
    renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await choose(user, sell, 'Network', 'TON');
    await user.click(within(sell).getByRole('combobox', { name: 'Token' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['JETTON']);
    await user.keyboard('{Escape}');
    await choose(user, sell, 'Network', 'Base');
    await user.click(within(sell).getByRole('combobox', { name: 'Token' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['PEPE', 'USDC']);
  });

  it('§7 /tx/new Sell: a token chosen before a network it is not on stays chosen and is said not to be deployed there', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    const sell = form('Sell');
    await choose(user, sell, 'Token', 'USDC');
    await choose(user, sell, 'Network', 'TON');
    await user.type(within(sell).getByRole('textbox', { name: 'Amount' }), '5');
    await user.click(within(sell).getByRole('button', { name: 'Sell…' }));
    const token = within(sell).getByRole('combobox', { name: 'Token' });
    expect(token).toHaveTextContent('USDC');
    expectSaid(token, 'USDC is not deployed on TON');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sell).not.toHaveBeenCalled();
  });

  it('§7 /tx/new Force: buy and sell networks must differ, said next to Sell on before any request', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Force' }));
    const force = form('Force');
    await choose(user, force, 'Buy on', 'Base');
    await choose(user, force, 'Sell on', 'Base');
    await choose(user, force, 'Token', 'USDC');
    await user.type(within(force).getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(within(force).getByRole('button', { name: 'Force…' }));
    expectSaid(within(force).getByRole('combobox', { name: 'Sell on' }), 'Buy and sell networks must differ');
    expect(force).not.toHaveTextContent('networkBuy');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.forceTrade).not.toHaveBeenCalled();
  });

  it('§7 /tx/new Force: the bridge list follows the two networks; a bridge that does not join them is said so', async () => {
    const user = userEvent.setup();
    renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Force' }));
    const force = form('Force');
    await choose(user, force, 'Bridge', 'stargate-eth-arb');
    await choose(user, force, 'Buy on', 'Ethereum');
    await choose(user, force, 'Sell on', 'Base');
    await user.click(within(force).getByRole('combobox', { name: 'Bridge' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['stargate-eth-arb', 'ccip-eth-base']);
    await user.keyboard('{Escape}');
    await user.click(within(force).getByRole('button', { name: 'Force…' }));
    expectSaid(within(force).getByRole('combobox', { name: 'Bridge' }), 'stargate-eth-arb does not connect Ethereum and Base');
  });

  it('§7 /tx/new Manual: an address that is not 0x and 40 hex digits on an EVM network says the form it must have', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Manual' }));
    const manual = form('Manual');
    await choose(user, manual, 'Network', 'Base');
    await choose(user, manual, 'Type', 'TransferNative');
    await user.type(within(manual).getByRole('textbox', { name: 'Token (or native coin)' }), 'ETH');
    await user.type(within(manual).getByRole('textbox', { name: 'Amount' }), '0.01');
    const to = within(manual).getByRole('textbox', { name: 'To address (optional)' });
    await user.type(to, '0x12345');
    await user.click(within(manual).getByRole('button', { name: 'Manual…' }));
    expectSaid(to, 'The address must be 0x followed by 40 hex digits');
    expect(to).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.clear(to);
    await user.type(to, '0xAbCdEf0123456789aBcDeF0123456789abcdef01');
    await user.click(within(manual).getByRole('button', { name: 'Manual…' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm: Manual' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(api.manualTx).toHaveBeenCalledWith({ network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01, to: '0xAbCdEf0123456789aBcDeF0123456789abcdef01' }),
    );
  });

  it('§7 /tx/new Refund: the labels say one id is needed; neither id says "Enter a trade id or a tx id", both says not both', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<TxNewScreen />);
    await user.click(screen.getByRole('tab', { name: 'Refund' }));
    const refund = form('Refund');
    const tradeId = within(refund).getByRole('textbox', { name: 'Trade id (or a Tx id)' });
    const txId = within(refund).getByRole('textbox', { name: 'Tx id (or a Trade id)' });
    expect(tradeId).toHaveAccessibleDescription('This or a Tx id, not both');
    expect(txId).toHaveAccessibleDescription('This or a Trade id, not both');
    await user.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expectSaid(tradeId, 'Enter a trade id or a tx id');
    expectSaid(txId, 'Enter a trade id or a tx id');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(tradeId, 'T-1');
    await user.type(txId, 'X-1');
    await user.click(within(refund).getByRole('button', { name: 'Refund…' }));
    expectSaid(txId, 'Enter a trade id or a tx id, not both');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.refund).not.toHaveBeenCalled();
  });

  it('§7 /tx/new: a 400 with details puts each message beside its field in the form\'s words, the rest in the general line, and keeps the values', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    const logged = expectLoggedErrors();
    api.forceTrade.mockRejectedValueOnce(
      new ApiError(400, 'invalid request', [
        { in: 'body', field: 'tokenName', message: 'unknown token USDC' },
        { in: 'body', field: 'networkSell', message: 'must differ from networkBuy' },
        { in: 'body', field: 'amount', message: 'Too big: expected number to be <=1000' },
        { in: 'body', field: 'extra', message: 'unknown field' },
      ]),
    );
    renderScreen(<TxNewScreen />, api);
    await user.click(screen.getByRole('tab', { name: 'Force' }));
    const force = form('Force');
    await choose(user, force, 'Buy on', 'Ethereum');
    await choose(user, force, 'Sell on', 'Base');
    await choose(user, force, 'Token', 'USDC');
    await user.type(within(force).getByRole('textbox', { name: 'Amount' }), '5000');
    await choose(user, force, 'Bridge', 'ccip-eth-base');
    await user.click(within(force).getByRole('button', { name: 'Force…' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm: Force' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const amount = within(force).getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expectSaid(amount, 'Amount must be at most 1000'));
    expectSaid(within(force).getByRole('combobox', { name: 'Token' }), 'Unknown token USDC');
    expectSaid(within(force).getByRole('combobox', { name: 'Sell on' }), 'Sell on must differ from Buy on');
    expect(within(force).getByRole('alert')).toHaveTextContent('Force failed: extra is not a field this call takes; see the fields marked above');
    expect(amount).toHaveValue('5000');
    expect(within(force).getByRole('combobox', { name: 'Bridge' })).toHaveTextContent('ccip-eth-base');
    // Changing a field the server spoke of takes its message away; the others stay until they change.
    await user.clear(amount);
    await user.type(amount, '900');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expectSaid(within(force).getByRole('combobox', { name: 'Token' }), 'Unknown token USDC');
    logged.mockRestore();
  });

  it('§7 /tx/new: a 409 or a 503 says the server\'s reason in an alert above the buttons', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    const logged = expectLoggedErrors();
    api.unlockNonce
      .mockRejectedValueOnce(new ApiError(409, 'another operator’s request for it is still running'))
      .mockRejectedValueOnce(new ApiError(503, 'service unavailable, try again shortly'));
    renderScreen(<TxNewScreen />, api);
    await user.click(screen.getByRole('tab', { name: 'Unlock nonce' }));
    const unlock = form('Unlock nonce');
    await choose(user, unlock, 'Network', 'Ethereum');
    await user.type(within(unlock).getByRole('textbox', { name: 'Nonce' }), '7');
    for (const reason of ['another operator’s request for it is still running', 'service unavailable, try again shortly']) {
      await user.click(within(unlock).getByRole('button', { name: 'Unlock nonce…' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
      const alert = await within(unlock).findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(`Unlock nonce failed: ${reason}`));
      expect(alert.compareDocumentPosition(within(unlock).getByRole('button', { name: 'Unlock nonce…' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(unlock).getByRole('textbox', { name: 'Nonce' })).toHaveValue('7');
    }
    logged.mockRestore();
  });

  it('§7 /tx/new: every input of every operation has a label as its accessible name', async () => {
    const user = userEvent.setup();
    renderScreen(<TxNewScreen />);
    for (const tab of ['Sell', 'Manual', 'Refund', 'Force', 'Unlock nonce']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const fields = [...within(form(tab)).queryAllByRole('textbox'), ...within(form(tab)).queryAllByRole('combobox')];
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) expect(field).toHaveAccessibleName(/\w/);
    }
  });
});
