// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { TxLatest, TxList } from '../../src/resources/txs/index.ts';
import { historyOf, toServerFilter, EMPTY_TX_FILTER } from '../../src/resources/txs/txFilter.ts';
import { fakeResourceApi, renderScreen } from './harness.tsx';

const tx = (id: string, extra: Record<string, unknown> = {}) => ({
  id, tradeId: 't1', tokenName: 'PEPE', side: 'buy', method: 'odos', attempt: 1, txType: 'Swap', status: 'completed',
  networkBuy: 'Base', networkSell: 'Ethereum', network: 'Base', bridgeName: null, amountIn: 100, amountOut: 101,
  expectedProfit: 1, hash: '0xabc', createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, historyKey: 'buy:odos:1:Swap', ...extra,
});

function listProvider(rows = [tx('a1'), tx('a2')]) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: 40 }));
  return { getList };
}

describe('/tx server-side filters, sort and pagination', () => {
  it('builds the GET /txs/ filter only from fields that are set; the end of a range covers its minute', () => {
    expect(toServerFilter(EMPTY_TX_FILTER)).toEqual({});
    const f = toServerFilter({ ...EMPTY_TX_FILTER, status: 'failed', tokenName: ' PEPE ', from: '2026-01-01T00:00', to: '2026-01-02T00:00' });
    expect(f).toMatchObject({ status: 'failed', tokenName: 'PEPE' });
    expect((f.to ?? 0) - (f.from ?? 0)).toBe(86_400_000 + 59_999);
  });

  it('asks the server with the chosen filter, sort and page', async () => {
    const user = userEvent.setup();
    const { getList } = listProvider();
    renderScreen(<TxList />, fakeResourceApi(), { getList });
    await screen.findByRole('row', { name: /Transaction a1/ });
    expect(getList.mock.calls[0]?.[1]).toMatchObject({ pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'failed' }));
    await waitFor(() => expect(getList.mock.lastCall?.[1].filter).toEqual({ status: 'failed' }));
    await user.click(screen.getByRole('button', { name: 'Amount in' }));
    await waitFor(() => expect(getList.mock.lastCall?.[1].sort).toEqual({ field: 'amountIn', order: 'DESC' }));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(getList.mock.lastCall?.[1].pagination).toEqual({ page: 2, perPage: 25 }));
  });

  it('a row opens the raw record as JSON; History opens the grouped history', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1', { raw: { nonce: 7, history: { 'buy:odos:1:Swap': { ok: true }, 'sell:odos:2': { ok: false } } } }));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction a1' });
    expect(api.getTx).toHaveBeenCalledWith('a1');
    expect(dialog).toHaveTextContent('"nonce": 7');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'History of a1' }));
    const history = await screen.findByRole('dialog', { name: 'History of a1' });
    expect(within(history).getByRole('region', { name: 'Buy' })).toHaveTextContent('buy:odos:1:Swap');
    expect(within(history).getByRole('region', { name: 'Sell' })).toHaveTextContent('sell:odos:2');
    expect(historyOf({ history: 'no' })).toBeNull();
  });

  it('data is rendered as text, never as HTML', async () => {
    renderScreen(<TxList />, fakeResourceApi(), listProvider([tx('x', { tokenName: '<img src=x onerror=alert(1)>' })]));
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('/tx/latest', () => {
  it('newest first and refetched every 5 s while visible', async () => {
    const { getList } = listProvider();
    renderScreen(<TxLatest />, fakeResourceApi(), { getList });
    await screen.findByRole('row', { name: /Transaction a1/ });
    expect(getList.mock.calls[0]?.[1].sort).toEqual({ field: 'createdAt', order: 'DESC' });
    expect(getList).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2), { timeout: 7000 });
  });
});
