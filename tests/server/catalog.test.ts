/**
 * Tokens and bridges (§3 tokenName, bridgeName; §7 POST/PUT/DELETE /tokens and /bridges,
 * GET /bridges/fee-to-eth, PUT /settings/automation/bridges). 401 and 403 for every one of these
 * routes are checked route by route in permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeRecord, MiscSettings, TokenRecord, VERSION_CONFLICT_ERROR } from '../../src/contract/index.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}

/** A token as a REST answer carries it: `id` repeats tokenName (docs/protocol.md Lists), the rest is the stored token. */
function tokenOf(response: { json: () => unknown }): TokenRecord {
  const { id, ...token } = response.json() as { id?: unknown; tokenName?: unknown };
  expect(id).toBe(token.tokenName);
  return TokenRecord.parse(token);
}

const ZRX = {
  tokenName: 'ZRX',
  networkData: {
    Ethereum: { address: '0xE41d2489571d322189246DaFA5ebDe1F4699F498', decimals: 18 },
    Solana: { address: 'So11111111111111111111111111111111111111112', decimals: 8 },
  },
  coingeckoId: '0x',
};

describe('§7 POST /api/tokens', () => {
  it('creates the token at version 1, lower-cases 0x addresses, keeps other fields, broadcasts and logs it', async () => {
    let created: TokenRecord | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const response = await call('POST', '/api/tokens', ZRX);
        expect(response.statusCode).toBe(200);
        created = tokenOf(response);
      });
      expect(events.map((e) => e.event)).toEqual(['newUserLog', 'tokenCreateDone']);
      expect(events[1]?.payload).toEqual(created);
    });
    expect(created).toEqual({
      ...ZRX,
      networkData: { ...ZRX.networkData, Ethereum: { address: '0xe41d2489571d322189246dafa5ebde1f4699f498', decimals: 18 } },
      version: 1,
    });
    expect(await t.app.store.tokens.get('ZRX')).toEqual(created);
    expect(logs).toMatchObject([{ user: 'admin', action: 'token.create', details: { after: created } }]);
  });

  it('409 for a name that exists, and nothing is logged', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('POST', '/api/tokens', { ...ZRX, networkData: {} });
      expect(response.statusCode).toBe(409);
      expect(json(response).error).toBe('token ZRX already exists');
    });
    expect(logs).toEqual([]);
  });

  it('400 naming each bad field: network, address per network kind, decimals, name, bridges', async () => {
    const response = await call('POST', '/api/tokens', {
      tokenName: 'bad name',
      networkData: {
        Ethereum: { address: '0x1234', decimals: 18 },
        Narnia: { address: '0x0000000000000000000000000000000000000001', decimals: 18 },
        Solana: { address: '0xe41d2489571d322189246dafa5ebde1f4699f498', decimals: 37 },
        Tron: { address: 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', decimals: 6 },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual([
      'networkData.Ethereum.address', 'networkData.Narnia', 'networkData.Solana.address', 'networkData.Solana.decimals', 'tokenName',
    ]);
    const unknownBridge = await call('POST', '/api/tokens', { tokenName: 'NEW', networkData: {}, bridges: ['nope', 'nope'] });
    expect(unknownBridge.statusCode).toBe(400);
    expect(fieldsOf(unknownBridge)).toEqual(['bridges.1']);
    const missingBridge = await call('POST', '/api/tokens', { tokenName: 'NEW', networkData: {}, bridges: ['nope'] });
    expect(fieldsOf(missingBridge)).toEqual(['bridges.0']);
    expect(await t.app.store.tokens.get('NEW')).toBeUndefined();
  });
});

describe('§7 PUT /api/tokens/:tokenName (no lost updates)', () => {
  it('updates with the version it edits, increments it, broadcasts the whole token and logs before/after', async () => {
    const before = tokenOf(await call('POST', '/api/tokens', { tokenName: 'PEPE', networkData: {} }));
    const edit = { ...before, networkData: { Base: { address: '0x6982508145454Ce325dDbE47a25d4ec3d2311933', decimals: 18 } } };
    let updated: TokenRecord | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        const response = await call('PUT', '/api/tokens/PEPE', edit);
        expect(response.statusCode).toBe(200);
        updated = tokenOf(response);
      });
      expect(events.find((e) => e.event === 'tokenUpdateDone')?.payload).toEqual(updated);
    });
    expect(updated).toMatchObject({ version: 2, networkData: { Base: { address: '0x6982508145454ce325ddbe47a25d4ec3d2311933' } } });
    expect(logs).toMatchObject([{ action: 'token.update', details: { before, after: updated } }]);
  });

  it('409 with details.current for a stale version; nothing changes and nothing is logged', async () => {
    const current = await t.app.store.tokens.get('PEPE');
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE', networkData: {}, version: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: VERSION_CONFLICT_ERROR, details: { current } });
    });
    expect(logs).toEqual([]);
    expect(await t.app.store.tokens.get('PEPE')).toEqual(current);
  });

  it('two editors of the same version: the first wins, the second gets 409', async () => {
    const { version } = (await t.app.store.tokens.get('PEPE'))!;
    const [a, b] = await Promise.all([
      call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE', networkData: {}, note: 'a', version }),
      call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE', networkData: {}, note: 'b', version }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 409]);
    expect(json(b).details).toEqual({ current: tokenOf(a) });
  });

  it('a plain token body without a version is applied to what is stored (§7 "token body"); the stale check needs a version', async () => {
    const before = await t.app.store.tokens.get('PEPE');
    if (!before) throw new Error('seeded token PEPE missing');
    const noVersion = await call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE', networkData: before.networkData, note: 'plain' });
    expect(noVersion.statusCode).toBe(200);
    expect(noVersion.json()).toMatchObject({ tokenName: 'PEPE', note: 'plain', version: before.version + 1 });
    const stale = await call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE', networkData: before.networkData, version: before.version });
    expect(stale.statusCode).toBe(409);
  });

  it('400 with a tokenName other than the path; 404 for an unknown token', async () => {
    const renamed = await call('PUT', '/api/tokens/PEPE', { tokenName: 'PEPE2', networkData: {}, version: 9 });
    expect(fieldsOf(renamed)).toEqual(['tokenName']);
    const unknown = await call('PUT', '/api/tokens/NOPE', { tokenName: 'NOPE', networkData: {}, version: 1 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('§7 DELETE /api/tokens/:tokenName', () => {
  it('deletes, takes the token off bridges and pins, broadcasts tokenDeleteDone {tokenName}', async () => {
    await call('PUT', '/api/txs/pins', { pins: ['LINK', 'ARB'] });
    const events = await broadcastsDuring(t.app, async () => {
      const response = await call('DELETE', '/api/tokens/LINK');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });
    expect(events.find((e) => e.event === 'tokenDeleteDone')?.payload).toEqual({ tokenName: 'LINK' });
    const bridge = events.find((e) => e.event === 'bridgeUpdateDone')?.payload;
    expect(bridge).toMatchObject({ bridgeName: 'ccip-eth-base', tokens: ['USDC'], version: 2 });
    expect(await t.app.store.tokens.get('LINK')).toBeUndefined();
    expect((await t.app.store.settings.get('brainState')).pinnedTokens).toEqual(['ARB']);
    expect((await call('DELETE', '/api/tokens/LINK')).statusCode).toBe(404);
  });
});

describe('§7 bridges: POST, PUT, DELETE /api/bridges', () => {
  const hop = { bridgeName: 'hop-arb-op', kind: 'Optimism', networks: ['Arbitrum', 'Optimism'], tokens: ['USDC'], fee: { amount: 0.2, currency: 'USD' } };

  it('POST creates at version 1 and broadcasts bridgeCreateDone; 409 for a duplicate; 400 naming bad fields', async () => {
    const events = await broadcastsDuring(t.app, async () => {
      const response = await call('POST', '/api/bridges', hop);
      expect(response.statusCode).toBe(200);
      expect(BridgeRecord.parse(response.json())).toEqual({ ...hop, version: 1 });
    });
    expect(events.map((e) => e.event)).toEqual(['newUserLog', 'bridgeCreateDone']);
    expect((await call('POST', '/api/bridges', hop)).statusCode).toBe(409);
    const bad = await call('POST', '/api/bridges', {
      bridgeName: 'x', kind: 'Teleport', networks: ['Base', 'Base'], fee: { amount: -1, currency: 'DOGE' }, enabled: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['enabled', 'fee.amount', 'fee.currency', 'kind', 'networks.1']);
    const unknownToken = await call('POST', '/api/bridges', { bridgeName: 'y', kind: 'Omni', tokens: ['USDC', 'NOPE'] });
    expect(fieldsOf(unknownToken)).toEqual(['tokens.1']);
  });

  it('PUT with a version needs the current one: 200 and bridgeUpdateDone, then 409 with details.current for the old one; 404 unknown', async () => {
    const v1 = BridgeRecord.parse(json(await call('PUT', '/api/bridges/hop-arb-op', { ...hop, enabled: false, version: 1 })));
    expect(v1).toMatchObject({ enabled: false, version: 2 });
    const stale = await call('PUT', '/api/bridges/hop-arb-op', { ...hop, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ error: VERSION_CONFLICT_ERROR, details: { current: v1 } });
    expect((await call('PUT', '/api/bridges/nope', { ...hop, bridgeName: 'nope', version: 1 })).statusCode).toBe(404);
    expect(fieldsOf(await call('PUT', '/api/bridges/hop-arb-op', { ...hop, bridgeName: 'other', version: 2 }))).toEqual(['bridgeName']);
    // A plain bridge body without a version is applied to what is stored.
    expect(json(await call('PUT', '/api/bridges/hop-arb-op', { ...hop, enabled: true }))).toMatchObject({ enabled: true, version: 3 });
  });

  it('DELETE takes the bridge off the tokens that name it: bridgeDeleteDone {bridgeName, tokens} with the updated tokens', async () => {
    await call('PUT', '/api/settings/automation/bridges', { enabled: true, bridges: ['stargate-eth-arb', 'polygon-pos'] });
    const usdt = (await t.app.store.tokens.get('USDT'))!;
    expect(usdt.bridges).toEqual(['stargate-eth-arb', 'synapse-arb-bsc']);
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        expect((await call('DELETE', '/api/bridges/stargate-eth-arb')).statusCode).toBe(200);
      });
      const deleted = events.find((e) => e.event === 'bridgeDeleteDone')?.payload as { bridgeName: string; tokens: Record<string, TokenRecord> };
      expect(deleted.bridgeName).toBe('stargate-eth-arb');
      expect(Object.keys(deleted.tokens).sort()).toEqual(['USDC', 'USDT']);
      expect(deleted.tokens.USDT).toEqual({ ...usdt, bridges: ['synapse-arb-bsc'], version: usdt.version + 1 });
      const misc = MiscSettings.parse(events.find((e) => e.event === 'miscSettingsUpdateDone')?.payload);
      expect(misc.bridgeAutomation).toEqual({ enabled: true, bridges: ['polygon-pos'] });
    });
    expect(logs).toMatchObject([{ action: 'bridge.delete', details: { tokensUpdated: ['USDC', 'USDT'] } }]);
    expect(await t.app.store.bridges.get('stargate-eth-arb')).toBeUndefined();
    expect((await t.app.store.tokens.get('USDT'))?.bridges).toEqual(['synapse-arb-bsc']);
    expect((await call('DELETE', '/api/bridges/stargate-eth-arb')).statusCode).toBe(404);
  });
});

describe('§7 GET /api/bridges/fee-to-eth', () => {
  it('converts each fee to ETH at the brain state prices; bridges without a fee are left out', async () => {
    await call('POST', '/api/bridges', { bridgeName: 'free', kind: 'Uni' });
    const response = await call('GET', '/api/bridges/fee-to-eth');
    expect(response.statusCode).toBe(200);
    const { fees } = json(response) as { fees: Record<string, number> };
    // wethPriceUSD 3187.42, BNB 598.3 (demo brain state)
    expect(fees['polygon-pos']).toBe(0.0016);
    expect(fees['ccip-eth-base']).toBeCloseTo(0.42 / 3187.42, 12);
    expect(fees['synapse-arb-bsc']).toBeCloseTo((0.0007 * 598.3) / 3187.42, 12);
    expect(fees['hop-arb-op']).toBeCloseTo(0.2 / 3187.42, 12);
    expect(fees).not.toHaveProperty('free');
  });
});

describe('§7 PUT /api/settings/automation/bridges', () => {
  it('stores {enabled, bridges} in misc settings and broadcasts miscSettingsUpdateDone; bridges omitted keeps the list', async () => {
    const events = await broadcastsDuring(t.app, async () => {
      const on = await call('PUT', '/api/settings/automation/bridges', { enabled: true, bridges: ['ccip-eth-base'] });
      expect(on.statusCode).toBe(200);
      expect(json(on).miscSettings).toMatchObject({ sellOnly: false, bridgeAutomation: { enabled: true, bridges: ['ccip-eth-base'] } });
      const off = await call('PUT', '/api/settings/automation/bridges', { enabled: false });
      expect(json(off).miscSettings).toMatchObject({ bridgeAutomation: { enabled: false, bridges: ['ccip-eth-base'] } });
    });
    expect(events.filter((e) => e.event === 'miscSettingsUpdateDone')).toHaveLength(2);
    expect((await t.app.store.settings.get('miscSettings')).bridgeAutomation).toEqual({ enabled: false, bridges: ['ccip-eth-base'] });
  });

  it('400 naming unknown bridges and bad fields', async () => {
    const response = await call('PUT', '/api/settings/automation/bridges', { enabled: true, bridges: ['ccip-eth-base', 'nope'] });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['bridges.1']);
    expect(fieldsOf(await call('PUT', '/api/settings/automation/bridges', { enabled: 'yes', extra: 1 }))).toEqual(['enabled', 'extra']);
  });
});
