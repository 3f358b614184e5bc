import { describe, expect, it } from 'vitest';
import { errorWords, historyDetails, labelOf, stepWords } from '../../src/ui/dialogs/txHistoryDetails.ts';

const fmt = (ms: number) => `T${ms}`;

describe('§2 transaction history popup: a history entry in words, not raw JSON', () => {
  it('§3 a history key reads as its step; a key that is not side:method:attempt[:txType] stays as it is', () => {
    expect(stepWords('buy:lp:1:Swap')).toBe('Buy, attempt 1, Swap, via lp');
    expect(stepWords('sell:odos:2')).toBe('Sell, attempt 2, via odos');
    expect(stepWords('odd')).toBe('odd');
  });

  it('§8 an error code reads as its message with the code; an unknown kind of code as it came', () => {
    expect(errorWords(34)).toBe('failed to reduce solana swap amount by slippage (error code 34)');
    expect(errorWords('E_SLIPPAGE')).toBe('error E_SLIPPAGE');
  });

  it('known fields come first in reading order with their labels, times through the chosen formatter, amounts formatted; unknown fields labelled from their names', () => {
    const details = historyDetails({ gasPriceGwei: 1.23456789, createdAt: 5, amountIn: 1234.5, status: 'confirmed', confirmedAt: 9, ok: true, meta: { blockNumber: 7 } }, fmt);
    expect(details).toEqual([
      { label: 'Status', text: 'confirmed', kind: 'status' },
      { label: 'Created', text: 'T5', kind: 'time' },
      { label: 'Amount in', text: '1,234.50', kind: 'text' },
      { label: 'Gas price gwei', text: '1.234568', kind: 'text' },
      { label: 'Confirmed at', text: 'T9', kind: 'time' },
      { label: 'Ok', text: 'yes', kind: 'text' },
      { label: 'Meta', text: 'Block number 7', kind: 'text' },
    ]);
    expect(labelOf('err_code')).toBe('Err code');
    // §3 with its step known, an amount carries its unit: a sell spends the token and returns USD.
    const sell = historyDetails({ amountIn: 1192.6, amountOut: 2385.05 }, fmt, { key: 'sell:odos:1:Sell', tokenName: 'PEPE', network: 'Base' });
    expect(sell.map((d) => d.text)).toEqual(['1,192.60 PEPE', '2,385.05 USD']);
  });

  it('an entry that is not an object is one value, as text; empty fields are left out', () => {
    expect(historyDetails('<b>x</b>', fmt)).toEqual([{ label: 'Value', text: '<b>x</b>', kind: 'text' }]);
    expect(historyDetails({ hash: null, network: '' }, fmt)).toEqual([]);
  });
});
