import { describe, expect, it } from 'vitest';
import { TRADE_ERROR_MESSAGES, tradeErrorMessage, tradeErrorToastText } from '../../src/config/errorCodes.ts';

describe('§8 trade error codes', () => {
  it('has a message for every code 0..41', () => {
    expect(TRADE_ERROR_MESSAGES).toHaveLength(42);
    for (let code = 0; code <= 41; code++) expect(tradeErrorMessage(code)).not.toMatch(/^unknown error \(code/);
  });

  it.each([
    [0, 'unknown error'],
    [1, 'token not found'],
    [11, 'received non-success rpc response when sending evm tx'],
    [25, 'skip sell set but claim without sell disabled'],
    [40, 'worker quote response is empty, cannot build solana swap tx'],
    [41, 'failed to build solana swap tx'],
  ])('code %i reads "%s"', (code, text) => {
    expect(tradeErrorMessage(code)).toBe(text);
  });

  it('unknown codes say so with the number', () => {
    expect(tradeErrorMessage(42)).toBe('unknown error (code 42)');
    expect(tradeErrorMessage(-1)).toBe('unknown error (code -1)');
    expect(tradeErrorMessage(1.5)).toBe('unknown error (code 1.5)');
  });

  it('toast text is "<tokenName>: <message>"', () => {
    expect(tradeErrorToastText('WETH', 8)).toBe('WETH: failed to fetch evm receipt from node');
  });
});
