import { describe, expect, it } from 'vitest';
import { foldedTradeTypes, foldTxTypes } from '../../src/domain/tradeToastText.ts';

describe('SPEC §2 folded trade toast: tx types whole, never cut mid-word (issue 25 finding 1)', () => {
  it('all types when they fit', () => {
    expect(foldTxTypes(['ApproveSwap', 'Swap'], 40)).toEqual({ text: 'ApproveSwap, Swap', hidden: 0 });
  });

  it('as many whole types as fit, then how many more', () => {
    expect(foldTxTypes(['ApproveSwap', 'Swap', 'Bridge', 'Sell'], 28)).toEqual({ text: 'ApproveSwap, Swap +2 more', hidden: 2 });
    expect(foldTxTypes(['ApproveSwap', 'Swap', 'Bridge', 'Sell'], 20)).toEqual({ text: 'ApproveSwap +3 more', hidden: 3 });
  });

  it('never a part of a type: when not even one fits, the count', () => {
    expect(foldTxTypes(['ApproveSwap', 'Swap'], 10)).toEqual({ text: '2 txs', hidden: 2 });
    expect(foldTxTypes(['ApproveBridge'], 8)).toEqual({ text: '1 tx', hidden: 1 });
    for (let max = 0; max < 60; max++) {
      const { text } = foldTxTypes(['ApproveSwap', 'Swap (failed)', 'Bridge'], max);
      for (const word of text.replace(/ \+\d+ more$/, '').split(', ')) {
        expect(['ApproveSwap', 'Swap (failed)', 'Bridge', '3 txs']).toContain(word);
      }
    }
  });

  it('the line keeps state, token, both networks and the bridge; the types get the room left', () => {
    const trade = { state: 'SENDING', tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip-bridge' };
    // The finding's toast: "SENDING USDC Et→Ba ApproveSwap, Swa… via ccip-…".
    expect(foldedTradeTypes({ ...trade, txTypes: ['ApproveSwap', 'Swap'] }).text).toBe('ApproveSwap, Swap');
    expect(foldedTradeTypes({ ...trade, txTypes: ['ApproveSwap', 'Swap', 'ApproveBridge', 'Bridge'] }).text).toBe('ApproveSwap, Swap +2 more');
    const long = { state: 'CONFIRM', tokenName: 'WETH', networkBuy: 'Snowtrace', networkSell: 'Arbitrum', bridgeName: 'cex-transfer' };
    expect(foldedTradeTypes({ ...long, txTypes: ['ApproveSwap', 'Swap'] }).text).toBe('2 txs');
  });
});
