import { describe, expect, it, vi } from 'vitest';
import { createFetchTrade, parseTradeResponse } from '../../src/notifications/profit.ts';

describe('§7 trade fetch for the profit rule', () => {
  it('§7 trade fetch GETs /api/txs/sell/{tradeId} on the API origin with the x-api-key token', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ txs: [] }), { status: 200 }));
    const fetchTrade = createFetchTrade('tok', 'https://api.example', fetchImpl);
    await expect(fetchTrade('a/b')).resolves.toEqual({ txs: [] });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example/api/txs/sell/a%2Fb');
    expect(init.headers).toMatchObject({ 'x-api-key': 'tok' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('rejects on a non-2xx answer (the caller only logs it)', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"error":"nope"}', { status: 404 }));
    await expect(createFetchTrade('tok', '', fetchImpl)('x')).rejects.toThrow(/404/);
  });

  it('reads a trade directly or wrapped in data', () => {
    const trade = { txs: [{ txType: 'Sell', amountIn: 2 }] };
    expect(parseTradeResponse(trade)?.txs).toHaveLength(1);
    expect(parseTradeResponse({ data: trade })?.txs).toHaveLength(1);
    expect(parseTradeResponse({ data: null })).toBeNull();
    expect(parseTradeResponse('x')).toBeNull();
  });
});
