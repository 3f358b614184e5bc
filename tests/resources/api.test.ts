import { describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../src/dataProvider/index.ts';
import { createResourceApi } from '../../src/resources/shared/api.ts';

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
