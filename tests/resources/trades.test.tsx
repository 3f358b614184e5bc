// @vitest-environment jsdom
/**
 * Trades (docs/protocol.md "Trades", the console's extension) as the kit renders the `trades`
 * definition over the real data provider with a fake /api: the list of GET /trades/ with its
 * filters and sort in the server's terms, refreshed by the realtime API; /tx/trades/{tradeId}
 * beside the transactions' /tx/{id}; the trade page's journey (§4 statuses, durations against
 * expected, the explorer, the current and the stuck step); the §7 operations one click away for an
 * Admin only (§6), opening /tx/new filled in; and a backend without trades.
 */
import type { ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradeJourney, TradeJourneyDetail, TradeStep } from '../../src/contract/index.ts';
import { createDataProvider } from '../../src/dataProvider/index.ts';
import { createRealtimeChannel, listTopic } from '../../src/dataProvider/realtime.ts';
import { prefillOf, txNewLink } from '../../src/domain/txNewLink.ts';
import { DefinitionsContext } from '../../src/kit/DefinitionsContext.tsx';
import { Menu } from '../../src/layout/Menu.tsx';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { trades } from '../../src/screens/trades/index.ts';
import { operationLinks } from '../../src/screens/trades/tradeOperations.ts';
import { TxNewScreen } from '../../src/screens/txNew/TxNewScreen.tsx';
import { txs } from '../../src/screens/txs/index.ts';
import { fakeApi, json, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, nextFrame, renderKit, resetKit, serverEvent, signedInAs, type Role } from './kitHarness.tsx';

beforeEach(() => {
  allowKnownReactAdminWarnings();
});
afterEach(resetKit);

const NOW = Date.now();
const ID = 'c6236cf6-a451-4605-9b8a-69a053c0ad24';

const journey = (tradeId: string, over: Partial<TradeJourney> = {}): TradeJourney => ({
  tradeId,
  tokenName: 'USDC',
  networkBuy: 'Arbitrum',
  networkSell: 'Ethereum',
  bridge: { name: 'stargate-eth-arb' },
  startedAt: NOW - 120_000,
  updatedAt: NOW - 100_000,
  currentStep: 1,
  state: 'running',
  expectedProfit: 1.196,
  amountIn: 4926.67,
  ...over,
});

const step = (over: Partial<TradeStep>): TradeStep => ({
  txId: `${ID}:1`,
  side: 'buy',
  txType: 'Swap',
  network: 'Arbitrum',
  status: 'completed',
  hash: '0x3e7f46aa00000000000000000000000000000000000000000000000000bea97',
  createdAt: NOW - 120_000,
  updatedAt: NOW - 119_671,
  durationMs: 329,
  expectedMs: 300,
  ...over,
});

/** A stuck trade: its Swap done, its Bridge pending 4 min 10 s where such steps take about a minute. */
const stuckTrade = (): TradeJourneyDetail => ({
  ...journey(ID, { state: 'stuck', currentStep: 1 }),
  steps: [
    step({}),
    step({
      txId: `${ID}:2`,
      txType: 'Bridge',
      status: 'pending',
      hash: '0xeeaf9a0000000000000000000000000000000000000000000000000000bfb9e2',
      createdAt: NOW - 250_000,
      updatedAt: NOW - 250_000,
      durationMs: 250_000,
      expectedMs: 60_000,
    }),
  ],
});

/** GET /trades/ answers the rows (60 in all); GET /trades/{id} the record given; GET /txs/{id} a tx. */
function tradeApi(rows: TradeJourney[] = [journey('t-1'), journey('t-2', { state: 'stuck', tokenName: 'PEPE' })], records: Record<string, unknown> = {}) {
  return fakeApi((r) => {
    if (r.method !== 'GET') return undefined;
    if (r.path === '/trades/') return json(rows, { headers: { 'content-range': `trades 0-${rows.length - 1}/60` } });
    if (r.path.startsWith('/trades/')) {
      const record = records[decodeURIComponent(r.path.slice('/trades/'.length))];
      return record ? json(record) : json({ error: 'trade not found' }, { status: 404 });
    }
    if (r.path.startsWith('/txs/')) return json({ id: decodeURIComponent(r.path.slice('/txs/'.length)), tradeId: ID, tokenName: 'USDC', side: 'buy', txType: 'Swap', status: 'completed', network: 'Arbitrum', createdAt: NOW, updatedAt: NOW });
    return undefined;
  });
}

const lists = (requests: readonly SeenRequest[]) =>
  requests
    .filter((r) => r.path === '/trades/')
    .map((r) => ({ sort: JSON.parse(r.query.get('sort') ?? 'null') as unknown, filter: JSON.parse(r.query.get('filter') ?? '{}') as Record<string, unknown> }));

const rowOf = async (text: string) => (await screen.findByTitle(text)).closest('tr') as HTMLElement;
const closed = () => waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

function renderTrades(path: string, role: Role = 'Admin', api = tradeApi()) {
  return renderKit(path, { api, role, definitions: [txs, trades] });
}

describe('/tx/trades: the trade list', () => {
  it('lists GET /trades/ newest first: id, token, route and bridge, times with their zone, step, state in its colour, profit, amount in its unit', async () => {
    renderTrades('/tx/trades');
    const row = await rowOf('t-2');
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[1]).toBe('PEPE');
    // (The network icons' letters are in the text, hidden from screen readers.)
    expect(cells[2]).toBe('ArArbitrum→EtEthereumvia stargate-eth-arb');
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+$/);
    expect(cells.slice(5)).toEqual(['2', 'stuck', '+$1.20', '4,926.67 USD']);
    expect(within(row).getByText('stuck').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError', 'MuiChip-filled');
    expect(within(await rowOf('t-1')).getByText('running').closest('.MuiChip-root')).toHaveClass('MuiChip-colorInfo', 'MuiChip-outlined');
    expect(screen.getByRole('heading', { level: 1, name: 'Trades' })).toBeInTheDocument();
  });

  it('asks the server in its own terms: state, network, token and bridge as chosen, the start range in ms, the sort', async () => {
    const user = userEvent.setup();
    const api = tradeApi();
    renderTrades('/tx/trades', 'Operator', api);
    await rowOf('t-1');
    expect(lists(api.requests)[0]).toEqual({ sort: ['startedAt', 'DESC'], filter: {} });
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'stuck' }));
    await closed();
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(screen.getByRole('option', { name: 'Base' }));
    await closed();
    await waitFor(() => expect(lists(api.requests).at(-1)?.filter).toEqual({ state: 'stuck', network: 'Base' }));
    const from = screen.getByRole('textbox', { name: /^Started from/ });
    await user.type(from, '2026-01-02 03:04{Enter}');
    await waitFor(() => expect(typeof lists(api.requests).at(-1)?.filter.from).toBe('number'));
    await user.click(within(screen.getByRole('columnheader', { name: /Expected profit/ })).getByText('Expected profit'));
    await waitFor(() => expect(lists(api.requests).at(-1)?.sort).toEqual(['expectedProfit', 'DESC']));
  }, 30_000);

  it('Trades (protocol): tradeStuck, tradeUnstuck, txSent and txConfirmed read the list again (it keeps its filters)', async () => {
    const api = tradeApi();
    renderTrades(`/tx/trades?filter=${encodeURIComponent('{"state":"stuck"}')}`, 'Operator', api);
    await rowOf('t-1');
    const before = lists(api.requests).length;
    await serverEvent('tradeStuck', { tradeId: 't-1', step: 1, pendingMs: 200_000, expectedMs: 60_000 });
    await waitFor(() => expect(lists(api.requests).length).toBe(before + 1), { timeout: 3000 });
    expect(lists(api.requests).at(-1)?.filter).toEqual({ state: 'stuck' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await serverEvent('tradeUnstuck', { tradeId: 't-1' });
    await waitFor(() => expect(lists(api.requests).length).toBe(before + 2), { timeout: 3000 });
  });

  it('a row opens its trade page /tx/trades/{tradeId}; /tx/{id} stays the transaction page', async () => {
    const user = userEvent.setup();
    const { router } = renderTrades('/tx/trades', 'Operator', tradeApi(undefined, { 't-1': { ...journey('t-1'), steps: [step({})] } }));
    await user.click(within(await rowOf('t-1')).getAllByRole('cell')[1]!);
    await screen.findByRole('article', { name: 'Trade t-1' });
    expect(router.state.location.pathname).toBe('/tx/trades/t-1');
    await act(() => router.navigate('/tx/a1'));
    await screen.findByRole('article', { name: 'Transaction a1' });
  });

  it('Trades (protocol): on a backend without trades (their list answered 404) /tx/trades says so plainly, and a trade page too', async () => {
    renderTrades('/tx/trades', 'Operator');
    act(() => liveStore.update(() => ({ tradesAvailable: false })));
    expect(await screen.findByText(/^This backend does not provide trades\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the menu item Trades', () => {
  function renderMenu(path: string) {
    const realtime = createRealtimeChannel();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <AdminContext dataProvider={createDataProvider(fakeApi(), { realtime })} authProvider={signedInAs('Operator')} store={memoryStore()}>
              <DefinitionsContext.Provider value={DEFINITIONS}>
                <Menu />
              </DefinitionsContext.Provider>
            </AdminContext>
          ),
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return { router, realtime };
  }

  it('§2 follows Latest transactions for every role; on /tx/trades it is the current item, not Transactions', async () => {
    renderMenu(`/tx/trades/${ID}`);
    const names = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(names.slice(0, 4)).toEqual(['Home', 'Transactions', 'Latest transactions', 'Trades']);
    expect(screen.getByRole('menuitem', { name: 'Trades' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('menuitem', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
  });

  it('counts no "new changes": trades move with every tx, a count would only count the traffic', async () => {
    const { realtime } = renderMenu('/');
    await screen.findByRole('menuitem', { name: 'Trades' });
    await act(async () => {
      await realtime.publish(listTopic('tx/trades'), { type: 'updated', payload: { ids: [] } });
    });
    await nextFrame();
    expect(screen.getByRole('menuitem', { name: 'Trades' })).toBeInTheDocument();
  });

  it('Trades (protocol): gone when the backend has no trades', async () => {
    renderMenu('/');
    await screen.findByRole('menuitem', { name: 'Trades' });
    act(() => liveStore.update(() => ({ tradesAvailable: false })));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Trades' })).toBeNull());
    expect(screen.getByRole('menuitem', { name: 'Transactions' })).toBeInTheDocument();
  });
});

describe('/tx/trades/{tradeId}: the journey', () => {
  it('one node per step in an ordered list: network icon, tx type, status colour, duration against expected, explorer link, transaction page', async () => {
    renderTrades(`/tx/trades/${ID}`, 'Operator', tradeApi([], { [ID]: stuckTrade() }));
    const list = await screen.findByRole('list', { name: `Journey of trade ${ID}` });
    expect(list.tagName).toBe('OL');
    const [swap, bridge] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // The icon's letters ("Ar") are text only while the real logo loads (§2 logos, loaded one at a
    // time).
    expect(swap).toHaveTextContent(/^(Ar)?Step 1: Swap on Arbitrum \(buy side\) completedTook 329 ms of ≈ 300 ms/);
    expect(swap.querySelector('[data-network-icon="Arbitrum"]')).not.toBeNull();
    expect(within(swap).getByText('completed').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    const explorer = within(swap).getByRole('link', { name: 'Tx 0x3e7f46…0bea97 on arbiscan.io (opens a new tab)' });
    expect(explorer).toHaveAttribute('href', 'https://arbiscan.io/tx/0x3e7f46aa00000000000000000000000000000000000000000000000000bea97');
    expect(explorer).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(swap).getByRole('link', { name: `Transaction page of step 1 (${ID.slice(0, 8)}…)` })).toHaveAttribute('href', `/tx/${encodeURIComponent(`${ID}:1`)}`);
    expect(swap).not.toHaveAttribute('aria-current');
    // The current step, stuck: the danger colour and how long it is over.
    expect(bridge).toHaveAttribute('aria-current', 'step');
    expect(bridge).toHaveTextContent(/Step 2: Bridge on Arbitrum \(buy side\) stuck current stepPending for 4 min 1\d s of ≈ 1 min, over by 3 min 1\d s/);
    expect(within(bridge).getByText('stuck').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByRole('alert', { name: 'Why it is stuck' })).toHaveTextContent(/^Stuck at step 2, Bridge on Arbitrum: pending for 4 min 1\d s of ≈ 1 min, over by 3 min 1\d s\.$/);
  });

  it('what such steps take comes from the tradeStuck event when the step itself has no expected duration yet', async () => {
    const detail = stuckTrade();
    detail.steps[1] = { ...(detail.steps[1] as TradeStep), expectedMs: undefined };
    renderTrades(`/tx/trades/${ID}`, 'Operator', tradeApi([], { [ID]: detail }));
    await screen.findByRole('list', { name: `Journey of trade ${ID}` });
    expect(screen.getByRole('alert', { name: 'Why it is stuck' })).toHaveTextContent(/pending for 4 min 1\d s\.$/);
    await serverEvent('tradeStuck', { tradeId: ID, step: 1, pendingMs: 250_000, expectedMs: 120_000 });
    await waitFor(() => expect(screen.getByRole('alert', { name: 'Why it is stuck' })).toHaveTextContent(/of ≈ 2 min, over by 2 min 1\d s\.$/));
  });

  it('a failed trade says which step failed with its §8 error', async () => {
    const failed: TradeJourneyDetail = {
      ...journey(ID, { state: 'failed', currentStep: 0 }),
      // The skipped step carries a hash, as a backend may fill one in: it was never sent, so none is shown.
      steps: [step({ status: 'failed', errCode: 8 }), step({ txId: `${ID}:2`, txType: 'Bridge', status: 'skip', durationMs: 0, hash: '0x4ba7b1aa00000000000000000000000000000000000000000000000000023d273' })],
    };
    renderTrades(`/tx/trades/${ID}`, 'Admin', tradeApi([], { [ID]: failed }));
    const why = await screen.findByRole('alert', { name: 'Why it failed' });
    expect(why).toHaveTextContent('Failed at step 1 of 2, Swap on Arbitrum: error 8, failed to fetch evm receipt from node.');
    const [, skipped] = within(screen.getByRole('list', { name: `Journey of trade ${ID}` })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(skipped).toHaveTextContent('Not sent: an earlier step failed');
    // What was not sent has no hash and no link (it read "0x4ba7b1…23d273 on arbiscan.io" and "Transaction page").
    expect(skipped).not.toHaveTextContent(/0x4ba7|No hash yet|Transaction page/);
    expect(within(skipped).queryAllByRole('link')).toEqual([]);
  });

  it('§7 from a stuck trade an Admin has refund, force, unlock-nonce and manual one click away, each /tx/new filled in with the trade', async () => {
    renderTrades(`/tx/trades/${ID}`, 'Admin', tradeApi([], { [ID]: stuckTrade() }));
    const operations = await screen.findByRole('region', { name: 'Operations on this trade' });
    const links = within(operations).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Refund…', 'Force again…', 'Unlock nonce on Arbitrum…', 'Manual Bridge on Arbitrum…']);
    const query = (name: string) => Object.fromEntries(new URL(within(operations).getByRole('link', { name }).getAttribute('href') ?? '', 'http://x').searchParams);
    expect(query('Refund…')).toEqual({ op: 'refund', tradeId: ID, reason: expect.stringMatching(/^Stuck at step 2, Bridge on Arbitrum: pending for 4 min/) as unknown });
    expect(query('Force again…')).toEqual({ op: 'force', tokenName: 'USDC', networkBuy: 'Arbitrum', networkSell: 'Ethereum', bridgeName: 'stargate-eth-arb', amount: '4926.67' });
    expect(query('Unlock nonce on Arbitrum…')).toEqual({ op: 'unlock', network: 'Arbitrum' });
    expect(query('Manual Bridge on Arbitrum…')).toEqual({ op: 'manual', network: 'Arbitrum', txType: 'Bridge', tokenName: 'USDC' });
  });

  it('§2 §6 an Operator (not Admin, who alone may open /tx/new) gets no operation links', async () => {
    renderTrades(`/tx/trades/${ID}`, 'Operator', tradeApi([], { [ID]: stuckTrade() }));
    await screen.findByRole('alert', { name: 'Why it is stuck' });
    expect(screen.queryByRole('region', { name: 'Operations on this trade' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Refund/ })).toBeNull();
  });

  it('a running trade offers no operations and no alarm', async () => {
    const running: TradeJourneyDetail = { ...journey(ID), steps: [step({})] };
    renderTrades(`/tx/trades/${ID}`, 'Admin', tradeApi([], { [ID]: running }));
    await screen.findByRole('list', { name: `Journey of trade ${ID}` });
    expect(screen.queryByRole('region', { name: 'Operations on this trade' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Timeline (protocol): the trade page shows what happened from 5 min before its start to 5 min after its last change, as text', async () => {
    const detail = stuckTrade();
    const api = tradeApi([], { [ID]: detail });
    api.use((r) =>
      r.path === '/timeline'
        ? json({
          data: [
            { at: detail.updatedAt, kind: 'trade', severity: 'warning', text: `Trade ${ID.slice(0, 8)}… stuck at step 2`, link: `/tx/trades/${ID}`, ref: ID },
            { at: detail.startedAt, kind: 'health', severity: 'critical', text: 'Service health red: <b>eventer</b> down' },
          ],
        })
        : undefined,
    );
    renderTrades(`/tx/trades/${ID}`, 'Operator', api);
    const around = await screen.findByRole('list', { name: 'Around this trade' });
    const [stuck, health] = within(around).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(stuck).toHaveTextContent(/Trade.*Warning.*stuck at step 2/);
    expect(within(stuck).getByRole('link', { name: 'Open trade' })).toHaveAttribute('href', `/tx/trades/${ID}`);
    expect(health).toHaveTextContent('Service health red: <b>eventer</b> down');
    expect(health.querySelector('b')).toBeNull();
    expect(within(health).getByText('Critical').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    const asked = api.requests.find((r) => r.path === '/timeline')?.query;
    expect(Number(asked?.get('from'))).toBe(detail.startedAt - 5 * 60_000);
    expect(Number(asked?.get('to'))).toBe(detail.updatedAt + 5 * 60_000);
  });

  it('an unknown trade says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTrades('/tx/trades/nope', 'Admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load trade nope: trade not found');
    expect(logged).toHaveBeenCalledWith('API GET /trades/nope failed:', expect.anything());
  });
});

describe('the operations of a trade (tradeOperations.ts)', () => {
  it('an operator\'s sell (no bridge) is offered Edit sell instead of Force again', () => {
    const sell: TradeJourneyDetail = { ...journey('s-1', { bridge: { name: '' }, state: 'failed', currentStep: 0 }), steps: [step({ txType: 'Sell', side: 'sell', status: 'failed' })] };
    expect(operationLinks(sell, sell.steps[0], 'why').map((l) => [l.label, l.href])).toEqual([
      ['Refund', '/tx/new?op=refund&tradeId=s-1&reason=why'],
      ['Unlock nonce on Arbitrum', '/tx/new?op=unlock&network=Arbitrum'],
      ['Manual Sell on Arbitrum', '/tx/new?op=manual&network=Arbitrum&txType=Sell&tokenName=USDC'],
      ['Edit sell', '/tx/new?op=sellEdit&tradeId=s-1'],
    ]);
  });
});

describe('/tx/new opened from a link (domain/txNewLink.ts)', () => {
  it('the address names the operation and its fields, and reads back the same; no operation, no prefill', () => {
    const href = txNewLink('refund', { tradeId: 'T 1&2', reason: 'stuck', txId: undefined, amount: '' });
    expect(href).toBe('/tx/new?op=refund&tradeId=T+1%262&reason=stuck');
    expect(prefillOf(new URL(href, 'http://x').searchParams)).toEqual({ op: 'refund', values: { tradeId: 'T 1&2', reason: 'stuck' } });
    expect(prefillOf(new URLSearchParams('op=delete&tradeId=1'))).toBeNull();
    expect(prefillOf(new URLSearchParams('sell=abc'))).toBeNull();
    expect(prefillOf(new URLSearchParams(`op=refund&reason=${'x'.repeat(600)}`))?.values.reason).toHaveLength(500);
  });

  function renderTxNew(address: string) {
    const api = { ...testDataProvider(), refund: vi.fn(async () => ({ ok: true, id: 'r1' })), getTrade: vi.fn(async () => { throw new Error('no such sell'); }) };
    const wrap = (ui: ReactNode) => (
      <MemoryRouter initialEntries={[address]}>
        <AdminContext dataProvider={api as unknown as DataProvider} store={memoryStore()}>
          {ui}
        </AdminContext>
      </MemoryRouter>
    );
    render(wrap(<TxNewScreen />));
    return api;
  }

  it('§7 refund opens on its tab with the trade and the reason typed in; it is still confirmed before POST /txs/refund', async () => {
    const user = userEvent.setup();
    const api = renderTxNew(txNewLink('refund', { tradeId: ID, reason: 'Stuck at step 2' }));
    expect(screen.getByRole('tab', { name: 'Refund' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/^Refund opened from trade/)).toHaveTextContent(`Refund opened from trade ${ID} with its fields filled in. Check them: nothing is sent until you confirm.`);
    const form = screen.getByRole('form', { name: 'Refund form' });
    expect(within(form).getByRole('textbox', { name: 'Trade id (or a Tx id)' })).toHaveValue(ID);
    expect(within(form).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue('Stuck at step 2');
    await user.click(within(form).getByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm: Refund' });
    expect(dialog).toHaveTextContent(`Refund trade ${ID} (reason: Stuck at step 2).`);
    expect(api.refund).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.refund).toHaveBeenCalledWith({ tradeId: ID, reason: 'Stuck at step 2' }));
  });

  it('§7 force, unlock-nonce and manual open on their tabs with their fields typed in; fields not of that form are ignored', async () => {
    renderTxNew(txNewLink('force', { tokenName: 'USDC', networkBuy: 'Arbitrum', networkSell: 'Ethereum', bridgeName: 'stargate-eth-arb', amount: 4926.67, nonsense: 'x' }));
    expect(screen.getByRole('tab', { name: 'Force' })).toHaveAttribute('aria-selected', 'true');
    const force = screen.getByRole('form', { name: 'Force form' });
    expect(within(force).getByRole('combobox', { name: 'Buy on' })).toHaveTextContent('Arbitrum');
    expect(within(force).getByRole('combobox', { name: 'Sell on' })).toHaveTextContent('Ethereum');
    expect(within(force).getByRole('combobox', { name: 'Token' })).toHaveTextContent('USDC');
    expect(within(force).getByRole('combobox', { name: 'Bridge' })).toHaveTextContent('stargate-eth-arb');
    expect(within(force).getByRole('textbox', { name: 'Amount' })).toHaveValue('4926.67');
    // Another tab is another operation: the word about what was filled in stays about Force.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Refund' }));
    expect(screen.getByText(/opened from a trade/)).toHaveTextContent(/^Force opened from a trade with its fields filled in\./);
    expect(within(screen.getByRole('form', { name: 'Refund form' })).getByRole('textbox', { name: 'Trade id (or a Tx id)' })).toHaveValue('');
  });

  it('unlock-nonce and manual: the step\'s network (and type and token) typed in, the rest left to the operator', async () => {
    renderTxNew(txNewLink('unlock', { network: 'Arbitrum' }));
    const unlock = screen.getByRole('form', { name: 'Unlock nonce form' });
    expect(within(unlock).getByRole('combobox', { name: 'Network' })).toHaveTextContent('Arbitrum');
    expect(within(unlock).getByRole('textbox', { name: 'Nonce' })).toHaveValue('');
  });

  it('manual: network, tx type and token typed in', async () => {
    renderTxNew(txNewLink('manual', { network: 'Arbitrum', txType: 'Bridge', tokenName: 'USDC' }));
    expect(screen.getByRole('tab', { name: 'Manual' })).toHaveAttribute('aria-selected', 'true');
    const manual = screen.getByRole('form', { name: 'Manual form' });
    expect(within(manual).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Bridge');
    expect(within(manual).getByRole('textbox', { name: 'Token (or native coin)' })).toHaveValue('USDC');
  });

  it('sell edit opens the Edit sell tab on that trade; a plain /tx/new opens Sell with nothing typed in', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = renderTxNew(txNewLink('sellEdit', { tradeId: 's-1' }));
    expect(screen.getByRole('tab', { name: 'Edit sell' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.getTrade).toHaveBeenCalledWith('s-1'));
    expect(screen.getByRole('textbox', { name: 'Trade id' })).toHaveValue('s-1');
    logged.mockRestore();
  });

  it('a plain /tx/new opens Sell with nothing typed in and no word about a trade', async () => {
    renderTxNew('/tx/new');
    await nextFrame();
    expect(screen.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/opened from/)).toBeNull();
  });
});
