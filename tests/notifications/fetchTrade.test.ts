import { describe, expect, it } from 'vitest';
import { parseTradeResponse } from '../../src/notifications/profit.ts';

describe('§7 trade fetch for the profit rule', () => {
  it('reads a trade directly or wrapped in data', () => {
    const trade = { txs: [{ txType: 'Sell', amountIn: 2 }] };
    expect(parseTradeResponse(trade)?.txs).toHaveLength(1);
    expect(parseTradeResponse({ data: trade })?.txs).toHaveLength(1);
    expect(parseTradeResponse({ data: null })).toBeNull();
    expect(parseTradeResponse('x')).toBeNull();
  });
});
