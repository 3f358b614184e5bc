import { describe, expect, it, vi } from 'vitest';
import type { ApiFetch, ApiFetchOptions } from '../../src/dataProvider/apiFetch.ts';
import { createDataProvider } from '../../src/dataProvider/createDataProvider.ts';

type Dp = ReturnType<typeof createDataProvider>;

function setup(answer: (path: string, options?: ApiFetchOptions) => unknown = () => undefined) {
  const calls: { path: string; options?: ApiFetchOptions }[] = [];
  const apiFetch = vi.fn(async (path: string, options?: ApiFetchOptions) => {
    calls.push({ path, options });
    return answer(path, options);
  }) as unknown as ApiFetch; // vi.fn cannot carry ApiFetch's generic signature
  return { dp: createDataProvider(apiFetch), calls };
}

describe('data provider convention (resources.ts)', () => {
  it('getList: GET /{resource}?sort&order&page&perPage&filter -> {data, total}, ids from the name field', async () => {
    const { dp, calls } = setup(() => ({ data: [{ tokenName: 'WETH', decimals: 18 }], total: 1 }));
    const result = await dp.getList('tokens', {
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 2, perPage: 25 },
      filter: { network: 'Base' },
    });
    expect(result).toEqual({ data: [{ id: 'WETH', tokenName: 'WETH', decimals: 18 }], total: 1 });
    const url = new URL(calls[0]?.path ?? '', 'http://x');
    expect(url.pathname).toBe('/tokens');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: 'tokenName',
      order: 'ASC',
      page: '2',
      perPage: '25',
      filter: '{"network":"Base"}',
    });
  });

  it('getList: resources keyed by id keep it; an empty filter is omitted; the tx list is GET /txs/?{query} as SPEC §7 writes it', async () => {
    const { dp, calls } = setup(() => ({ data: [{ id: 7, status: 'pending' }], total: 40 }));
    const result = await dp.getList('txs', { sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(result.data[0]?.id).toBe(7);
    expect(calls[0]?.path).toBe('/txs/?sort=id&order=DESC&page=1&perPage=10');
  });

  it('getOne / update / create / delete use /{resource}/{id}, and writes never send the copied id', async () => {
    const { dp, calls } = setup((_p, o) => (o?.method === 'DELETE' ? undefined : { configName: 'main cfg', v: 1 }));
    expect((await dp.getOne('configs', { id: 'main cfg' })).data).toEqual({ id: 'main cfg', configName: 'main cfg', v: 1 });
    await dp.update('configs', { id: 'main cfg', data: { id: 'main cfg', configName: 'main cfg', v: 2 }, previousData: { id: 'main cfg', configName: 'main cfg', v: 1 } });
    await dp.create('configs', { data: { configName: 'main cfg', v: 1 } });
    const deleted = await dp.delete('configs', { id: 'main cfg', previousData: { id: 'main cfg', v: 2 } });
    expect(deleted.data).toEqual({ id: 'main cfg', v: 2 });
    expect(calls.map((c) => [c.options?.method ?? 'GET', c.path, c.options?.body])).toEqual([
      ['GET', '/configs/main%20cfg', undefined],
      ['PUT', '/configs/main%20cfg', { configName: 'main cfg', v: 2 }],
      ['POST', '/configs', { configName: 'main cfg', v: 1 }],
      ['DELETE', '/configs/main%20cfg', undefined],
    ]);
  });

  it('getManyReference merges the target into the filter', async () => {
    const { dp, calls } = setup(() => ({ data: [], total: 0 }));
    await dp.getManyReference('txs', { target: 'tradeId', id: 't1', sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 5 }, filter: { side: 'buy' } });
    expect(new URL(calls[0]?.path ?? '', 'http://x').searchParams.get('filter')).toBe('{"side":"buy","tradeId":"t1"}');
  });

  it('getMany / updateMany / deleteMany make one call per id', async () => {
    const { dp, calls } = setup((p) => ({ bridgeName: decodeURIComponent(p.split('/')[2] ?? ''), kind: 'CCIP' }));
    expect((await dp.getMany('bridges', { ids: ['a', 'b'] })).data.map((r) => r.id)).toEqual(['a', 'b']);
    expect((await dp.updateMany('bridges', { ids: ['a'], data: { kind: 'Omni' } })).data).toEqual(['a']);
    expect((await dp.deleteMany('bridges', { ids: ['a', 'b'] })).data).toEqual(['a', 'b']);
    expect(calls).toHaveLength(5);
  });

  it('a list answer without total is rejected rather than guessed', async () => {
    const { dp } = setup(() => ({ data: [] }));
    await expect(dp.getList('txs', {})).rejects.toThrow();
  });
});

describe('§7 custom calls', () => {
  it.each([
    ['startWorkers', (dp: Dp) => dp.startWorkers(), 'POST', '/workers/start', undefined],
    ['stopWorkers', (dp: Dp) => dp.stopWorkers(), 'POST', '/workers/stop', undefined],
    ['setSellOnly', (dp: Dp) => dp.setSellOnly(true), 'PUT', '/settings/misc', { updates: { sellOnly: true } }],
    ['sendCommand', (dp: Dp) => dp.sendCommand('worker', 'saveStats'), 'POST', '/command', { to: 'worker', cmd: 'saveStats' }],
    ['restartService', (dp: Dp) => dp.restartService('brain'), 'POST', '/services/brain/restart', undefined],
    ['restartServiceScaling worker', (dp: Dp) => dp.restartServiceScaling('worker'), 'POST', '/services/worker/restart/scaling', { deploymentName: 'worker', namespace: 'worker' }],
    ['restartServiceScaling transactions', (dp: Dp) => dp.restartServiceScaling('transactions'), 'POST', '/services/transactions/restart/scaling', { deploymentName: 'tx-core', namespace: 'core' }],
    ['restartPeer', (dp: Dp) => dp.restartPeer('peer 1'), 'POST', '/txs/peers/peer%201/restart', undefined],
  ])('§7 %s', async (_name, call, method, path, body) => {
    const { dp, calls } = setup();
    await call(dp);
    expect(calls[0]).toMatchObject({ path, options: { method } });
    expect(calls[0]?.options?.body).toEqual(body);
  });

  it('§7 quote goes through the proxy to the worker, operation quoteUi', async () => {
    const { dp, calls } = setup(() => ({ time: 12, routes: [] }));
    await dp.quote({ network: 'Base', tokenInAddress: '0xa', tokenOutAddress: '0xb', amountIn: '1000' });
    expect(calls[0]?.path).toBe('/proxy/worker/quoteUi?network=Base&tokenInAddress=0xa&tokenOutAddress=0xb&amountIn=1000');
  });
});
