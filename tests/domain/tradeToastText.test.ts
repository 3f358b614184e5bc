import { describe, expect, it } from 'vitest';
import { foldTradeLine, foldTxTypes } from '../../src/domain/tradeToastText.ts';

describe('§2 folded trade toast: tx types whole, never cut mid-word', () => {
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

  it('the line keeps state, token, both network icons and the bridge whole; names when they fit; the types get the room left', () => {
    const trade = { state: 'SENDING', tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip-eth-base' };
    // The finding's toast read "SENDING USDC Et→Ba ApproveSwap, Swa… via ccip-…": now the bridge is
    // whole and the types are whole or counted; the networks' names are on their icons (hover).
    expect(foldTradeLine({ ...trade, txTypes: ['ApproveSwap', 'Swap'] })).toEqual({ names: false, types: { text: '2 txs', hidden: 2 } });
    expect(foldTradeLine({ ...trade, txTypes: ['Swap'] })).toEqual({ names: false, types: { text: 'Swap', hidden: 0 } });
    // Without a bridge there is room for the names and some types.
    const noBridge = { ...trade, bridgeName: '' };
    expect(foldTradeLine({ ...noBridge, txTypes: ['ApproveSwap'] })).toEqual({ names: true, types: { text: 'ApproveSwap', hidden: 0 } });
    expect(foldTradeLine({ ...noBridge, txTypes: ['Swap', 'Bridge', 'Sell'] })).toEqual({ names: true, types: { text: 'Swap +2 more', hidden: 2 } });
    // Long names and a long bridge: the icons alone (their names on hover), and the count.
    const long = { state: 'SENDING', tokenName: 'USDT', networkBuy: 'Binance', networkSell: 'Arbitrum', bridgeName: 'synapse-arb-bsc' };
    expect(foldTradeLine({ ...long, txTypes: ['Swap', 'Bridge', 'Sell'] })).toEqual({ names: false, types: { text: '3 txs', hidden: 3 } });
  });

  it('a longer line holds more: names first, then whole types', () => {
    const trade = { state: 'CONFIRM', tokenName: 'WETH', networkBuy: 'Snowtrace', networkSell: 'Arbitrum', bridgeName: 'cex-transfer', txTypes: ['ApproveSwap', 'Swap'] };
    expect(foldTradeLine(trade, 40).names).toBe(false);
    expect(foldTradeLine(trade, 80)).toEqual({ names: true, types: { text: 'ApproveSwap, Swap', hidden: 0 } });
  });
});
