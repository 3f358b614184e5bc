/**
 * A stock react-admin client (docs/protocol.md Lists). The reference server is called by the
 * unmodified `ra-data-simple-rest` data provider (no id mapping of the console's own): lists sort by
 * react-admin's default field `id` (the alias of the list's id field) and every record carries `id`,
 * for getList, getOne, create, update and delete of tokens and configs (§7).
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: DataProvider;
let operator: DataProvider;

/** The stock provider with the session token in the header the server reads. */
function stockClient(apiUrl: string, token: string): DataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers);
    headers.set('x-api-key', token);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(apiUrl, httpClient);
}

beforeAll(async () => {
  t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  const api = `http://127.0.0.1:${address.port}/api`;
  admin = stockClient(api, t.adminToken);
  operator = stockClient(api, t.operatorToken);
});

afterAll(async () => {
  await t.app.close();
});

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('Lists (protocol): the stock ra-data-simple-rest client against the reference server', () => {
  it('configs: getList sorted by id ASC (configName), getOne and update carry id', async () => {
    const list = await admin.getList('configs', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(list.total).toBeGreaterThan(1);
    const ids = list.data.map((record) => record.id as string);
    expect(ids).toEqual(list.data.map((record) => record.configName as string));
    expect(ids).toEqual([...ids].sort(byName));

    const descending = await admin.getList('configs', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(descending.data.map((record) => record.id)).toEqual([...ids].reverse());

    const { data: worker } = await admin.getOne('configs', { id: 'worker' });
    expect(worker.id).toBe('worker');
    expect(worker.configName).toBe('worker');

    // react-admin sends the record back whole, id and updatedAt included.
    const data = { ...(worker.data as Record<string, unknown>) };
    const { data: updated } = await admin.update('configs', { id: 'worker', data: { ...worker, data }, previousData: worker });
    expect(updated.id).toBe('worker');
    expect(updated.version).toBe((worker.version as number) + 1);
    const stored = await t.app.store.configs.get('worker');
    expect(stored?.data).toEqual(data);
    expect(stored?.data).not.toHaveProperty('id');
  });

  it('tokens: create, getList sorted by id, getOne, update and delete, each record with its id', async () => {
    const seeded = await admin.getList('tokens', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const seededIds = seeded.data.map((record) => record.id as string);
    expect(seededIds).toEqual(seeded.data.map((record) => record.tokenName as string));
    expect(seededIds).toEqual([...seededIds].sort(byName));
    const template = seeded.data[0];
    if (!template) throw new Error('the seed has no token');

    const { data: created } = await admin.create('tokens', {
      data: { tokenName: 'AAAZZ', networkData: template.networkData as unknown },
    });
    expect(created.id).toBe('AAAZZ');
    expect(created.version).toBe(1);

    const after = await admin.getList('tokens', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(after.total).toBe((seeded.total ?? Number.NaN) + 1);
    expect(after.data.map((record) => record.id)).toEqual(['AAAZZ', ...seededIds].sort(byName));

    const { data: one } = await admin.getOne('tokens', { id: 'AAAZZ' });
    expect(one).toMatchObject({ id: 'AAAZZ', tokenName: 'AAAZZ', version: 1 });

    const { data: updated } = await admin.update('tokens', { id: 'AAAZZ', data: { ...one, note: 'edited' }, previousData: one });
    expect(updated).toMatchObject({ id: 'AAAZZ', version: 2, note: 'edited' });
    // The id react-admin sent back is not stored as a field of the token.
    expect(await t.app.store.tokens.get('AAAZZ')).not.toHaveProperty('id');

    await admin.delete('tokens', { id: 'AAAZZ', previousData: updated });
    await expect(admin.getOne('tokens', { id: 'AAAZZ' })).rejects.toMatchObject({ status: 404 });
  });

  it('an Operator with the stock client is refused tokens and configs (403), as in the console', async () => {
    await expect(operator.getList('tokens', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({
      status: 403,
    });
    await expect(operator.getOne('configs', { id: 'worker' })).rejects.toMatchObject({ status: 403 });
  });
});
