/**
 * Solana bridge configuration (§7, x a path segment): list, one, create, CSV import, update,
 * delete a network, delete, find. 401/403: permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SolanaBridgeImportResponse,
  SolanaBridgeListResponse,
  SolanaBridgeRecord,
} from '../../src/contract/index.ts';
import { parseCsv } from '../../server/src/lib/csv.ts';
import { broadcastsDuring, fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { 'x-api-key': t.adminToken }, ...(payload ? { payload } : {}) });
}

const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

describe('CSV parsing', () => {
  it('quoted fields with commas, quotes and line breaks; CRLF; blank lines skipped; records keep their line', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ]);
    expect(parseCsv('a,,c')).toEqual([{ line: 1, fields: ['a', '', 'c'] }]);
  });
});

describe('§7 /api/solana-bridge/:x', () => {
  it('POST creates an entry {token, data}; GET lists and reads it; 409 for the same token again', async () => {
    const body = { token: 'USDC', data: { Solana: { address: USDC_SOL, decimals: 6 }, Ethereum: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 } } };
    let created: SolanaBridgeRecord | undefined;
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('POST', '/api/solana-bridge/wormhole', body);
      expect(response.statusCode).toBe(200);
      created = SolanaBridgeRecord.parse(response.json());
    });
    expect(created).toMatchObject({ x: 'wormhole', token: 'USDC', data: { Ethereum: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' } } });
    expect(logs).toMatchObject([{ action: 'solanaBridge.create', details: { after: created } }]);
    expect(SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/wormhole')))).toEqual({ data: [created], total: 1 });
    expect(json(await call('GET', '/api/solana-bridge/wormhole/USDC'))).toEqual(created);
    expect(SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/allbridge'))).total).toBe(0);
    expect((await call('POST', '/api/solana-bridge/wormhole', body)).statusCode).toBe(409);
  });

  it('400 naming bad fields; 404 for an unknown token', async () => {
    const bad = await call('POST', '/api/solana-bridge/wormhole', { token: 'X', data: { Solana: { address: '0xabc', decimals: 6 }, Narnia: { address: 'a', decimals: 1 } } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['data.Narnia', 'data.Solana.address']);
    expect(fieldsOf(await call('POST', '/api/solana-bridge/bad%20x', { token: 'X', data: {} }))).toEqual(['x']);
    expect((await call('GET', '/api/solana-bridge/wormhole/NOPE')).statusCode).toBe(404);
    expect((await call('PUT', '/api/solana-bridge/wormhole/NOPE', { data: {} })).statusCode).toBe(404);
  });

  it('x is any bridge name: 64 characters with . + $ are a valid path segment', async () => {
    const x = `Portal.v2+${'$'.repeat(10)}${'a'.repeat(44)}`;
    expect(x).toHaveLength(64);
    const body = { token: 'USDC', data: { Solana: { address: USDC_SOL, decimals: 6 } } };
    const created = await call('POST', `/api/solana-bridge/${encodeURIComponent(x)}`, body);
    expect(created.statusCode).toBe(200);
    expect(SolanaBridgeRecord.parse(created.json()).x).toBe(x);
    expect((await call('GET', `/api/solana-bridge/${encodeURIComponent(x)}/USDC`)).statusCode).toBe(200);
    expect(fieldsOf(await call('GET', `/api/solana-bridge/${'a'.repeat(65)}`))).toEqual(['x']);
  });

  it('PUT replaces the data; DELETE of a network removes that entry; DELETE removes the token', async () => {
    const put = await call('PUT', '/api/solana-bridge/wormhole/USDC', { data: { Solana: { address: USDC_SOL, decimals: 6 }, Base: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 } } });
    expect(put.statusCode).toBe(200);
    expect(Object.keys(SolanaBridgeRecord.parse(put.json()).data).sort()).toEqual(['Base', 'Solana']);
    const withoutBase = await call('DELETE', '/api/solana-bridge/wormhole/USDC/Base');
    expect(withoutBase.statusCode).toBe(200);
    expect(Object.keys(SolanaBridgeRecord.parse(withoutBase.json()).data)).toEqual(['Solana']);
    expect((await call('DELETE', '/api/solana-bridge/wormhole/USDC/Base')).statusCode).toBe(404);
    const logs = await logsWrittenBy(t.app, async () => {
      expect(json(await call('DELETE', '/api/solana-bridge/wormhole/USDC'))).toEqual({ ok: true });
    });
    expect(logs).toMatchObject([{ action: 'solanaBridge.delete', details: { before: { token: 'USDC' } } }]);
    expect((await call('DELETE', '/api/solana-bridge/wormhole/USDC')).statusCode).toBe(404);
  });
});

describe('§7 POST /api/solana-bridge/:x/import {csv}', () => {
  it('imports the valid rows, reports each bad row by line, merges with what exists', async () => {
    await call('POST', '/api/solana-bridge/allbridge', { token: 'BONK', data: { Ethereum: { address: '0x1151CB3d861920e07a38e03eEAd12C32178567F6', decimals: 5 } } });
    const csv = [
      'Token,Network,Address,Decimals',
      `BONK,Solana,${BONK},5`,
      `USDC,Solana,${USDC_SOL},6`,
      'USDC,Ethereum,0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48,6',
      'USDC,Narnia,0x0,6',
      'WIF,Solana,0x1234,6',
      `WIF,Solana,${BONK},seven`,
      'too,few',
      `USDC,Solana,${USDC_SOL},6`,
      '',
    ].join('\n');
    let result: SolanaBridgeImportResponse | undefined;
    const events = await broadcastsDuring(t.app, async () => {
      const response = await call('POST', '/api/solana-bridge/allbridge/import', { csv });
      expect(response.statusCode).toBe(200);
      result = SolanaBridgeImportResponse.parse(response.json());
    });
    expect(result?.imported).toBe(3);
    expect(result?.tokens).toBe(2);
    expect(result?.errors.map((e) => e.row)).toEqual([5, 6, 7, 8, 9]);
    expect(result?.errors[0]?.message).toMatch(/^network:/);
    expect(result?.errors[1]?.message).toMatch(/^address:/);
    expect(result?.errors[2]?.message).toMatch(/^decimals:/);
    expect(result?.errors[3]?.message).toBe('expected 4 columns, got 2');
    expect(result?.errors[4]?.message).toBe('USDC on Solana is already on row 3');
    expect(events.map((e) => e.event)).toEqual(['newUserLog', 'notify']);

    const bonk = SolanaBridgeRecord.parse(json(await call('GET', '/api/solana-bridge/allbridge/BONK')));
    expect(Object.keys(bonk.data).sort()).toEqual(['Ethereum', 'Solana']);
    const usdc = SolanaBridgeRecord.parse(json(await call('GET', '/api/solana-bridge/allbridge/USDC')));
    expect(usdc.data.Ethereum?.address).toBe('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
  });

  it('a few MB of CSV: tens of thousands of rows in one call', async () => {
    const lines = ['token,network,address,decimals'];
    for (let i = 0; i < 40_000; i++) lines.push(`TKN${i},Ethereum,0x${i.toString(16).padStart(40, '0')},18`);
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(2_000_000);
    const response = await call('POST', '/api/solana-bridge/bulk/import', { csv });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 40_000, tokens: 40_000, errors: [] });
    const page = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/bulk?page=2&perPage=100')));
    expect(page.total).toBe(40_000);
    expect(page.data).toHaveLength(100);
  });

  it('400 for a header without the four columns, or no csv; nothing imported and nothing logged', async () => {
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('POST', '/api/solana-bridge/allbridge/import', { csv: `name,address\nX,${BONK}` });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['csv']);
      expect(fieldsOf(await call('POST', '/api/solana-bridge/allbridge/import', {}))).toEqual(['csv']);
    });
    expect(logs).toEqual([]);
  });
});

describe('§7 GET /api/solana-bridge/:x/find/:q', () => {
  it('finds entries whose token or any address contains q, case-insensitive', async () => {
    const byToken = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/allbridge/find/bon')));
    expect(byToken.data.map((e) => e.token)).toEqual(['BONK']);
    const byAddress = SolanaBridgeListResponse.parse(json(await call('GET', `/api/solana-bridge/allbridge/find/${USDC_SOL.slice(5, 15).toLowerCase()}`)));
    expect(byAddress.data.map((e) => e.token)).toEqual(['USDC']);
    const evm = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/allbridge/find/0xA0B869')));
    expect(evm.data.map((e) => e.token)).toEqual(['USDC']);
    expect(SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/allbridge/find/zzzz'))).total).toBe(0);
    expect(SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/allbridge/find/%25'))).total).toBe(0);
  });
});
