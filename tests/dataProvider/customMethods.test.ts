import { describe, expect, it, vi } from 'vitest';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../src/config/constants.ts';
import { createApiFetch, type ApiFetch, type ApiFetchOptions } from '../../src/dataProvider/apiFetch.ts';
import { UnexpectedAnswerError } from '../../src/dataProvider/checked.ts';
import { createDataProvider } from '../../src/dataProvider/createDataProvider.ts';
import { createCustomMethods, type CustomMethods } from '../../src/dataProvider/customMethods.ts';

type Dp = ReturnType<typeof createDataProvider>;

const ORIGIN = 'http://api.test';

const solanaEntry = { x: 'portal', token: 'USDC', data: { Solana: { address: 'EPjF', decimals: 6 } }, createdAt: 1, updatedAt: 2 };
const trade = {
  id: 't1', tradeId: 't1', tokenName: 'PEPE', networkBuy: 'Base', networkSell: 'Base', bridge: { name: 'none' },
  txTypes: ['Sell'], status: 'pending', expectedProfit: 0, txs: [], createdAt: 1, updatedAt: 2,
};
const tx = {
  id: 'tx1', tradeId: null, tokenName: 'PEPE', side: 'buy', method: 'odos', attempt: 1, txType: 'Swap', status: 'pending',
  networkBuy: null, networkSell: null, network: 'Base', bridgeName: null, amountIn: 1, amountOut: null, expectedProfit: null,
  hash: null, createdAt: 1, updatedAt: 2, historyKey: 'buy:odos:1',
};
const config = { configName: 'worker', version: 3, updatedAt: 1, data: { threads: 4 } };
const logs = { data: [{ id: 'l1', time: 1, user: 'alice', action: 'start workers' }], total: 1 };
const counts = { trades: 3, completed: 2, failed: 1, running: 0, profit: 1.5 };
const tradeStats = { from: 0, to: 3_600_000, bucket: 'hour', totals: counts, buckets: [{ t: 0, ...counts }], groups: [{ key: 'USDC', ...counts }] };
const series = { kind: 'gas', network: 'Base', points: [[1, 2.5]] };
/** The stats calls answer { provided, data }: the data, as the other checked calls answer theirs. */
const dataOf = (answer: { provided: true; data: unknown } | { provided: false }) => (answer.provided ? answer.data : answer);

type Row = [call: string, run: (dp: Dp) => Promise<unknown>, method: string, path: string, body: unknown, answer?: unknown];

/** Every custom call of §7: what it sends, and (for the calls a screen reads into) an answer its check accepts. */
const CALLS: Row[] = [
  ['startWorkers', (dp) => dp.startWorkers(), 'POST', '/workers/start', undefined],
  ['stopWorkers', (dp) => dp.stopWorkers(), 'POST', '/workers/stop', undefined],
  ['sendCommand', (dp) => dp.sendCommand('worker', 'saveStats'), 'POST', '/command', { to: 'worker', cmd: 'saveStats' }],
  ['restartService', (dp) => dp.restartService('brain'), 'POST', '/services/brain/restart', undefined],
  ['restartServiceScaling', (dp) => dp.restartServiceScaling('transactions'), 'POST', '/services/transactions/restart/scaling', { deploymentName: 'tx-core', namespace: 'core' }],
  ['restartPeer', (dp) => dp.restartPeer('peer 1'), 'POST', '/txs/peers/peer%201/restart', undefined],
  ['quote', (dp) => dp.quote({ network: 'Base', tokenInAddress: '0xa', tokenOutAddress: '0xb', amountIn: '1000' }), 'GET', '/proxy/worker/quoteUi?network=Base&tokenInAddress=0xa&tokenOutAddress=0xb&amountIn=1000', undefined],

  ['setPins', (dp) => dp.setPins(['PEPE', 'LINK']), 'PUT', '/txs/pins', ['PEPE', 'LINK']],
  ['setSellPins', (dp) => dp.setSellPins([]), 'PUT', '/txs/pins/sell', []],

  ['bridgeFees', (dp) => dp.bridgeFees(), 'GET', '/bridges/fee-to-eth', undefined, { fees: { Across: 0.001 } }],
  ['setBridgeAutomation', (dp) => dp.setBridgeAutomation({ enabled: true } as never), 'PUT', '/settings/automation/bridges', { enabled: true }],

  ['solanaList', (dp) => dp.solanaList('portal', { page: 2, perPage: 50 }), 'GET', '/solana-bridge/portal?page=2&perPage=50', undefined, { data: [solanaEntry], total: 1 }],
  ['solanaGet', (dp) => dp.solanaGet('portal', 'USDC'), 'GET', '/solana-bridge/portal/USDC', undefined, solanaEntry],
  ['solanaFind', (dp) => dp.solanaFind('portal', 'us dc'), 'GET', '/solana-bridge/portal/find/us%20dc', undefined, { data: [solanaEntry], total: 1 }],
  ['solanaCreate', (dp) => dp.solanaCreate('portal', { token: 'USDC', data: {} }), 'POST', '/solana-bridge/portal', { token: 'USDC', data: {} }],
  ['solanaUpdate', (dp) => dp.solanaUpdate('portal', 'USDC', { data: {} }), 'PUT', '/solana-bridge/portal/USDC', { data: {} }],
  ['solanaDeleteNetwork', (dp) => dp.solanaDeleteNetwork('portal', 'USDC', 'Solana'), 'DELETE', '/solana-bridge/portal/USDC/Solana', undefined],
  ['solanaDelete', (dp) => dp.solanaDelete('portal', 'USDC'), 'DELETE', '/solana-bridge/portal/USDC', undefined],
  ['solanaImport', (dp) => dp.solanaImport('portal', 'token,network,address,decimals\n'), 'POST', '/solana-bridge/portal/import', { csv: 'token,network,address,decimals\n' }, { imported: 0, tokens: 0, errors: [] }],

  ['getConfig', (dp) => dp.getConfig('main cfg'), 'GET', '/configs/main%20cfg', undefined, config],
  ['updateConfig', (dp) => dp.updateConfig('main cfg', 3, { threads: 5 }), 'PUT', '/configs/main%20cfg', { version: 3, data: { threads: 5 } }],

  ['getTx', (dp) => dp.getTx('tx/1'), 'GET', '/txs/tx%2F1', undefined, tx],
  ['getTrade', (dp) => dp.getTrade('t1'), 'GET', '/txs/sell/t1', undefined, trade],
  ['sell', (dp) => dp.sell({ tokenName: 'PEPE', network: 'Base', amount: 1 } as never), 'POST', '/txs/sell', { tokenName: 'PEPE', network: 'Base', amount: 1 }],
  ['updateSell', (dp) => dp.updateSell('t 1', { tokenName: 'PEPE', network: 'Base', amount: 2 } as never), 'PUT', '/txs/sell/t%201', { tokenName: 'PEPE', network: 'Base', amount: 2 }],
  ['manualTx', (dp) => dp.manualTx({ network: 'Base' } as never), 'POST', '/txs/manual', { network: 'Base' }],
  ['refund', (dp) => dp.refund({ tradeId: 't1' } as never), 'POST', '/txs/refund', { tradeId: 't1' }],
  ['forceTrade', (dp) => dp.forceTrade({ tradeId: 't1' } as never), 'POST', '/txs/force', { tradeId: 't1' }],
  ['unlockNonce', (dp) => dp.unlockNonce({ network: 'Base' } as never), 'POST', '/txs/unlock-nonce', { network: 'Base' }],

  ['logsMore', (dp) => dp.logsMore({ before: 10, limit: 50, user: 'alice' }), 'POST', '/logs/more', { before: 10, limit: 50, user: 'alice' }, logs],

  ['getTradeStats', (dp) => dp.getTradeStats({ from: 0, to: 3_600_000, bucket: 'hour', groupBy: 'token' }).then(dataOf), 'GET', '/stats/trades?from=0&to=3600000&bucket=hour&groupBy=token', undefined, tradeStats],
  ['getStatsSeries', (dp) => dp.getStatsSeries({ kind: 'gas', network: 'Base', from: 0, to: 10 }).then(dataOf), 'GET', '/stats/series?kind=gas&network=Base&from=0&to=10', undefined, series],

  [
    'getTimeline',
    (dp) => dp.getTimeline({ from: 0, to: 10, kinds: ['health', 'worker'], before: 5 }).then(dataOf),
    'GET',
    '/timeline?from=0&to=10&before=5&kinds=health%2Cworker',
    undefined,
    { data: [{ at: 4, kind: 'worker', severity: 'info', text: 'Workers stopped by alice' }], nextBefore: 4 },
  ],

  ['setSellOnly', (dp) => dp.setSellOnly(true), 'PUT', '/settings/misc', { updates: { sellOnly: true } }],
  [
    'saveSharedAlertRules',
    (dp) => dp.saveSharedAlertRules([{ kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' }]),
    'PUT',
    '/settings/misc',
    { updates: { alertRules: [{ kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' }] } },
  ],
  ['setAwsGroups', (dp) => dp.setAwsGroups([{ name: 'g1' }]), 'PUT', '/aws/groups', { groups: [{ name: 'g1' }] }],
  ['restartAwsGroup', (dp) => dp.restartAwsGroup('g1'), 'POST', '/aws/restart', { group: 'g1' }],
  ['clearResultsCache', (dp) => dp.clearResultsCache(), 'POST', '/settings/cache/results/clear', undefined],
  // The alerts delivery calls go under /alerts (docs/protocol.md "Alerts delivery").
  ['alertsApi', (dp) => dp.alertsApi('/destinations', { method: 'PUT', body: { destinations: [] } }), 'PUT', '/alerts/destinations', { destinations: [] }],
];

/** The data provider over the real apiFetch, with a fake fetch that answers `answer` and records what was sent. */
function overFakeFetch(answer: unknown = {}) {
  const sent: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      headers: init?.headers as Record<string, string>,
    });
    return new Response(answer === undefined ? '' : JSON.stringify(answer), { status: 200 });
  });
  const apiFetch = createApiFetch({ getToken: async () => 'tok.en.jwt', getOrigin: async () => ORIGIN, fetch });
  return { dp: createDataProvider({ apiFetch: apiFetch, httpClient: () => Promise.reject(new Error('no CRUD call in this test')) }), sent };
}

/** The data provider over a fake apiFetch answering `answer`, recording each call's path and options. */
function overFakeApiFetch(answer: unknown = {}) {
  const apiFetch = vi.fn(async (_path: string, _options?: ApiFetchOptions) => answer);
  return { dp: createDataProvider({ apiFetch: apiFetch as unknown as ApiFetch, httpClient: () => Promise.reject(new Error('no CRUD call in this test')) }), apiFetch }; // vi.fn cannot carry ApiFetch's generic signature
}

describe('§7 custom calls on the data provider: paths, methods and bodies on the wire', () => {
  it('§7 every call of the screens and widgets is a data provider method, each tested here', () => {
    const methods = Object.keys(createCustomMethods(() => Promise.reject(new Error('never called')))).sort();
    expect(CALLS.map(([call]) => call).sort()).toEqual(methods);
    const dp = overFakeApiFetch().dp;
    for (const name of methods) expect(typeof dp[name as keyof CustomMethods]).toBe('function');
  });

  it.each(CALLS)('§7 %s: %s %s with its JSON body and the session token', async (_call, run, method, path, body, answer) => {
    const { dp, sent } = overFakeFetch(answer);
    await run(dp);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: `${ORIGIN}/api${path}`, method, body });
    expect(sent[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-key': 'tok.en.jwt' });
  });

  it('§7 PUT /txs/pins and /txs/pins/sell send the pins themselves, the whole list', async () => {
    const { dp, apiFetch } = overFakeApiFetch();
    await dp.setPins(['PEPE', 'LINK']);
    await dp.setSellPins([]);
    expect(apiFetch.mock.calls).toEqual([
      ['/txs/pins', { method: 'PUT', body: ['PEPE', 'LINK'] }],
      ['/txs/pins/sell', { method: 'PUT', body: [] }],
    ]);
  });

  it('§9 the Solana import is the one call allowed 10 min instead of 10 s, and the operator can give it up', async () => {
    const { dp, apiFetch } = overFakeApiFetch({ imported: 1, tokens: 1, errors: [] });
    const controller = new AbortController();
    await dp.solanaImport('portal', 'csv text', controller.signal);
    expect(apiFetch.mock.calls).toEqual([
      ['/solana-bridge/portal/import', { method: 'POST', body: { csv: 'csv text' }, timeoutMs: SOLANA_IMPORT_TIMEOUT_MS, signal: controller.signal }],
    ]);
    expect(SOLANA_IMPORT_TIMEOUT_MS).toBe(10 * 60 * 1000);
  });

  it('§7 every other call keeps the 10 s default (no timeout of its own)', async () => {
    for (const [call, run, , , , answer] of CALLS) {
      if (call === 'solanaImport') continue;
      const { dp, apiFetch } = overFakeApiFetch(answer ?? {});
      await run(dp);
      expect(apiFetch.mock.calls[0]?.[1]?.timeoutMs, call).toBeUndefined();
    }
  });
});

describe('Stats (protocol): a backend without the stats extension', () => {
  /** The real apiFetch over a fetch that answers every call with `status`. */
  const answering = (status: number) =>
    createDataProvider({
      apiFetch: createApiFetch({ getToken: async () => 't.o.k', getOrigin: async () => ORIGIN, fetch: async () => new Response('{"error":"not found"}', { status }) }),
      httpClient: () => Promise.reject(new Error('no CRUD call in this test')),
    });

  it('Stats (protocol): a 404 is "not provided", an answer and not an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dp = answering(404);
    expect(await dp.getTradeStats({ from: 0, to: 10, bucket: 'hour' })).toEqual({ provided: false });
    expect(await dp.getStatsSeries({ kind: 'balance', network: 'Base', from: 0, to: 10 })).toEqual({ provided: false });
    errors.mockRestore();
  });

  it('Stats (protocol): any other failure is still an error (500, 401)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(answering(500).getTradeStats({ from: 0, to: 10, bucket: 'hour' })).rejects.toMatchObject({ status: 500 });
    await expect(answering(401).getStatsSeries({ kind: 'gas', network: 'Base', from: 0, to: 10 })).rejects.toMatchObject({ status: 401 });
    errors.mockRestore();
  });
});

describe('§7/§8 zod at the boundary: answers the screens read into are checked first', () => {
  const checkedCalls = CALLS.filter(([, , , , , answer]) => answer !== undefined);

  it('§7 the checked calls are the ones a screen reads into', () => {
    expect(checkedCalls.map(([call]) => call)).toEqual(['bridgeFees', 'solanaList', 'solanaGet', 'solanaFind', 'solanaImport', 'getConfig', 'getTx', 'getTrade', 'logsMore', 'getTradeStats', 'getStatsSeries', 'getTimeline']);
  });

  it.each(checkedCalls)('§7 %s: an answer of the contract\'s shape is given to the screen as it is', async (_call, run, _m, _p, _b, answer) => {
    expect(await run(overFakeFetch(answer).dp)).toEqual(answer);
  });

  it.each(checkedCalls)('§8 %s: an answer of the wrong shape is an UnexpectedAnswerError naming the call, logged, never a crash later', async (call, run) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error: unknown = await run(overFakeApiFetch({ ok: true }).dp).catch((e: unknown) => e);
    expect(error, call).toBeInstanceOf(UnexpectedAnswerError);
    const { message } = error as UnexpectedAnswerError;
    expect(errors).toHaveBeenCalledWith(message);
    expect(message).toMatch(/^the backend's answer to (GET|POST) \/.* could not be read: /);
    errors.mockRestore();
  });

  it('§7 GET /txs/sell/{id}: the trade itself or in a {data} envelope; fields beyond the contract are kept for the JSON view', async () => {
    expect(await overFakeApiFetch({ data: { ...trade, venue: 'x' } }).dp.getTrade('t1')).toEqual({ ...trade, venue: 'x' });
    expect(await overFakeApiFetch(trade).dp.getTrade('t1')).toEqual(trade);
  });

  it('§7 GET /txs/{id} and GET /solana-bridge/{x}/{token} also take the record out of a {data} envelope', async () => {
    expect(await overFakeApiFetch({ data: { ...tx, raw: { nonce: 7 } } }).dp.getTx('tx1')).toEqual({ ...tx, raw: { nonce: 7 } });
    expect(await overFakeApiFetch({ data: solanaEntry }).dp.solanaGet('portal', 'USDC')).toEqual(solanaEntry);
  });

  it('§8 the error names the call and the fields that are wrong', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dp } = overFakeApiFetch({ ok: true });
    await expect(dp.solanaImport('Portal', 'a,b')).rejects.toThrow(UnexpectedAnswerError);
    await expect(dp.getTrade('t1')).rejects.toThrow(/GET \/txs\/sell\/\{id\} could not be read: id: /);
    await expect(dp.logsMore({})).rejects.toThrow(/POST \/logs\/more/);
    await expect(dp.getConfig('worker')).rejects.toThrow(/GET \/configs\/\{name\}/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("the backend's answer to POST /solana-bridge/{x}/import could not be read"));
    errors.mockRestore();
  });
});
