/**
 * The CRUD half of the data provider (src/dataProvider/resourceProvider.ts) over the real /api
 * client with a fake fetch: REST routes speak ra-data-simple-rest on the wire, live routes are read
 * from a source, records keyed by a name get `id`, and custom writes replace REST where declared.
 */
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type RaRecord } from 'react-admin';
import { createResourceProvider, type LiveSource, type ResourceRoute } from '../../src/dataProvider/resourceProvider.ts';
import { fakeApi, json, writes } from '../support/fakeFetch.ts';

const TXS: ResourceRoute = { name: 'txs', idField: 'tradeId', api: { record: 'txs', list: 'txs/' } };
const CONFIGS: ResourceRoute = { name: 'settings/configs', idField: 'configName', api: { record: 'configs' } };

const listParams = { pagination: { page: 2, perPage: 10 }, sort: { field: 'time', order: 'DESC' as const }, filter: { tokenName: 'AAA' } };

describe('REST routes: ra-data-simple-rest over the /api client', () => {
  it('getList sends sort, range and filter to the list path with a Range header, and reads Content-Range', async () => {
    const api = fakeApi((r) => (r.path === '/txs/' ? json([{ tradeId: 't1', time: 5 }], { headers: { 'content-range': 'txs 10-10/31' } }) : undefined));
    const provider = createResourceProvider(api.httpClient, [TXS]);
    const answer = await provider.getList('txs', listParams);
    const [request] = api.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/txs/');
    expect(JSON.parse(request?.query.get('sort') ?? '')).toEqual(['time', 'DESC']);
    expect(JSON.parse(request?.query.get('range') ?? '')).toEqual([10, 19]);
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ tokenName: 'AAA' });
    expect(request?.headers.get('range')).toMatch(/=10-19$/);
    expect(request?.headers.get('x-api-key')).toBe('tok.en.jwt');
    expect(answer).toEqual({ data: [{ tradeId: 't1', time: 5, id: 't1' }], total: 31 });
  });

  it('getOne goes to the record path, not the list path', async () => {
    const api = fakeApi((r) => (r.path === '/txs/t1' ? json({ tradeId: 't1' }) : undefined));
    const provider = createResourceProvider(api.httpClient, [TXS]);
    expect((await provider.getOne('txs', { id: 't1' })).data).toEqual({ tradeId: 't1', id: 't1' });
    expect(api.requests.map((r) => r.path)).toEqual(['/txs/t1']);
  });

  it('a list answered as { data, total } without Content-Range is read the same way', async () => {
    const api = fakeApi(() => json({ data: [{ configName: 'a' }, { configName: 'b' }], total: 7 }));
    const provider = createResourceProvider(api.httpClient, [CONFIGS]);
    const answer = await provider.getList('settings/configs', listParams);
    expect(answer).toEqual({ data: [{ configName: 'a', id: 'a' }, { configName: 'b', id: 'b' }], total: 7 });
    expect(api.requests[0]?.path).toBe('/configs');
  });

  it('a sort by react-admin\'s `id` is sent as a sort by the id field', async () => {
    const api = fakeApi(() => json([], { headers: { 'content-range': 'configs */0' } }));
    const provider = createResourceProvider(api.httpClient, [CONFIGS]);
    await provider.getList('settings/configs', { ...listParams, sort: { field: 'id', order: 'ASC' } });
    expect(JSON.parse(api.requests[0]?.query.get('sort') ?? '')).toEqual(['configName', 'ASC']);
  });

  it('writes drop the copied id: PUT and POST carry the record as the server knows it, DELETE names it in the path', async () => {
    const api = fakeApi((r) => (r.method === 'DELETE' ? json({}) : json(r.body)));
    const provider = createResourceProvider(api.httpClient, [CONFIGS]);
    const updated = await provider.update('settings/configs', { id: 'c1', data: { id: 'c1', configName: 'c1', value: 2, version: 4 }, previousData: { id: 'c1' } as RaRecord });
    const created = await provider.create('settings/configs', { data: { id: 'c2', configName: 'c2', value: 1 } });
    await provider.delete('settings/configs', { id: 'c 3' });
    expect(writes(api.requests)).toEqual([
      { method: 'PUT', path: '/configs/c1', body: { configName: 'c1', value: 2, version: 4 } },
      { method: 'POST', path: '/configs', body: { configName: 'c2', value: 1 } },
      { method: 'DELETE', path: '/configs/c%203', body: undefined },
    ]);
    expect(updated.data.id).toBe('c1');
    expect(created.data).toEqual({ configName: 'c2', value: 1, id: 'c2' });
  });

  it('a route whose id field is `id` keeps it in the body', async () => {
    const api = fakeApi((r) => json(r.body));
    const provider = createResourceProvider(api.httpClient, []);
    await provider.create('widgets', { data: { id: 7, name: 'w' } });
    expect(writes(api.requests)).toEqual([{ method: 'POST', path: '/widgets', body: { id: 7, name: 'w' } }]);
  });

  it('the server\'s error reaches the caller with its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi(() => json({ error: 'configName is taken' }, { status: 400 }));
    const provider = createResourceProvider(api.httpClient, [CONFIGS]);
    await expect(provider.create('settings/configs', { data: { configName: 'c' } })).rejects.toMatchObject({ status: 400, message: 'configName is taken' });
  });
});

const ROWS = [
  { tokenName: 'USDC', chain: 'Base', decimals: 6 },
  { tokenName: 'pepe', chain: 'Ethereum', decimals: 18 },
  { tokenName: 'BONK', chain: 'Solana', decimals: 5 },
  { tokenName: 'WETH', chain: 'Ethereum', decimals: 18 },
];

function liveRoute(over: Partial<LiveSource> = {}, records: readonly Record<string, unknown>[] = ROWS): ResourceRoute & { live: LiveSource } {
  return { name: 'settings/tokens', idField: 'tokenName', api: { record: 'tokens' }, live: { records: () => records, ready: async () => undefined, ...over } };
}

const all = { pagination: { page: 1, perPage: 25 }, sort: { field: 'tokenName', order: 'ASC' as const }, filter: {} };
const names = (data: readonly { id: unknown }[]) => data.map((r) => r.id);

describe('live routes: records from the live store, filtered, sorted and paged here', () => {
  it('sends no request; text filters are contained in any case, others are equal', async () => {
    const api = fakeApi();
    const provider = createResourceProvider(api.httpClient, [liveRoute()]);
    expect(names((await provider.getList('settings/tokens', { ...all, filter: { tokenName: 'E' } })).data)).toEqual(['pepe', 'WETH']);
    expect(names((await provider.getList('settings/tokens', { ...all, filter: { decimals: 18 } })).data)).toEqual(['pepe', 'WETH']);
    expect(names((await provider.getList('settings/tokens', { ...all, filter: { chain: ['Base', 'Solana'], q: '' } })).data)).toEqual(['BONK', 'USDC']);
    expect(api.requests).toEqual([]);
  });

  it('a definition\'s matches replaces the default filter', async () => {
    const matches = vi.fn((record: Record<string, unknown>, filter: Record<string, unknown>) => record.chain === filter.q);
    const provider = createResourceProvider(fakeApi().httpClient, [liveRoute({ matches })]);
    const { data } = await provider.getList('settings/tokens', { ...all, filter: { q: 'Ethereum' } });
    expect(names(data)).toEqual(['pepe', 'WETH']);
    expect(matches).toHaveBeenCalledWith(expect.objectContaining({ tokenName: 'USDC', id: 'USDC' }), { q: 'Ethereum' });
  });

  it('sorts by the field (numbers as numbers, text without case), by `id` as the id field, and by sortValue', async () => {
    const provider = createResourceProvider(fakeApi().httpClient, [liveRoute()]);
    expect(names((await provider.getList('settings/tokens', all)).data)).toEqual(['BONK', 'pepe', 'USDC', 'WETH']);
    expect(names((await provider.getList('settings/tokens', { ...all, sort: { field: 'id', order: 'DESC' } })).data)).toEqual(['WETH', 'USDC', 'pepe', 'BONK']);
    expect(names((await provider.getList('settings/tokens', { ...all, sort: { field: 'decimals', order: 'ASC' } })).data)).toEqual(['BONK', 'USDC', 'pepe', 'WETH']);
    const byLength = createResourceProvider(fakeApi().httpClient, [liveRoute({ sortValue: (r, field) => (field === 'chainLength' ? String(r.chain).length : r[field]) })]);
    expect(names((await byLength.getList('settings/tokens', { ...all, sort: { field: 'chainLength', order: 'DESC' } })).data)).toEqual(['pepe', 'WETH', 'BONK', 'USDC']);
  });

  it('pages after filtering, with the total of all matching records', async () => {
    const provider = createResourceProvider(fakeApi().httpClient, [liveRoute()]);
    const page2 = await provider.getList('settings/tokens', { ...all, pagination: { page: 2, perPage: 3 } });
    expect(page2).toEqual({ data: [{ tokenName: 'WETH', chain: 'Ethereum', decimals: 18, id: 'WETH' }], total: 4 });
  });

  it('waits for the live data before answering (a deep link opened before init)', async () => {
    let arrive = () => undefined as void;
    const ready = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    let records: readonly Record<string, unknown>[] = [];
    const provider = createResourceProvider(fakeApi().httpClient, [{ ...liveRoute({ ready: () => ready }), live: { records: () => records, ready: () => ready } }]);
    const answer = provider.getOne('settings/tokens', { id: 'WETH' });
    let settled = false;
    void answer.then(() => (settled = true), () => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    records = ROWS;
    arrive();
    expect((await answer).data).toMatchObject({ id: 'WETH', tokenName: 'WETH' });
  });

  it('an unknown id is a 404 HttpError naming the record', async () => {
    const provider = createResourceProvider(fakeApi().httpClient, [liveRoute()]);
    const error = await provider.getOne('settings/tokens', { id: 'NOPE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'tokens NOPE does not exist' });
  });

  it('getMany and getManyReference read the same records', async () => {
    const provider = createResourceProvider(fakeApi().httpClient, [liveRoute()]);
    expect(names((await provider.getMany('settings/tokens', { ids: ['WETH', 'BONK'] })).data)).toEqual(['WETH', 'BONK']);
    const ref = await provider.getManyReference('settings/tokens', { ...all, target: 'chain', id: 'Solana' });
    expect(names(ref.data)).toEqual(['BONK']);
  });

  it('writes of a live route without custom writes go over REST at its record path', async () => {
    const api = fakeApi((r) => json({ ...(r.body as object), version: 2 }));
    const provider = createResourceProvider(api.httpClient, [liveRoute()]);
    await provider.update('settings/tokens', { id: 'WETH', data: { id: 'WETH', tokenName: 'WETH', version: 1 }, previousData: { id: 'WETH' } as RaRecord });
    expect(writes(api.requests)).toEqual([{ method: 'PUT', path: '/tokens/WETH', body: { tokenName: 'WETH', version: 1 } }]);
  });
});

describe('custom writes', () => {
  it('are used instead of REST when present, with the body without the copied id', async () => {
    const api = fakeApi();
    const create = vi.fn(async (data: Record<string, unknown>) => ({ ...data }));
    const update = vi.fn(async (_id: unknown, data: Record<string, unknown>) => ({ ...data }));
    const remove = vi.fn(async () => undefined);
    const provider = createResourceProvider(api.httpClient, [{ ...liveRoute(), writes: { create, update, delete: remove } }]);
    expect((await provider.create('settings/tokens', { data: { tokenName: 'NEW' } })).data).toEqual({ tokenName: 'NEW', id: 'NEW' });
    await provider.update('settings/tokens', { id: 'USDC', data: { id: 'USDC', tokenName: 'USDC', decimals: 7 }, previousData: { id: 'USDC' } as RaRecord });
    await provider.delete('settings/tokens', { id: 'USDC' });
    expect(create).toHaveBeenCalledWith({ tokenName: 'NEW' });
    expect(update).toHaveBeenCalledWith('USDC', { tokenName: 'USDC', decimals: 7 });
    expect(remove).toHaveBeenCalledWith('USDC');
    expect(api.requests).toEqual([]);
  });

  it('deleteMany deletes one at a time, each after the previous one finished', async () => {
    const log: string[] = [];
    const remove = vi.fn(async (id: unknown) => {
      log.push(`start ${String(id)}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${String(id)}`);
    });
    const provider = createResourceProvider(fakeApi().httpClient, [{ ...liveRoute(), writes: { delete: remove } }]);
    expect(await provider.deleteMany('settings/tokens', { ids: ['A', 'B', 'C'] })).toEqual({ data: ['A', 'B', 'C'] });
    expect(log).toEqual(['start A', 'end A', 'start B', 'end B', 'start C', 'end C']);
  });

  it('deleteMany over REST stops at the first refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi((r) => (r.path === '/configs/b' ? json({ error: 'in use' }, { status: 409 }) : json({})));
    const provider = createResourceProvider(api.httpClient, [CONFIGS]);
    await expect(provider.deleteMany('settings/configs', { ids: ['a', 'b', 'c'] })).rejects.toMatchObject({ status: 409 });
    expect(writes(api.requests).map((r) => r.path)).toEqual(['/configs/a', '/configs/b']);
  });
});
