// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import { TxLatest, TxList } from '../../src/resources/txs/index.ts';
import { TEXT_FILTER_DEBOUNCE_MS } from '../../src/resources/txs/TxFilters.tsx';
import { DEFAULT_TX_SORT, historyOf, listStateOf, paramsOf, toServerFilter, EMPTY_TX_FILTER } from '../../src/resources/txs/txFilter.ts';
import { CSV_FIELDS, INITIAL_TX_COLUMNS, txsToCsv, visibleColumns } from '../../src/resources/txs/txFormat.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { expectLoggedErrors, fakeResourceApi, renderScreen } from './harness.tsx';

// The router is react-admin's hash router over the shared jsdom location: each test starts at the list.
afterEach(() => {
  window.location.hash = '';
});

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
  it('builds the GET /txs/ filter only from fields that are set; the end of a range is its last millisecond', () => {
    expect(toServerFilter(EMPTY_TX_FILTER)).toEqual({});
    const f = toServerFilter({ ...EMPTY_TX_FILTER, status: 'failed', tokenName: ' PEPE ', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:59.999Z' });
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

  it('typed filters ask the server once typing pauses, not per keystroke; Clear filters resets them', async () => {
    const user = userEvent.setup();
    const { getList } = listProvider();
    renderScreen(<TxList />, fakeResourceApi(), { getList });
    await screen.findByRole('row', { name: /Transaction a1/ });
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Token' }), 'PEPE');
    await waitFor(() => expect(getList.mock.lastCall?.[1].filter).toEqual({ tokenName: 'PEPE' }));
    const tokenFilters = getList.mock.calls.map((c) => (c[1].filter as { tokenName?: string }).tokenName).filter(Boolean);
    expect(tokenFilters).toEqual(['PEPE']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(getList.mock.lastCall?.[1].filter).toEqual({}));
    expect(screen.getByRole('textbox', { name: 'Token' })).toHaveValue('');
  });

  it('a row clicked while a typed search is still pending opens and stays open; Enter applies a search at once', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1'));
    const { getList } = listProvider();
    renderScreen(<TxList />, api, { getList });
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await user.type(search, '0xab{Enter}');
    // Enter does not wait for the typing pause.
    expect(window.location.hash).toContain('q=0xab');
    await user.type(search, 'c');
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    await screen.findByRole('article', { name: 'Transaction a1' });
    // Past the debounce: nothing pending comes back to close the page.
    await new Promise((resolve) => setTimeout(resolve, TEXT_FILTER_DEBOUNCE_MS + 100));
    expect(screen.getByRole('article', { name: 'Transaction a1' })).toBeInTheDocument();
    expect(window.location.hash).toMatch(/q=0xabc.*id=a1/);
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    expect(await screen.findByRole('textbox', { name: 'Search' })).toHaveValue('0xabc');
  });

  it('the filters, sort and page live in the URL: a link opens that view, and odd values in it are dropped', async () => {
    window.location.hash = '#/tx?status=failed&network=Ethereum&txType=Nope&sort=amountIn&order=ASC&page=2&from=2026-01-01T00:00:00.000Z&to=2026-01-01T00:00';
    const { getList } = listProvider();
    renderScreen(<TxList />, fakeResourceApi(), { getList });
    await screen.findByRole('row', { name: /Transaction a1/ });
    expect(getList.mock.calls[0]?.[1]).toMatchObject({
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'amountIn', order: 'ASC' },
      filter: { status: 'failed', network: 'Ethereum', from: Date.parse('2026-01-01T00:00:00.000Z') },
    });
    expect(getList.mock.calls[0]?.[1].filter).not.toHaveProperty('txType');
    expect(getList.mock.calls[0]?.[1].filter).not.toHaveProperty('to'); // a time without its zone names no instant
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('failed');
    const state = listStateOf(new URLSearchParams('sort=nope&page=-3&side=sell'));
    expect(state).toEqual({ values: { ...EMPTY_TX_FILTER, side: 'sell' }, sort: DEFAULT_TX_SORT, page: 0 });
    expect(paramsOf(state).toString()).toBe('side=sell');
    expect(paramsOf({ ...state, page: 1, sort: { field: 'id', order: 'DESC' } }).toString()).toBe('side=sell&sort=id&order=DESC&page=2');
  });

  it('opening a transaction keeps the list view in the URL, and its back button returns to it', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1'));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('combobox', { name: 'Side' }));
    await user.click(screen.getByRole('option', { name: 'sell' }));
    await waitFor(() => expect(window.location.hash).toContain('side=sell'));
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    await screen.findByRole('article', { name: 'Transaction a1' });
    expect(window.location.hash).toMatch(/side=sell.*id=a1/);
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.getByRole('combobox', { name: 'Side' })).toHaveTextContent('sell');
    expect(window.location.hash).not.toContain('id=');
  });

  it('a row opens the transaction page (GET /txs/{id}): its fields, History grouped Buy/Sell/Other, the raw record as JSON, and back', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1', { raw: { nonce: 7 }, history: { 'buy:odos:1:Swap': { ok: true }, 'sell:odos:2': { ok: false }, odd: 1 } }));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    const page = await screen.findByRole('article', { name: 'Transaction a1' });
    expect(api.getTx).toHaveBeenCalledWith('a1');
    await within(page).findByText('buy:odos:1:Swap');
    expect(within(page).getByText('0xabc')).toBeInTheDocument();
    await user.click(within(page).getByRole('button', { name: 'History (3)' }));
    const history = await screen.findByRole('dialog', { name: 'History of a1' });
    expect(within(history).getByRole('region', { name: 'Buy' })).toHaveTextContent('buy:odos:1:Swap');
    expect(within(history).getByRole('region', { name: 'Sell' })).toHaveTextContent('sell:odos:2');
    expect(within(history).getByRole('region', { name: 'Other' })).toHaveTextContent('odd');
    await user.click(within(history).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(page).getByRole('button', { name: 'Raw record' }));
    expect(await screen.findByRole('dialog', { name: 'Transaction a1 (raw record)' })).toHaveTextContent('"nonce": 7');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(page).getByRole('button', { name: 'Transactions' }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeInTheDocument();
    expect(historyOf({ history: 'no' })).toBeNull();
  });

  it('the history icon of a row opens the grouped history without leaving the list', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1', { history: { 'sell:odos:2:Sell': { ok: true } } }));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('button', { name: 'History of a1' }));
    const history = await screen.findByRole('dialog', { name: 'History of a1' });
    expect(within(history).getByRole('region', { name: 'Sell' })).toHaveTextContent('sell:odos:2:Sell');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a failed transaction load says so on the page', async () => {
    const logged = expectLoggedErrors();
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockRejectedValue(new ApiError(404, 'not found'));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    expect(await screen.findByText('Could not load transaction a1: not found')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('a failed list load shows the error with Try again, not also "No transactions match" nor "0–0 of 0"; Try again loads', async () => {
    const logged = expectLoggedErrors();
    const user = userEvent.setup();
    let fail = true;
    const getList = vi.fn(async () => {
      if (fail) throw new ApiError(503, 'transaction store unavailable');
      return { data: [tx('a1')], total: 1 };
    });
    window.location.hash = '#/tx?status=failed';
    renderScreen(<TxList />, fakeResourceApi(), { getList });
    // react-query tries a failed read three more times (1 s, 2 s, 4 s apart) before it is an error.
    const alert = await screen.findByRole('alert', undefined, { timeout: 12_000 });
    expect(alert).toHaveTextContent('Could not load transactions: transaction store unavailable');
    expect(screen.queryByText(/No transactions/)).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Transaction a1/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  }, 20_000);

  it('the column choice hides and shows columns', async () => {
    const user = userEvent.setup();
    renderScreen(<TxList />, fakeResourceApi(), listProvider());
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).queryByRole('columnheader', { name: 'Method' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Method' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Trade' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(within(table).getByRole('columnheader', { name: 'Method' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Trade' })).toBeNull();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('odos');
    expect(visibleColumns(['nope']).map((c) => c.field)).toEqual(INITIAL_TX_COLUMNS);
  });

  it('export writes rows as CSV: quoted where needed, formulas defused, times in ISO 8601', () => {
    const csv = txsToCsv([tx('a1', { tokenName: 'A,"B"', hash: '=cmd()' })]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header?.split(',')).toEqual([...CSV_FIELDS]);
    expect(line).toContain('"A,""B"""');
    expect(line).toContain("'=cmd()");
    expect(line).toContain('2023-11-14T22:13:20.000Z');
  });

  it('data is rendered as text, never as HTML', async () => {
    renderScreen(<TxList />, fakeResourceApi(), listProvider([tx('x', { tokenName: '<img src=x onerror=alert(1)>' })]));
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('§8 error codes on /tx', () => {
  const failed = (id: string) => tx(id, { status: 'failed', errCode: 17, amountOut: 0 });

  it('§8 a failed tx shows the message for its errCode in the Error column (the code in its title); the export carries the code', async () => {
    renderScreen(<TxList />, fakeResourceApi(), listProvider([failed('f1'), tx('a2')]));
    await screen.findByRole('row', { name: 'Transaction f1' });
    const table = screen.getByRole('table', { name: 'Transactions' });
    const header = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = header.indexOf('Error');
    expect(column).toBeGreaterThan(header.indexOf('Status'));
    const cellOf = (id: string) => within(screen.getByRole('row', { name: `Transaction ${id}` })).getAllByRole('cell')[column]!;
    expect(cellOf('f1')).toHaveTextContent('failed to fetch jito hashes');
    expect(cellOf('f1')).toHaveAttribute('title', 'Error code 17');
    expect(cellOf('a2')).toHaveTextContent('');
    const [header0, line] = txsToCsv([failed('f1')]).trim().split('\r\n');
    expect(line?.split(',')[header0!.split(',').indexOf('errCode')]).toBe('17');
  });

  it('§8 the Error filter offers each code with its message and asks the server for the code; it lives in the URL', async () => {
    const user = userEvent.setup();
    const { getList } = listProvider([failed('f1')]);
    renderScreen(<TxList />, fakeResourceApi(), { getList });
    await screen.findByRole('row', { name: /Transaction f1/ });
    await user.click(screen.getByRole('combobox', { name: 'Error' }));
    expect(screen.getAllByRole('option')).toHaveLength(1 + 42);
    await user.click(screen.getByRole('option', { name: '17: failed to fetch jito hashes' }));
    await waitFor(() => expect(getList.mock.lastCall?.[1].filter).toEqual({ errCode: 17 }));
    expect(window.location.hash).toContain('errCode=17');
    expect(screen.getByRole('combobox', { name: 'Error' })).toHaveTextContent('17: failed to fetch jito hashes');
    expect(toServerFilter({ ...EMPTY_TX_FILTER, errCode: '0' })).toEqual({ errCode: 0 });
    expect(listStateOf(new URLSearchParams('errCode=41')).values.errCode).toBe('41');
    for (const odd of ['42', '-1', 'x', '1.5', '07']) expect(listStateOf(new URLSearchParams(`errCode=${odd}`)).values.errCode, odd).toBe('');
  });

  it('§8 the transaction page of a failed tx says why it failed: the code and its message', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(failed('f1'));
    renderScreen(<TxList />, api, listProvider([failed('f1')]));
    await user.click(await screen.findByRole('row', { name: /Transaction f1/ }));
    const page = await screen.findByRole('article', { name: 'Transaction f1' });
    expect(await within(page).findByRole('alert', { name: 'Failure reason' })).toHaveTextContent('Error 17: failed to fetch jito hashes');
  });

  it('§8 a tx without an errCode has no failure reason on its page', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    api.getTx.mockResolvedValue(tx('a1'));
    renderScreen(<TxList />, api, listProvider());
    await user.click(await screen.findByRole('row', { name: /Transaction a1/ }));
    const page = await screen.findByRole('article', { name: 'Transaction a1' });
    await within(page).findByText('buy:odos:1:Swap');
    expect(within(page).queryByRole('alert')).toBeNull();
  });

  it('§8 a failed tx that carries no errCode says "no reason reported", on the list and on its page, rather than nothing', async () => {
    const user = userEvent.setup();
    const api = fakeResourceApi();
    const uncoded = tx('u1', { status: 'failed', amountOut: 0 });
    api.getTx.mockResolvedValue(uncoded);
    renderScreen(<TxList />, api, listProvider([uncoded, tx('a2')]));
    const row = await screen.findByRole('row', { name: /Transaction u1/ });
    expect(row).toHaveTextContent('no reason reported');
    expect(screen.getByRole('row', { name: /Transaction a2/ })).not.toHaveTextContent('no reason reported');
    await user.click(row);
    const page = await screen.findByRole('article', { name: 'Transaction u1' });
    expect(await within(page).findByRole('alert', { name: 'Failure reason' })).toHaveTextContent('Failed, no reason reported: the system sent no error code with this trade.');
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
