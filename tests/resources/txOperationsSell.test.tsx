// @vitest-environment jsdom
/** /tx/new: editing a sell (GET /txs/sell/{id}, PUT /txs/sell/{tradeId}) and the fields shared with the contract (§7). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { render } from '@testing-library/react';
import { ForceTradeRequest, ManualTxRequest, RefundRequest, SellRequest, UnlockNonceRequest } from '../../src/contract/index.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { OPERATIONS } from '../../src/screens/txNew/operations.ts';
import { TxNewScreen } from '../../src/screens/txNew/TxNewScreen.tsx';
import { expectLoggedErrors, live, resetLive } from './harness.tsx';
import { fakeApi, type FakeApi } from './sharedFakes.tsx';

const SELL = {
  id: 'T-1', tradeId: 'T-1', tokenName: 'PEPE', networkBuy: 'Base', networkSell: 'Base', bridge: { name: '' }, txTypes: ['Sell'],
  status: 'pending', expectedProfit: 0, txs: [{ txId: 'x1', txType: 'Sell', network: 'Base', status: 'created', amountIn: 10 }],
  sell: { network: 'Base', amount: 10, slippageBps: 50, createdBy: 'admin' }, createdAt: 1, updatedAt: 1,
};

beforeEach(async () => {
  const onBase = { Base: { address: '0x00000000000000000000000000000000000000a1', decimals: 18 } };
  await live({ allTokens: { PEPE: { tokenName: 'PEPE', networkData: onBase }, WIF: { tokenName: 'WIF', networkData: onBase } } });
});
afterEach(resetLive);

function renderAt(path: string, api: FakeApi = fakeApi()) {
  const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
  const router = createMemoryRouter([{ path: '/tx/new', element: <AdminContext dataProvider={dataProvider} store={memoryStore()}><TxNewScreen /></AdminContext> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return api;
}

describe('§7 operation fields', () => {
  it('each form field is optional exactly when its contract schema accepts it missing', () => {
    const schemas = { sell: SellRequest, manual: ManualTxRequest, refund: RefundRequest, force: ForceTradeRequest, unlock: UnlockNonceRequest } as const;
    for (const op of OPERATIONS) {
      const shape: Record<string, { safeParse: (v: unknown) => { success: boolean } }> = schemas[op.key as keyof typeof schemas].shape;
      expect(op.fields.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
      for (const f of op.fields) expect(f.optional, `${op.key}.${f.name}`).toBe(shape[f.name]?.safeParse(undefined).success);
    }
  });
});

describe('/tx/new edit sell', () => {
  it('?sell={tradeId} loads the sell into its fields; the confirmation restates before and after; Yes PUTs /txs/sell/{tradeId}', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.getTrade.mockResolvedValue(SELL);
    api.updateSell.mockImplementation(async (_id: string, body: Record<string, unknown>) => ({ ...SELL, sell: { ...SELL.sell, ...body }, updatedAt: 2 }));
    renderAt('/tx/new?sell=T-1', api);
    expect(screen.getByRole('tab', { name: 'Edit sell', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Edit sell' });
    const form = await within(panel).findByRole('form', { name: 'Update sell form' });
    expect(api.getTrade).toHaveBeenCalledWith('T-1');
    expect(within(panel).getByText(/Sell T-1: Sell 10 PEPE on Base, slippage 50 bps; pending, created by admin/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('10');
    expect(within(form).getByRole('textbox', { name: 'Slippage (bps) (optional)' })).toHaveValue('50');

    await user.clear(within(form).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Update sell…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm: Update sell' });
    expect(dialog).toHaveTextContent('Change sell T-1 from "Sell 10 PEPE on Base, slippage 50 bps" to "Sell 12.5 PEPE on Base, slippage 50 bps". The pending sell is replaced before the workers send it.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.updateSell).toHaveBeenCalledWith('T-1', { tokenName: 'PEPE', network: 'Base', amount: 12.5, slippageBps: 50 }));
    expect(await within(form).findByText('Update sell sent (id T-1).')).toBeInTheDocument();
  });

  it('a sell already sent, or a trade not made with Sell, is shown but not offered for editing', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.getTrade.mockResolvedValueOnce({ ...SELL, status: 'completed' }).mockResolvedValueOnce({ ...SELL, tradeId: 'T-2', sell: undefined });
    renderAt('/tx/new', api);
    await user.click(screen.getByRole('tab', { name: 'Edit sell' }));
    const panel = screen.getByRole('tabpanel', { name: 'Edit sell' });
    await user.type(within(panel).getByRole('textbox', { name: 'Trade id' }), 'T-1');
    await user.click(within(panel).getByRole('button', { name: 'Load' }));
    expect(await within(panel).findByText('sell T-1 has already been sent (completed).')).toBeInTheDocument();
    expect(within(panel).queryByRole('form', { name: 'Update sell form' })).toBeNull();

    await user.clear(within(panel).getByRole('textbox', { name: 'Trade id' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Trade id' }), 'T-2');
    await user.click(within(panel).getByRole('button', { name: 'Load' }));
    expect(await within(panel).findByText('trade T-2 was not made with Sell here, so it cannot be edited.')).toBeInTheDocument();
    expect(api.updateSell).not.toHaveBeenCalled();
  });

  it('an unknown trade id says so; a refused update keeps the values typed and says why', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const logged = expectLoggedErrors();
    api.getTrade.mockRejectedValueOnce(new ApiError(404, 'unknown trade')).mockResolvedValue(SELL);
    api.updateSell.mockRejectedValueOnce(new ApiError(409, 'the sell has already been sent'));
    renderAt('/tx/new?sell=NOPE', api);
    const panel = screen.getByRole('tabpanel', { name: 'Edit sell' });
    expect(await within(panel).findByText('Could not read sell NOPE: unknown trade')).toBeInTheDocument();
    await user.clear(within(panel).getByRole('textbox', { name: 'Trade id' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Trade id' }), 'T-1');
    await user.click(within(panel).getByRole('button', { name: 'Load' }));
    const form = await within(panel).findByRole('form', { name: 'Update sell form' });
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'later');
    await user.click(within(form).getByRole('button', { name: 'Update sell…' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await within(form).findByText('Update sell failed: the sell has already been sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('later');
    logged.mockRestore();
  });
});
