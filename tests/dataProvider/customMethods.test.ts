import { describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../src/dataProvider/index.ts';
import { UnexpectedAnswerError, createResourceApi } from '../../src/resources/shared/api.ts';

describe('SPEC §7 calls of the resource screens: paths and bodies', () => {
  it('PUT /txs/pins and /txs/pins/sell send the pins themselves, the whole list', async () => {
    const fetchApi = vi.fn(async () => ({}));
    const api = createResourceApi(fetchApi as unknown as ApiFetch);
    await api.setPins(['PEPE', 'LINK']);
    await api.setSellPins([]);
    expect(fetchApi.mock.calls).toEqual([
      ['/txs/pins', { method: 'PUT', body: ['PEPE', 'LINK'] }],
      ['/txs/pins/sell', { method: 'PUT', body: [] }],
    ]);
  });

  it('token and bridge writes go to /tokens/{tokenName} and /bridges/{bridgeName}, names encoded', async () => {
    const fetchApi = vi.fn(async () => ({}));
    const api = createResourceApi(fetchApi as unknown as ApiFetch);
    await api.updateToken('A/B', { tokenName: 'A/B', networkData: {}, version: 3 });
    await api.deleteBridge('x y');
    expect(fetchApi.mock.calls).toEqual([
      ['/tokens/A%2FB', { method: 'PUT', body: { tokenName: 'A/B', networkData: {}, version: 3 } }],
      ['/bridges/x%20y', { method: 'DELETE' }],
    ]);
  });
});

describe('zod at the boundary: answers the screens read into are checked first', () => {
  const trade = {
    id: 't1', tradeId: 't1', tokenName: 'PEPE', networkBuy: 'Base', networkSell: 'Base', bridge: { name: 'none' },
    txTypes: ['Sell'], status: 'pending', expectedProfit: 0, txs: [], createdAt: 1, updatedAt: 2,
  };

  it('GET /txs/sell/{id}: the trade itself or in a {data} envelope; fields beyond the contract are kept for the JSON view', async () => {
    const api = createResourceApi((async () => ({ data: { ...trade, venue: 'x' } })) as unknown as ApiFetch);
    expect(await api.getTrade('t1')).toEqual({ ...trade, venue: 'x' });
    const bare = createResourceApi((async () => trade) as unknown as ApiFetch);
    expect(await bare.getTrade('t1')).toEqual(trade);
  });

  it('an answer of the wrong shape is an UnexpectedAnswerError naming the call and the fields, logged, never a crash later', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createResourceApi((async () => ({ ok: true })) as unknown as ApiFetch);
    await expect(api.solanaImport('Portal', 'a,b')).rejects.toThrow(UnexpectedAnswerError);
    await expect(api.getTrade('t1')).rejects.toThrow(/GET \/txs\/sell\/\{id\}: id: /);
    await expect(api.logsMore({})).rejects.toThrow(/POST \/logs\/more/);
    await expect(api.getConfig('worker')).rejects.toThrow(/GET \/configs\/\{name\}/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('unexpected answer to POST /solana-bridge/{x}/import'));
    errors.mockRestore();
  });
});
