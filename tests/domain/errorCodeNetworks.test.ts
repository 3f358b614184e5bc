import { describe, expect, it } from 'vitest';
import { NETWORKS } from '../../src/config/networks.ts';
import {
  EVM_ERROR_CODES,
  GENERIC_ERROR_CODES,
  SOLANA_ERROR_CODES,
  errorCodeFits,
  errorCodesFor,
  networkKind,
} from '../../src/domain/errorCodeNetworks.ts';
import { TRADE_ERROR_MESSAGES } from '../../src/config/errorCodes.ts';
import { movesValue, swapAmountOut } from '../../src/domain/trades.ts';

describe('§8 error codes fit the kind of network of the tx that failed', () => {
  it('§8 every code naming solana, jito or jupiter is a Solana code; every code naming evm an EVM code; the rest are generic', () => {
    TRADE_ERROR_MESSAGES.forEach((message, code) => {
      const solana = /solana|jito|jupiter/.test(message);
      const evm = /evm/.test(message);
      expect({ code, solana: SOLANA_ERROR_CODES.includes(code), evm: EVM_ERROR_CODES.includes(code) }).toEqual({ code, solana, evm });
    });
    expect([...SOLANA_ERROR_CODES, ...EVM_ERROR_CODES, ...GENERIC_ERROR_CODES].sort((a, b) => a - b)).toEqual(TRADE_ERROR_MESSAGES.map((_, code) => code));
  });

  it('§3 the kinds of network: Solana; EVM chains; TON, Tron and ATA are neither', () => {
    expect(networkKind('Solana')).toBe('solana');
    for (const network of ['Ethereum', 'Arbitrum', 'Base', 'Binance', 'Polygon', 'Linea', 'Hyperevm']) expect(networkKind(network)).toBe('evm');
    for (const network of ['TON', 'Tron', 'ATA', 'Narnia']) expect(networkKind(network)).toBe('other');
  });

  it('§8 a Solana code never on an EVM tx ("failed to reduce solana swap amount by slippage" on an Ethereum Bridge), an EVM code never on Solana', () => {
    expect(errorCodeFits(34, 'Ethereum')).toBe(false);
    expect(errorCodeFits(34, 'Solana')).toBe(true);
    expect(errorCodeFits(8, 'Solana')).toBe(false);
    expect(errorCodeFits(8, 'Base')).toBe(true);
    expect(errorCodeFits(8, 'TON')).toBe(false);
    expect(errorCodeFits(0, 'TON')).toBe(true);
    expect(errorCodeFits(99, 'Ethereum')).toBe(true);
    for (const network of NETWORKS) {
      const codes = errorCodesFor(network);
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((code) => errorCodeFits(code, network))).toBe(true);
      expect(codes).toEqual([...codes].sort((a, b) => a - b));
    }
    expect(errorCodesFor('Ethereum')).not.toContain(34);
    expect(errorCodesFor('Solana')).toContain(34);
    expect(errorCodesFor('Tron')).toEqual(GENERIC_ERROR_CODES);
  });
});

describe('§3 amounts a tx moves', () => {
  it('approvals move no value; every other tx type does', () => {
    expect(movesValue('ApproveSwap')).toBe(false);
    expect(movesValue('ApproveBridge')).toBe(false);
    expect(movesValue('ApproveSell')).toBe(false);
    for (const txType of ['Swap', 'Bridge', 'Claim', 'Sell', 'Refund', 'TransferToken'] as const) expect(movesValue(txType)).toBe(true);
  });

  it("a swap's amount out is amount in × price × (1 − fee): never its amount in, even for a stablecoin at 1", () => {
    expect(swapAmountOut(1000, 1 / 2000, 0.003)).toBeCloseTo(0.4985, 10);
    expect(swapAmountOut(1000, 1, 0.0005)).toBeCloseTo(999.5, 10);
    expect(swapAmountOut(1000, 1, 0.0005)).not.toBe(1000);
  });
});
