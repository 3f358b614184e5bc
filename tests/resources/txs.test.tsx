// @vitest-environment jsdom
/**
 * /tx as the kit renders the `txs` definition (react-admin's List + DataTable over the real data
 * provider with a fake /api): server-side filters, sort and pagination in the URL, the column
 * chooser, the CSV export, a row's history popup, the transaction page /tx/{id} (and /tx?id=...),
 * §8 error codes; /tx/latest refreshed by the realtime API.
 */
import { act, screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, type AppDataProvider } from '../../src/dataProvider/index.ts';
import { createRealtimeChannel, listTopic } from '../../src/dataProvider/realtime.ts';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { resourceRoutes } from '../../src/kit/liveWiring.ts';
import { txs } from '../../src/screens/txs/index.ts';
import { TxLatest } from '../../src/screens/txs/TxLatest.tsx';
import { historyOf, toServerFilter } from '../../src/screens/txs/txFilter.ts';
import { CSV_FIELDS, txsToCsv } from '../../src/screens/txs/txFormat.ts';
import { fakeApi, json, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, renderKit, resetKit } from './kitHarness.tsx';

beforeEach(() => {
  allowKnownReactAdminWarnings();
});
afterEach(resetKit);

const tx = (id: string, extra: Record<string, unknown> = {}) => ({
  id, tradeId: 't1', tokenName: 'PEPE', side: 'buy', method: 'odos', attempt: 1, txType: 'Swap', status: 'completed',
  networkBuy: 'Base', networkSell: 'Ethereum', network: 'Base', bridgeName: null, amountIn: 100, amountOut: 101,
  expectedProfit: 1, hash: '0xabc', createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, historyKey: 'buy:odos:1:Swap', ...extra,
});

/** One entry of a record's history, as GET /txs/{id} gives it. */
const leg = (id: string) => ({ id, status: 'completed', network: 'Base', hash: null, amountIn: 1, amountOut: null, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 });

/** The options' list of a select has closed (until then the page behind it is hidden from the accessibility tree). */
const closed = () => waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

/** GET /txs/ answers the rows (40 in all, as simple-rest reads it); GET /txs/{id} the record given. */
function txApi(rows = [tx('a1'), tx('a2')], records: Record<string, unknown> = {}) {
  return fakeApi((r) => {
    if (r.method !== 'GET') return undefined;
    if (r.path === '/txs/') return json(rows, { headers: { 'content-range': `txs 0-${rows.length - 1}/40` } });
    const id = decodeURIComponent(r.path.replace(/^\/txs\//, ''));
    const record = records[id];
    if (record instanceof Response) return record;
    return record ? json(record) : undefined;
  });
}

/** The list requests' query, read as ra-data-simple-rest wrote it. */
const lists = (requests: readonly SeenRequest[]) =>
  requests
    .filter((r) => r.path === '/txs/')
    .map((r) => ({
      sort: JSON.parse(r.query.get('sort') ?? 'null') as unknown,
      range: JSON.parse(r.query.get('range') ?? 'null') as unknown,
      filter: JSON.parse(r.query.get('filter') ?? '{}') as Record<string, unknown>,
    }));
const lastList = (api: { requests: SeenRequest[] }) => lists(api.requests).at(-1);

/** A row of the table by the id its history button names. */
const rowOf = async (id: string) => (await screen.findByRole('button', { name: `History of ${id}` }, { timeout: 15_000 })).closest('tr') as HTMLElement;

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);
const urlFilter = (router: { state: { location: { search: string } } }) => JSON.parse(search(router).get('filter') ?? '{}') as Record<string, unknown>;

describe('/tx server-side filters, sort and pagination', () => {
  it('builds the GET /txs/ filter only from fields that are set and valid; the end of a range is its last millisecond', () => {
    expect(toServerFilter({})).toEqual({});
    const f = toServerFilter({ status: 'failed', tokenName: ' PEPE ', txType: 'Nope', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:59.999Z' });
    expect(f).toEqual({ status: 'failed', tokenName: 'PEPE', from: Date.parse('2026-01-01T00:00:00.000Z'), to: Date.parse('2026-01-02T00:00:59.999Z') });
    expect((f.to ?? 0) - (f.from ?? 0)).toBe(86_400_000 + 59_999);
    // A time without its zone names no instant.
    expect(toServerFilter({ to: '2026-01-01T00:00' })).toEqual({});
  });

  it('asks the server with the chosen filter, sort and page', async () => {
    const user = userEvent.setup();
    const api = txApi();
    renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    await rowOf('a1');
    expect(lastList(api)).toEqual({ sort: ['createdAt', 'DESC'], range: [0, 24], filter: {} });
    // The header's sort label (its name in jsdom is the tooltip's "Sort by ...").
    await user.click(within(screen.getByRole('columnheader', { name: /Amount in/ })).getByText('Amount in'));
    await waitFor(() => expect(lastList(api)?.sort).toEqual(['amountIn', 'DESC']));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'failed' }));
    await closed();
    await waitFor(() => expect(lastList(api)).toEqual({ sort: ['amountIn', 'DESC'], range: [0, 24], filter: { status: 'failed' } }));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastList(api)?.range).toEqual([25, 49]));
  }, 30_000);

  it('typed filters ask the server once typing pauses, not per keystroke; Clear filters resets them', async () => {
    const user = userEvent.setup();
    const api = txApi();
    renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    await rowOf('a1');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Token' }), 'PEPE');
    await waitFor(() => expect(lastList(api)?.filter).toEqual({ tokenName: 'PEPE' }));
    expect(lists(api.requests).map((l) => l.filter.tokenName).filter(Boolean)).toEqual(['PEPE']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastList(api)?.filter).toEqual({}));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Token' })).toHaveValue(''));
  });

  it('the filters, sort and page live in the URL: a link opens that view, and odd values in it are dropped', async () => {
    const filter = { status: 'failed', network: 'Ethereum', txType: 'Nope', from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T00:00' };
    const api = txApi();
    renderKit(`/tx?${new URLSearchParams({ filter: JSON.stringify(filter), sort: 'amountIn', order: 'ASC', page: '2', perPage: '25' }).toString()}`, {
      api, role: 'Operator', definitions: [txs],
    });
    await rowOf('a1');
    expect(lists(api.requests)[0]).toEqual({
      sort: ['amountIn', 'ASC'],
      range: [25, 49],
      filter: { status: 'failed', network: 'Ethereum', from: Date.parse('2026-01-01T00:00:00.000Z') },
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('failed');
  });

  it('a row opens its transaction page /tx/{id}; its back button returns to the list with the filter it had', async () => {
    const user = userEvent.setup();
    const api = txApi(undefined, { a1: tx('a1') });
    const { router } = renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    await user.click(await screen.findByRole('combobox', { name: 'Side' }));
    await user.click(screen.getByRole('option', { name: 'sell' }));
    await closed();
    await waitFor(() => expect(urlFilter(router)).toEqual({ side: 'sell' }));
    await user.click(within(await rowOf('a1')).getAllByRole('cell')[1]!);
    await screen.findByRole('article', { name: 'Transaction a1' });
    expect(router.state.location.pathname).toBe('/tx/a1');
    await user.click(screen.getByRole('button', { name: 'Transactions' }));
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Side' })).toHaveTextContent('sell'));
  });

  it('/tx?id=... is the transaction page too: it goes to /tx/{id}', async () => {
    const api = txApi(undefined, { 'a/1': tx('a/1') });
    const { router } = renderKit('/tx?id=a%2F1', { api, role: 'Operator', definitions: [txs] });
    await screen.findByRole('article', { name: 'Transaction a/1' });
    expect(router.state.location.pathname).toBe('/tx/a%2F1');
  });

  it('the transaction page (GET /txs/{id}): its fields, History grouped Buy/Sell/Other, the raw record as JSON, and back', async () => {
    const user = userEvent.setup();
    const record = tx('a1', { raw: { nonce: 7 }, history: { 'buy:odos:1:Swap': leg('a1'), 'sell:odos:2': leg('a2'), odd: leg('a3') } });
    const api = txApi(undefined, { a1: record });
    renderKit('/tx/a1', { api, role: 'Operator', definitions: [txs] });
    const page = await screen.findByRole('article', { name: 'Transaction a1' });
    await within(page).findByText('buy:odos:1:Swap');
    expect(api.requests.some((r) => r.path === '/txs/a1')).toBe(true);
    expect(within(page).getByText('0xabc')).toBeInTheDocument();
    await user.click(within(page).getByRole('button', { name: 'History (3)' }));
    const history = await screen.findByRole('dialog', { name: 'History of a1' });
    // Each step in words (the key on hover).
    expect(within(history).getByRole('region', { name: 'Buy' })).toHaveTextContent('Buy, attempt 1, Swap, via odos');
    expect(within(history).getByRole('region', { name: 'Sell' })).toHaveTextContent('Sell, attempt 2, via odos');
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
    const api = txApi(undefined, { a1: tx('a1', { history: { 'sell:odos:2:Sell': leg('a2') } }) });
    const { router } = renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    await user.click(await screen.findByRole('button', { name: 'History of a1' }));
    const history = await screen.findByRole('dialog', { name: 'History of a1' });
    expect(within(history).getByRole('region', { name: 'Sell' })).toHaveTextContent('Sell, attempt 2, Sell, via odos');
    await user.click(within(history).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tx');
  });

  it('a failed transaction load says so on the page', async () => {
    const api = txApi(undefined, { a1: json({ error: 'not found' }, { status: 404 }) });
    renderKit('/tx/a1', { api, role: 'Operator', definitions: [txs] });
    expect(await screen.findByText(/Could not load transaction a1: /)).toBeInTheDocument();
  });

  it('a failed list load shows the error with Try again, not also "No transactions match" nor "0-0 of 0"; Try again loads', async () => {
    const user = userEvent.setup();
    // The data provider logs the refused reads; nothing else is said on the console here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const api = fakeApi((r) => {
      if (r.path !== '/txs/') return undefined;
      if (fail) return json({ error: 'transaction store unavailable' }, { status: 503 });
      return json([tx('a1')], { headers: { 'content-range': 'txs 0-0/1' } });
    });
    renderKit(`/tx?filter=${encodeURIComponent('{"status":"failed"}')}`, { api, role: 'Operator', definitions: [txs] });
    // react-query tries a failed read three more times (1 s, 2 s, 4 s apart) before it is an error.
    const alert = await screen.findByRole('alert', undefined, { timeout: 12_000 });
    expect(alert).toHaveTextContent('Could not load transactions: transaction store unavailable');
    expect(screen.queryByText(/No transactions/)).toBeNull();
    expect(screen.queryByText(/0[–-]0 of 0/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('a1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  }, 20_000);

  it('§8 a list answer that breaks the contract (a bare array, no Content-Range) is said at once, with what was wrong; no placeholder, no pages', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi((r) => (r.path === '/txs/' ? json([tx('a1'), tx('a2')]) : undefined));
    renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent(
      "Could not load transactions: the backend's answer to GET /txs/ could not be read: it has no Content-Range header, so the number of records is unknown",
    );
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Not retried (it would break the contract again), not shown as a table of unknown length.
    expect(api.requests.filter((r) => r.path === '/txs/')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    expect(screen.queryByText(/\d+[–-]\d+ of \d+/)).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("the backend's answer to GET /txs/ could not be read"));
  });

  it('§8 a list whose body is not a list of records says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi((r) => (r.path === '/txs/' ? json({ rows: [tx('a1')] }, { headers: { 'content-range': 'txs 0-0/1' } }) : undefined));
    renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent('could not be read: its body is not a list of records');
  });

  it('the column chooser shows the hidden-by-default columns and hides others', async () => {
    const user = userEvent.setup();
    renderKit('/tx', { api: txApi(), role: 'Operator', definitions: [txs] });
    await rowOf('a1');
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).queryByRole('columnheader', { name: 'Method' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByLabelText('Method'));
    await user.click(screen.getByLabelText('Trade'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Method/ })).toBeInTheDocument());
    expect(within(table).queryByRole('columnheader', { name: /Trade/ })).toBeNull();
    expect(await rowOf('a1')).toHaveTextContent('odos');
  });

  it('export writes rows as CSV: quoted where needed, formulas defused, times in ISO 8601', () => {
    const csv = txsToCsv([tx('a1', { tokenName: 'A,"B"', hash: '=cmd()' })]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header?.split(',')).toEqual(CSV_FIELDS.map((field) => `"${field}"`));
    expect(line).toContain('"A,""B"""');
    expect(line).toContain("'=cmd()");
    expect(line).toContain('2023-11-14T22:13:20.000Z');
  });

  it('CSV exports: the transaction export escapes a leading tab and carriage return too, as every export', () => {
    const line = txsToCsv([tx('a1', { tokenName: '\t=1+1', hash: '\r@SUM(A1)' })]).split('\r\n')[1] ?? '';
    expect(line).toContain("'\t=1+1");
    expect(line).toContain(`"'\r@SUM(A1)"`);
  });

  it('data is rendered as text, never as HTML', async () => {
    renderKit('/tx', { api: txApi([tx('x', { tokenName: '<img src=x onerror=alert(1)>' })]), role: 'Operator', definitions: [txs] });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('§8 error codes on /tx', () => {
  const failed = (id: string) => tx(id, { status: 'failed', errCode: 17, amountOut: 0 });

  it('§8 a failed tx shows the message for its errCode in the Error column (the code in its title); the export carries the code', async () => {
    renderKit('/tx', { api: txApi([failed('f1'), tx('a2')]), role: 'Operator', definitions: [txs] });
    const f1 = await rowOf('f1');
    const table = screen.getByRole('table', { name: 'Transactions' });
    const header = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = header.indexOf('Error');
    expect(column).toBeGreaterThan(header.indexOf('Status'));
    const cellOf = (row: HTMLElement) => within(row).getAllByRole('cell')[column]!;
    expect(cellOf(f1)).toHaveTextContent('failed to fetch jito hashes');
    expect(within(cellOf(f1)).getByTitle('Error code 17')).toHaveTextContent('failed to fetch jito hashes');
    expect(cellOf(await rowOf('a2'))).toHaveTextContent('');
    const [header0, line] = txsToCsv([failed('f1')]).trim().split('\r\n');
    expect(line?.split(',')[header0!.split(',').indexOf('"errCode"')]).toBe('17');
  });

  it('§8 the Error filter offers each code with its message and asks the server for the code; it lives in the URL', async () => {
    const user = userEvent.setup();
    const api = txApi([failed('f1')]);
    const { router } = renderKit('/tx', { api, role: 'Operator', definitions: [txs] });
    await rowOf('f1');
    await user.click(screen.getByRole('combobox', { name: 'Error' }));
    expect(screen.getAllByRole('option')).toHaveLength(1 + 42);
    await user.click(screen.getByRole('option', { name: '17: failed to fetch jito hashes' }));
    await waitFor(() => expect(lastList(api)?.filter).toEqual({ errCode: 17 }));
    expect(urlFilter(router)).toEqual({ errCode: '17' });
    expect(screen.getByRole('combobox', { name: 'Error' })).toHaveTextContent('17: failed to fetch jito hashes');
    expect(toServerFilter({ errCode: '0' })).toEqual({ errCode: 0 });
    expect(toServerFilter({ errCode: '41' })).toEqual({ errCode: 41 });
    for (const odd of ['42', '-1', 'x', '1.5', '07']) expect(toServerFilter({ errCode: odd }), odd).toEqual({});
  });

  it('§8 the transaction page of a failed tx says why it failed: the code and its message', async () => {
    renderKit('/tx/f1', { api: txApi([failed('f1')], { f1: failed('f1') }), role: 'Operator', definitions: [txs] });
    const page = await screen.findByRole('article', { name: 'Transaction f1' });
    expect(await within(page).findByRole('alert', { name: 'Failure reason' })).toHaveTextContent('Error 17: failed to fetch jito hashes');
  });

  it('§8 a tx without an errCode has no failure reason on its page', async () => {
    renderKit('/tx/a1', { api: txApi(undefined, { a1: tx('a1') }), role: 'Operator', definitions: [txs] });
    const page = await screen.findByRole('article', { name: 'Transaction a1' });
    await within(page).findByText('buy:odos:1:Swap');
    expect(within(page).queryByRole('alert')).toBeNull();
  });

  it('§8 a failed tx that carries no errCode says "no reason reported", on the list and on its page, rather than nothing', async () => {
    const user = userEvent.setup();
    const uncoded = tx('u1', { status: 'failed', amountOut: 0 });
    renderKit('/tx', { api: txApi([uncoded, tx('a2')], { u1: uncoded }), role: 'Operator', definitions: [txs] });
    const row = await rowOf('u1');
    expect(row).toHaveTextContent('no reason reported');
    expect(await rowOf('a2')).not.toHaveTextContent('no reason reported');
    await user.click(within(row).getAllByRole('cell')[1]!);
    const page = await screen.findByRole('article', { name: 'Transaction u1' });
    expect(await within(page).findByRole('alert', { name: 'Failure reason' })).toHaveTextContent('Failed, no reason reported: the system sent no error code with this trade.');
  });
});

describe('/tx/latest', () => {
  it('newest first, refreshed when the realtime API announces a change to the history, never polled', async () => {
    const api = txApi();
    const realtime = createRealtimeChannel();
    const dataProvider: AppDataProvider = createDataProvider(api, { routes: resourceRoutes([txs], liveStore, () => dataProvider), realtime });
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <TxLatest />
      </AdminContext>,
    );
    await rowOf('a1');
    expect(lists(api.requests)).toEqual([{ sort: ['createdAt', 'DESC'], range: [0, 49], filter: {} }]);
    // No poll: still one read a while later.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    expect(lists(api.requests)).toHaveLength(1);
    // txSent/txConfirmed reach the `tx` resource's topic (publishLiveChanges): the list reads again.
    await act(async () => {
      await realtime.publish(listTopic('tx'), { type: 'created', payload: { ids: ['a3'] } });
    });
    await waitFor(() => expect(lists(api.requests)).toHaveLength(2), { timeout: 3000 });
  });
});
