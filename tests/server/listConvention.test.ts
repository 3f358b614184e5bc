/**
 * §7 list routes in both query conventions (server/src/lib/listConvention.ts): the console's own
 * (sort, order, page, perPage, filter; answered {data, total}) and react-admin's simple REST dialect
 * as ra-data-simple-rest 5 sends it (sort=["field","ASC"], range=[start,end], filter, and a Range
 * header; answered with the array and Content-Range). GET /configs and GET /txs/.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigListResponse, LIST_MAX_PER_PAGE, TxListResponse } from '../../src/contract/index.ts';
import { contentRange, splitListAnswer, toConsoleQuery } from '../../server/src/lib/listConvention.ts';
import { DEMO_TXS_IN_TESTS, makeApp, tempDir, type TestApp } from './helpers.ts';

const TxArray = TxListResponse.shape.data;
const ConfigArray = ConfigListResponse.shape.data;

type Query = Record<string, string | number | object>;
const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)])).toString();

/** The request ra-data-simple-rest's getList makes: the query and the Range header. */
function simpleRest(t: TestApp, path: string, { sort, range, filter = {} }: { sort?: [string, string]; range: [number, number]; filter?: object }) {
  const unit = path.split('/').filter(Boolean).at(-1) ?? '';
  return t.app.inject({
    method: 'GET',
    url: `${path}?${queryString({ ...(sort ? { sort } : {}), range, filter })}`,
    headers: { 'x-api-key': t.adminToken, range: `${unit}=${range[0]}-${range[1]}` },
  });
}

function get(t: TestApp, path: string, query: Query, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `${path}?${queryString(query)}`, headers: { 'x-api-key': t.adminToken, ...headers } });
}

/** The 400 details of a response as {field: message}. */
function refusal(response: LightMyRequestResponse): Record<string, string> {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-range']).toBeUndefined();
  const body = response.json<{ error: string; details: { in: string; field: string; message: string }[] }>();
  expect(body.error).toBe('invalid request');
  for (const detail of body.details) expect(detail.in).toBe('query');
  return Object.fromEntries(body.details.map((detail) => [detail.field, detail.message]));
}

describe('§7 the list query conventions, as functions', () => {
  it('§7 toConsoleQuery: the console form is left as it is; sort array -> sort + order; range [start, end] -> page and perPage', () => {
    const today = { sort: 'amountIn', order: 'ASC', page: '2', perPage: '25', filter: '{}' };
    expect(toConsoleQuery(today).query).toBe(today);
    expect(toConsoleQuery({ sort: '["amountIn","ASC"]', range: '[50,74]', filter: '{}' })).toEqual({
      query: { sort: 'amountIn', order: 'ASC', page: '3', perPage: '25', filter: '{}' },
      range: { start: 50, length: 25 },
    });
    expect(toConsoleQuery({ range: '[0,0]' })).toEqual({ query: { page: '1', perPage: '1' }, range: { start: 0, length: 1 } });
    expect(toConsoleQuery({ sort: '["id","desc"]', status: 'failed' })).toEqual({ query: { sort: 'id', order: 'desc', status: 'failed' } });
    // docs/protocol.md Lists: `id` sorts by the list's id field.
    expect(toConsoleQuery({ sort: '["id","ASC"]', range: '[0,9]' }, 'configName').query).toMatchObject({ sort: 'configName', order: 'ASC' });
  });

  it('§7 splitListAnswer: the array is cut out of the text (a view of the same bytes), the total read from its end, 500.0 included', () => {
    const bytes = Buffer.from('{"data":[{"a":"],\\"total\\":9}"},{"b":[1]}],"total":500.0}');
    const { records, total } = splitListAnswer(bytes);
    expect(total).toBe(500);
    expect(JSON.parse(Buffer.from(records).toString())).toEqual([{ a: '],"total":9}' }, { b: [1] }]);
    expect(records.buffer).toBe(bytes.buffer);
    expect(splitListAnswer('{"data":[],"total":0}')).toEqual({ records: '[]', total: 0 });
    for (const other of ['[]', '{"total":3,"data":[]}', '{"data":[],"total":-1}', '{"data":[],"total":1.5}', '{"data":{},"total":1}', '']) {
      expect(() => splitListAnswer(other), other).toThrow('not {"data":[…],"total":n}');
    }
  });

  it('§7 contentRange: first-last/total of the records actually sent; */total for an empty page', () => {
    expect(contentRange('txs', { start: 0, length: 25 }, 500)).toBe('txs 0-24/500');
    expect(contentRange('txs', { start: 475, length: 25 }, 490)).toBe('txs 475-489/490');
    expect(contentRange('configs', { start: 25, length: 25 }, 4)).toBe('configs */4');
    expect(contentRange('configs', { start: 0, length: 25 }, 0)).toBe('configs */0');
  });
});

describe('§7 GET /api/txs/ and /api/configs in both conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.app.close());

  it('§7 GET /txs/ answers the simple-rest range form with Content-Range: the same records and total as the page form', async () => {
    for (const [start, end, expected] of [
      [0, 24, 'txs 0-24/500'],
      [25, 49, 'txs 25-49/500'],
      [400, 499, 'txs 400-499/500'],
      [480, 503, 'txs 480-499/500'],
      [500, 524, 'txs */500'],
    ] as const) {
      const perPage = end - start + 1;
      const ranged = await simpleRest(t, '/api/txs/', { sort: ['createdAt', 'DESC'], range: [start, end] });
      expect(ranged.statusCode).toBe(200);
      expect(ranged.headers['content-range']).toBe(expected);
      expect(ranged.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(ranged.headers['content-length'])).toBe(ranged.rawPayload.byteLength);
      const paged = TxListResponse.parse((await get(t, '/api/txs/', { sort: 'createdAt', order: 'DESC', page: start / perPage + 1, perPage })).json());
      expect(paged.total).toBe(DEMO_TXS_IN_TESTS);
      expect(TxArray.parse(ranged.json())).toEqual(paged.data);
    }
  });

  it('§7 GET /txs/ in the range form at either spelling of the path (/api/txs/ as docs/product.md writes it, /api/txs as simple-rest does)', async () => {
    const slash = await simpleRest(t, '/api/txs/', { sort: ['id', 'ASC'], range: [10, 14] });
    const bare = await simpleRest(t, '/api/txs', { sort: ['id', 'ASC'], range: [10, 14] });
    expect(bare.headers['content-range']).toBe('txs 10-14/500');
    expect(slash.headers['content-range']).toBe('txs 10-14/500');
    expect(bare.json()).toEqual(slash.json());
  });

  it('§7 GET /configs answers the simple-rest range form with Content-Range: the same records and total as the page form', async () => {
    for (const [start, end, expected] of [
      [0, 1, 'configs 0-1/4'],
      [2, 3, 'configs 2-3/4'],
      [0, 24, 'configs 0-3/4'],
      [4, 5, 'configs */4'],
    ] as const) {
      const perPage = end - start + 1;
      const ranged = await simpleRest(t, '/api/configs', { sort: ['configName', 'ASC'], range: [start, end] });
      expect(ranged.statusCode).toBe(200);
      expect(ranged.headers['content-range']).toBe(expected);
      expect(Number(ranged.headers['content-length'])).toBe(ranged.rawPayload.byteLength);
      const paged = ConfigListResponse.parse((await get(t, '/api/configs', { sort: 'configName', order: 'ASC', page: start / perPage + 1, perPage })).json());
      expect(paged.total).toBe(4);
      expect(ConfigArray.parse(ranged.json())).toEqual(paged.data);
    }
  });

  it('§7 the console form is answered as before: {data, total}, no Content-Range, whatever Range header comes with it', async () => {
    const txs = await get(t, '/api/txs/', { page: 1, perPage: 5 }, { range: 'txs=0-4' });
    expect(txs.headers['content-range']).toBeUndefined();
    expect(TxListResponse.parse(txs.json()).total).toBe(DEMO_TXS_IN_TESTS);
    const configs = await get(t, '/api/configs', {});
    expect(configs.headers['content-range']).toBeUndefined();
    expect(ConfigListResponse.parse(configs.json()).total).toBe(4);
  });

  it('§7 sort given as a JSON array [field, order] sorts as sort + order do, either case of the order; without range the answer stays {data, total}', async () => {
    for (const [field, order] of [['amountIn', 'ASC'], ['tokenName', 'desc'], ['status', 'DESC']] as const) {
      const ranged = await simpleRest(t, '/api/txs/', { sort: [field, order], range: [0, 99] });
      const paged = TxListResponse.parse((await get(t, '/api/txs/', { sort: field, order, perPage: 100 })).json());
      expect(TxArray.parse(ranged.json())).toEqual(paged.data);
      const arrayOnly = await get(t, '/api/txs/', { sort: [field, order] });
      expect(arrayOnly.headers['content-range']).toBeUndefined();
      expect(TxListResponse.parse(arrayOnly.json())).toEqual({ data: paged.data.slice(0, 25), total: paged.total });
    }
    const configs = await simpleRest(t, '/api/configs', { sort: ['configName', 'DESC'], range: [0, 24] });
    expect(ConfigArray.parse(configs.json()).map((c) => c.configName)).toEqual(['worker', 'swapProtocols', 'networkSettings', 'cex']);
  });

  it('§7 filter in the range form: the matching records, Content-Range with their total; a filter field as its own parameter too', async () => {
    const failed = TxListResponse.parse((await get(t, '/api/txs/', { filter: { status: 'failed' }, perPage: 500 })).json());
    expect(failed.total).toBeGreaterThan(3);
    const ranged = await simpleRest(t, '/api/txs/', { sort: ['createdAt', 'DESC'], range: [0, 1], filter: { status: 'failed' } });
    expect(ranged.headers['content-range']).toBe(`txs 0-1/${failed.total}`);
    expect(TxArray.parse(ranged.json())).toEqual(failed.data.slice(0, 2));
    const asParam = await get(t, '/api/txs/', { range: [2, 3], status: 'failed' });
    expect(asParam.headers['content-range']).toBe(`txs 2-3/${failed.total}`);
    expect(TxArray.parse(asParam.json())).toEqual(failed.data.slice(2, 4));
    const configs = await simpleRest(t, '/api/configs', { sort: ['configName', 'ASC'], range: [0, 24], filter: { q: 'SWAP' } });
    expect(configs.headers['content-range']).toBe('configs 0-0/1');
    expect(ConfigArray.parse(configs.json()).map((c) => c.configName)).toEqual(['swapProtocols']);
    const none = await simpleRest(t, '/api/configs', { range: [0, 24], filter: { q: 'nothing-like-this' } });
    expect(none.headers['content-range']).toBe('configs */0');
    expect(none.json()).toEqual([]);
  });

  it('§7 400 for a range whose start is not a multiple of its length, a reversed or negative one, a malformed one, or one longer than the page maximum', async () => {
    const range = (text: string) => t.app.inject({ method: 'GET', url: `/api/txs/?range=${encodeURIComponent(text)}`, headers: { 'x-api-key': t.adminToken } });
    expect(refusal(await range('[1,2]'))).toEqual({ range: 'range must be [start, end] with start a multiple of its length' });
    expect(refusal(await range('[30,54]'))).toEqual({ range: 'range must be [start, end] with start a multiple of its length' });
    expect(refusal(await range('[5,2]'))).toEqual({ range: 'range must be [start, end] with 0 ≤ start ≤ end' });
    expect(refusal(await range('[-25,-1]'))).toEqual({ range: 'range must be [start, end] with 0 ≤ start ≤ end' });
    for (const malformed of ['[0', '[0]', '[0,1,2]', '[0,"24"]', '[0,2.5]', '{"start":0}', '0-24', '', '[0,1e300]']) {
      expect(refusal(await range(malformed)), malformed).toEqual({ range: 'range must be a JSON array [start, end] of two whole numbers, e.g. [0,24]' });
    }
    expect(refusal(await range(`[0,${LIST_MAX_PER_PAGE}]`))).toEqual({ range: `range must cover at most ${LIST_MAX_PER_PAGE} records` });
    expect((await range(`[0,${LIST_MAX_PER_PAGE - 1}]`)).headers['content-range']).toBe('txs 0-499/500');
    const twice = await t.app.inject({ method: 'GET', url: '/api/configs?range=[0,1]&range=[2,3]', headers: { 'x-api-key': t.adminToken } });
    expect(refusal(twice)).toEqual({ range: 'range must be given once' });
  });

  it('§7 400 for a sort array that is not [field, order], or names a field or order the list does not have', async () => {
    for (const malformed of ['["amountIn"]', '["amountIn","ASC","x"]', '[1,2]', '["amountIn","ASC"']) {
      const response = await get(t, '/api/txs/', { range: [0, 24], sort: malformed });
      expect(refusal(response), malformed).toEqual({ sort: 'sort must be a JSON array [field, order], e.g. ["createdAt","DESC"]' });
    }
    const unknown = refusal(await get(t, '/api/txs/', { range: [0, 24], sort: ['hash', 'UP'] }));
    expect(Object.keys(unknown).sort()).toEqual(['order', 'sort']);
    // `id` is the alias of a list's id field (docs/protocol.md Lists); a field the list lacks is
    // refused.
    expect(Object.keys(refusal(await simpleRest(t, '/api/configs', { sort: ['hash', 'ASC'], range: [0, 9] })))).toEqual(['sort']);
  });

  it('§7 400 for the two forms mixed, naming each parameter of the console form sent with range or a sort array', async () => {
    const mixed = 'is not used with range or sort=[field, order]: send one form or the other';
    expect(refusal(await get(t, '/api/txs/', { range: [0, 24], page: 2 }))).toEqual({ page: `page ${mixed}` });
    expect(refusal(await get(t, '/api/configs', { range: [0, 24], perPage: 25, order: 'ASC' }))).toEqual({ perPage: `perPage ${mixed}`, order: `order ${mixed}` });
    expect(refusal(await get(t, '/api/txs/', { sort: ['amountIn', 'ASC'], order: 'DESC' }))).toEqual({ order: `order ${mixed}` });
    expect(refusal(await get(t, '/api/txs/', { sort: ['amountIn', 'ASC'], page: 1, perPage: 10 }))).toEqual({ page: `page ${mixed}`, perPage: `perPage ${mixed}` });
    expect(refusal(await get(t, '/api/txs/', { range: [0, 24], sort: 'amountIn' }))).toEqual({
      sort: 'with range, sort must be a JSON array [field, order], e.g. ["createdAt","DESC"]',
    });
  });
});

describe('§7 the range form across origins and reader threads', () => {
  let t: TestApp;
  afterEach(() => t.app.close());
  const HOST = '127.0.0.1:8080';
  const ORIGIN = 'https://ops.example.com';

  it('§7 SECURITY an allowed origin may read Content-Range (Access-Control-Expose-Headers) and send Range (preflight)', async () => {
    t = await makeApp({ allowedOrigins: [ORIGIN] });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/configs',
      headers: { host: HOST, origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range,x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['range', 'x-api-key']));
    const listed = await get(t, '/api/configs', { sort: ['configName', 'ASC'], range: [0, 24] }, { host: HOST, origin: ORIGIN, range: 'configs=0-24' });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(listed.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/)).toContain('content-range');
    expect(listed.headers['content-range']).toBe('configs 0-3/4');
    // The console's own page reads its own headers: nothing to expose there.
    const own = await get(t, '/api/configs', { range: [0, 24] }, { host: HOST, origin: `http://${HOST}` });
    expect(own.headers['content-range']).toBe('configs 0-3/4');
    expect(own.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('§7 GET /txs/ in the range form through the reader threads (TX_READERS): the bytes the readers wrote, cut, the same records as the store lists', async () => {
    t = await makeApp({ dataDir: tempDir('console-range-readers-'), txReaders: 2 });
    const failures: unknown[] = [];
    t.app.log.error = (...args: unknown[]) => void failures.push(args);
    const pages = await Promise.all(
      [0, 1, 2, 3].map((n) => simpleRest(t, '/api/txs/', { sort: ['amountIn', 'DESC'], range: [n * 50, n * 50 + 49], filter: { side: 'buy' } })),
    );
    const expected = await t.app.store.txs.list({ filter: { side: 'buy' }, sort: 'amountIn', order: 'DESC', offset: 0, limit: 200 });
    expect(pages.flatMap((page) => TxArray.parse(page.json()))).toEqual(expected.data);
    expect(pages[0]?.headers['content-range']).toBe(`txs 0-49/${expected.total}`);
    expect(failures).toEqual([]);
  });
});
