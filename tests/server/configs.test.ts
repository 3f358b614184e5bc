/**
 * Configs (§3 configName; §7 GET /configs, GET /configs/{name}, PUT /configs/{configName}),
 * with the seeded worker, networkSettings, swapProtocols and cex configs. 401/403: permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_MODES } from '../../src/config/enums.ts';
import {
  CONFIG_SCHEMAS,
  ConfigListResponse,
  ConfigRecord,
  NetworkSettingsConfig,
  VERSION_CONFLICT_ERROR,
  WorkerConfig,
} from '../../src/contract/index.ts';
import { pairKey } from '../../src/domain/keys.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, START, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

function call(method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { 'x-api-key': t.adminToken }, ...(payload ? { payload } : {}) });
}

async function config(name: string): Promise<ConfigRecord> {
  return ConfigRecord.parse(json(await call('GET', `/api/configs/${name}`)));
}

describe('§7 GET /api/configs and /api/configs/:configName', () => {
  it('lists the seeded configs in the list convention, each valid against its schema', async () => {
    const response = await call('GET', '/api/configs');
    expect(response.statusCode).toBe(200);
    const { data, total } = ConfigListResponse.parse(response.json());
    expect(total).toBe(4);
    expect(data.map((c) => c.configName)).toEqual(['cex', 'networkSettings', 'swapProtocols', 'worker']);
    for (const c of data) {
      expect(c).toMatchObject({ version: 1, updatedAt: START });
      expect(CONFIG_SCHEMAS[c.configName as keyof typeof CONFIG_SCHEMAS].safeParse(c.data).success).toBe(true);
    }
  });

  it('sorts, pages and filters (sort, order, page, perPage, filter={q})', async () => {
    const page = ConfigListResponse.parse(json(await call('GET', '/api/configs?sort=configName&order=DESC&page=2&perPage=3')));
    expect(page).toEqual({ data: [expect.objectContaining({ configName: 'cex' })], total: 4 });
    const filtered = ConfigListResponse.parse(json(await call('GET', `/api/configs?filter=${encodeURIComponent('{"q":"SWAP"}')}`)));
    expect(filtered.data.map((c) => c.configName)).toEqual(['swapProtocols']);
  });

  it('400 naming a bad sort, order, perPage or filter', async () => {
    const response = await call('GET', '/api/configs?sort=secret&order=UP&perPage=501&filter={oops');
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['filter', 'order', 'perPage', 'sort']);
  });

  it('one config: {configName, version, updatedAt, data}; 404 for an unknown name', async () => {
    const worker = await config('worker');
    expect(worker.configName).toBe('worker');
    const data = WorkerConfig.parse(worker.data);
    expect(TRADE_MODES).toContain(data.tradeMode);
    const network = NetworkSettingsConfig.parse((await config('networkSettings')).data);
    for (const key of Object.keys(network.pairFlags)) {
      const [a, b] = key.split('_') as [string, string];
      expect(pairKey(a, b)).toBe(key);
    }
    expect((await call('GET', '/api/configs/nope')).statusCode).toBe(404);
  });
});

describe('§7 PUT /api/configs/:configName (no lost updates)', () => {
  it('saves data at the version it edits, increments it and logs before/after; the whole record sent back is accepted', async () => {
    const before = await config('worker');
    const data = { ...before.data, tradeMode: 'parallel', maxParallelTrades: 5 };
    let saved: ConfigRecord | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const events = await broadcastsDuring(t.app, async () => {
        t.clock.advance(1000);
        const response = await call('PUT', '/api/configs/worker', { ...before, data });
        expect(response.statusCode).toBe(200);
        saved = ConfigRecord.parse(response.json());
      });
      expect(events.map((e) => e.event)).toEqual(['newUserLog']);
    });
    expect(saved).toEqual({ configName: 'worker', version: 2, updatedAt: t.clock.now(), data });
    expect(await config('worker')).toEqual(saved);
    expect(logs).toMatchObject([{ action: 'config.update', details: { before, after: saved } }]);
  });

  it('409 with details.current for a stale version, and no log', async () => {
    const current = await config('worker');
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('PUT', '/api/configs/worker', { version: 1, data: current.data });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: VERSION_CONFLICT_ERROR, details: { current } });
    });
    expect(logs).toEqual([]);
  });

  it('400 naming the fields of data that break the config schema', async () => {
    const { version, data } = await config('worker');
    const response = await call('PUT', '/api/configs/worker', {
      version,
      data: { ...data, tradeMode: 'yolo', aggregators: ['1inch', 'uniswapx'], tradeSizeUSD: { min: 500, max: 100 } },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['data.aggregators.1', 'data.tradeMode', 'data.tradeSizeUSD.max']);
    expect(fieldsOf(await call('PUT', '/api/configs/worker', { version, data, configName: 'cex' }))).toEqual(['configName']);
  });

  it('§7 "config body": {data} without a version, or the bare data itself, is applied to what is stored', async () => {
    const { version, data } = await config('worker');
    const enveloped = await call('PUT', '/api/configs/worker', { data: { ...data, note: 'enveloped' } });
    expect(enveloped.statusCode).toBe(200);
    expect(enveloped.json()).toMatchObject({ version: version + 1, data: { note: 'enveloped' } });
    const bare = await call('PUT', '/api/configs/worker', { ...data, note: 'bare' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ version: version + 2, data: { ...data, note: 'bare' } });
    expect(fieldsOf(await call('PUT', '/api/configs/worker', { ...data, tradeMode: 'yolo' }))).toEqual(['data.tradeMode']);
    // The record's own version still guards it.
    expect((await call('PUT', '/api/configs/worker', { version, data })).statusCode).toBe(409);
  });

  it('§3 networkSettings (the /settings/networks screen): pair keys must be two networks sorted as pairKey builds them', async () => {
    const { version, data } = await config('networkSettings');
    const settings = NetworkSettingsConfig.parse(data);
    const unsorted = await call('PUT', '/api/configs/networkSettings', {
      version,
      data: { ...settings, pairFlags: { ...settings.pairFlags, Polygon_Base: { enabled: true }, Base_Narnia: { enabled: true } } },
    });
    expect(unsorted.statusCode).toBe(400);
    expect(fieldsOf(unsorted)).toEqual(['data.pairFlags.Base_Narnia', 'data.pairFlags.Polygon_Base']);
    expect(JSON.stringify(unsorted.json())).toContain('Base_Polygon');

    const badNetworks = await call('PUT', '/api/configs/networkSettings', {
      version,
      data: { ...settings, networks: [{ name: 'Base', automation: true, priority: 1 }, { name: 'Base', automation: 'no', priority: 1.5 }] },
    });
    expect(fieldsOf(badNetworks)).toEqual(['data.networks.1.automation', 'data.networks.1.priority']);
    const twice = await call('PUT', '/api/configs/networkSettings', {
      version,
      data: { ...settings, networks: [{ name: 'Base', automation: true, priority: 1 }, { name: 'Base', automation: false, priority: 2 }] },
    });
    expect(fieldsOf(twice)).toEqual(['data.networks.1']);

    const next = { networks: [{ name: 'Base', automation: true, priority: 1 }], pairFlags: { [pairKey('Polygon', 'Base')]: { enabled: false } } };
    const saved = await call('PUT', '/api/configs/networkSettings', { version, data: next });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ version: version + 1, data: next });
  });

  it('404 for an unknown config', async () => {
    expect((await call('PUT', '/api/configs/nope', { version: 1, data: {} })).statusCode).toBe(404);
  });
});
