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

  it('the line keeps state, token, both network icons and the bridge whole; the types come before the names, whole, on their own line if need be', () => {
    const trade = { state: 'SENDING', tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip-eth-base' };
    // "SENDING SENDX → via StargateMain 2 txs" named no type: the types now go under the rest, whole.
    expect(foldTradeLine({ ...trade, txTypes: ['ApproveSwap', 'Swap'] })).toEqual({ names: false, types: { text: 'ApproveSwap, Swap', hidden: 0 }, typesOwnLine: true });
    expect(foldTradeLine({ state: 'SENDING', tokenName: 'SENDX', networkBuy: 'Ethereum', networkSell: 'Arbitrum', bridgeName: 'StargateMain', txTypes: ['Swap', 'Bridge'] })).toEqual({
      names: false,
      types: { text: 'Swap, Bridge', hidden: 0 },
      typesOwnLine: true,
    });
    expect(foldTradeLine({ ...trade, txTypes: ['Swap'] })).toEqual({ names: false, types: { text: 'Swap', hidden: 0 }, typesOwnLine: false });
    // Without a bridge there is room for the names and the types.
    const noBridge = { ...trade, bridgeName: '' };
    expect(foldTradeLine({ ...noBridge, txTypes: ['ApproveSwap'] })).toEqual({ names: true, types: { text: 'ApproveSwap', hidden: 0 }, typesOwnLine: false });
    // Types before names: the three whole types beside the icons rather than the names and "+2 more".
    expect(foldTradeLine({ ...noBridge, txTypes: ['Swap', 'Bridge', 'Sell'] })).toEqual({ names: false, types: { text: 'Swap, Bridge, Sell', hidden: 0 }, typesOwnLine: false });
    // Many types: as many whole ones as the own line holds.
    const many = ['ApproveSwap', 'Swap', 'ApproveBridge', 'Bridge', 'ApproveSell', 'Sell', 'Refund'];
    const folded = foldTradeLine({ ...trade, txTypes: many });
    expect(folded.typesOwnLine).toBe(true);
    expect(folded.types.text).toBe('ApproveSwap, Swap, ApproveBridge, Bridge +3 more');
  });

  it('a longer line holds more: types first, then the names', () => {
    const trade = { state: 'CONFIRM', tokenName: 'WETH', networkBuy: 'Snowtrace', networkSell: 'Arbitrum', bridgeName: 'cex-transfer', txTypes: ['ApproveSwap', 'Swap'] };
    expect(foldTradeLine(trade, 40)).toMatchObject({ names: false });
    expect(foldTradeLine(trade, 80)).toEqual({ names: true, types: { text: 'ApproveSwap, Swap', hidden: 0 }, typesOwnLine: false });
  });
});
