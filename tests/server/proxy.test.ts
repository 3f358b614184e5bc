import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Quote } from '../../src/contract/index.ts';
import { NETWORK_INFO } from '../../src/config/networks.ts';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

const weth = NETWORK_INFO.Ethereum.wrappedNative.address;
const usdc = BUILTIN_TOKENS.Ethereum!.find((token) => token[0] === 'USDC')![1].toLowerCase();

function quote(query: Record<string, string>, path = '/api/proxy/worker/quoteUi') {
  return t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(query).toString()}`,
    headers: { 'x-api-key': t.operatorToken },
  });
}

describe('§7 quote: GET /api/proxy/worker/quoteUi', () => {
  it('Quote (protocol): answers a quote with routes sorted best first, for 1 WETH in base units', async () => {
    const response = await quote({ network: 'Ethereum', tokenInAddress: weth, tokenOutAddress: usdc, amountIn: '1000000000000000000' });
    expect(response.statusCode).toBe(200);
    const body = Quote.parse(response.json());
    expect(typeof body.time).toBe('number');
    expect(body.error ?? null).toBeNull();
    const outs = (body.routes ?? []).map((r) => BigInt(r.amountOut));
    expect(outs.length).toBeGreaterThan(0);
    for (let i = 1; i < outs.length; i++) expect(outs[i]! <= outs[i - 1]!).toBe(true);
    for (const route of body.routes ?? []) {
      for (const hop of route.routeInfo) expect(hop.dex).toMatch(/^[a-z0-9]+_[a-z0-9]+$/);
    }
  });

  it('Quote (protocol): a quote cites the chain head its network last announced (newBlock), not a block of its own far behind', async () => {
    await t.app.ready();
    t.app.hub.broadcast('newBlock', { network: 'Ethereum', num: 21_676_873 });
    const at = Quote.parse((await quote({ network: 'Ethereum', tokenInAddress: weth, tokenOutAddress: usdc, amountIn: '1000000000000000000' })).json());
    expect(at.block).toBe(21_676_873);
    t.app.hub.broadcast('newBlock', { network: 'Ethereum', num: 21_676_874 });
    const next = Quote.parse((await quote({ network: 'Ethereum', tokenInAddress: weth, tokenOutAddress: usdc, amountIn: '1000000000000000000' })).json());
    expect(next.block).toBe(21_676_874);
  });

  it('reports an unknown token in the error field, not as a failure', async () => {
    const response = await quote({ network: 'Ethereum', tokenInAddress: weth, tokenOutAddress: '0xdeadbeef', amountIn: '1' });
    expect(response.statusCode).toBe(200);
    expect(Quote.parse(response.json()).error).toBeTruthy();
  });

  it('refuses a non-integer amountIn with 400 naming the field', async () => {
    const response = await quote({ network: 'Ethereum', tokenInAddress: weth, tokenOutAddress: usdc, amountIn: '1.5' });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { details: { field: string }[] };
    expect(body.details.map((d) => d.field)).toContain('amountIn');
  });

  it('answers 404 for a proxy operation the reference server does not have', async () => {
    const response = await quote({}, '/api/proxy/brain/whatever');
    expect(response.statusCode).toBe(404);
  });
});
