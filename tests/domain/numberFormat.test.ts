import { describe, expect, it, vi } from 'vitest';
import {
  formatAmount, formatCount, formatCountCompact, formatGas, formatNumber, formatPercent, formatSeconds, formatUsd, formatUsdChange, formatUsdCompact,
} from '../../src/domain/numberFormat.ts';
import { tradeAmountUnit, txAmountUnit } from '../../src/domain/amountUnits.ts';
import { gasText } from '../../src/domain/gasUnit.ts';

describe('§2 numbers of one kind read one way on every screen, with their unit', () => {
  it('a token amount keeps 2 to 6 places, so a column lines up: "1,192.60" beside "2,385.05"', () => {
    expect(formatAmount(1192.6)).toBe('1,192.60');
    expect(formatAmount(2385.05)).toBe('2,385.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(1234567.1234567)).toBe('1,234,567.123457');
    expect(formatAmount(0.5)).toBe('0.50');
    expect(formatAmount(-3)).toBe('-3.00');
  });

  it('a tiny amount is never "0.00": below 0.01 it reads by its significant digits', () => {
    expect(formatAmount(0.000123)).toBe('0.000123');
    expect(formatAmount(0.0000042)).toBe('0.0000042');
    expect(formatAmount(0.00123456)).toBe('0.00123');
    expect(formatAmount(-0.0000042)).toBe('-0.0000042');
  });

  it('an amount carries its token when the caller knows it; a figure that is not finite shows as it is', () => {
    expect(formatAmount(1192.6, 'USDC')).toBe('1,192.60 USDC');
    expect(formatAmount(1192.6, '')).toBe('1,192.60');
    expect(formatAmount(1192.6, undefined)).toBe('1,192.60');
    expect(formatAmount(Number.NaN, 'ETH')).toBe('NaN ETH');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it('dollars read "$1,234.56"; a profit carries its sign, as the profit figures always read', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.004)).toBe('$0.00');
    expect(formatUsdChange(0.28)).toBe('+$0.28');
    expect(formatUsdChange(-1.2)).toBe('-$1.20');
    expect(formatUsdChange(0)).toBe('$0.00');
    expect(formatUsdCompact(1234)).toBe('$1.2K');
    expect(formatUsdCompact(950)).toBe('$950');
  });

  it('counts are whole and grouped; compact where room is short', () => {
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(7)).toBe('7');
    expect(formatCountCompact(317_400)).toBe('317.4K');
    expect(formatCountCompact(950)).toBe('950');
    expect(formatCountCompact(1_200_000)).toBe('1.2M');
  });

  it('a rate is a percent with one decimal; none yet is a dash', () => {
    expect(formatPercent(0.972)).toBe('97.2%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(null)).toBe('–');
  });

  it('gas reads at most 4 places, in gwei where the network prices it so; seconds with one decimal', () => {
    expect(formatGas(25.123456)).toBe('25.1235');
    expect(formatGas(0.00123)).toBe('0.00123');
    expect(gasText(25.1, 'Ethereum')).toBe('25.1 gwei');
    expect(gasText(5000, 'Solana')).toBe('5,000');
    expect(formatSeconds(2500)).toBe('2.5 s');
    expect(formatSeconds(3000)).toBe('3.0 s');
  });

  it('a figure of no known kind is grouped, with no places added', () => {
    expect(formatNumber(7)).toBe('7');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(1.23456789)).toBe('1.234568');
  });

  it('the browser\'s locale changes nothing: under a German default locale the figures still read "1,192.60"', async () => {
    // A formatter made with the default locale (undefined) takes the browser's: made German here,
    // the module is loaded afresh and must not follow it.
    const Original = Intl.NumberFormat;
    const German = function (locales?: string | string[], options?: Intl.NumberFormatOptions) {
      return new Original(locales ?? 'de-DE', options);
    } as unknown as typeof Intl.NumberFormat;
    vi.stubGlobal('Intl', { ...Intl, NumberFormat: German });
    vi.resetModules();
    try {
      expect(new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(1192.6)).toBe('1.192,60');
      const fresh = await import('../../src/domain/numberFormat.ts');
      expect([fresh.formatAmount(1192.6, 'USDC'), fresh.formatUsd(1192.6), fresh.formatCount(100000), fresh.formatPercent(0.972)]).toEqual([
        '1,192.60 USDC', '$1,192.60', '100,000', '97.2%',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('§3 an amount is shown in its unit: each leg\'s own (docs/protocol.md "Trades")', () => {
  it('the buy swap spends USD and gives the token; bridge and claim move the token; the sell gives USD', () => {
    const tx = (txType: string) => ({ txType, tokenName: 'PEPE', network: 'Base' });
    expect([txAmountUnit(tx('Swap'), 'in'), txAmountUnit(tx('Swap'), 'out')]).toEqual(['USD', 'PEPE']);
    expect([txAmountUnit(tx('Bridge'), 'in'), txAmountUnit(tx('Claim'), 'out')]).toEqual(['PEPE', 'PEPE']);
    expect([txAmountUnit(tx('Sell'), 'in'), txAmountUnit(tx('Sell'), 'out')]).toEqual(['PEPE', 'USD']);
    expect(txAmountUnit(tx('TransferNative'), 'in')).toBe('ETH');
  });

  it('no unit rather than a guess: a refund, an unknown tx type, a row without its token', () => {
    expect(txAmountUnit({ txType: 'Refund', tokenName: 'PEPE' }, 'in')).toBeUndefined();
    expect(txAmountUnit({ txType: 'Teleport', tokenName: 'PEPE' }, 'in')).toBeUndefined();
    expect(txAmountUnit({ txType: 'Bridge' }, 'in')).toBeUndefined();
  });

  it('a trade\'s capital is its first leg that moves value, its output the last leg\'s; a list row without steps goes by its bridge', () => {
    const steps = [
      { txType: 'ApproveSwap', network: 'Base' },
      { txType: 'Swap', network: 'Base' },
      { txType: 'Bridge', network: 'Base' },
      { txType: 'Sell', network: 'Arbitrum' },
    ] as const;
    expect(tradeAmountUnit({ tokenName: 'PEPE', bridge: { name: 'across' }, steps }, 'in')).toBe('USD');
    expect(tradeAmountUnit({ tokenName: 'PEPE', bridge: { name: 'across' }, steps }, 'out')).toBe('USD');
    expect(tradeAmountUnit({ tokenName: 'PEPE', bridge: { name: '' }, steps: [{ txType: 'Sell', network: 'Base' }] }, 'in')).toBe('PEPE');
    expect(tradeAmountUnit({ tokenName: 'PEPE', bridge: { name: 'across' } }, 'in')).toBe('USD');
    expect(tradeAmountUnit({ tokenName: 'PEPE', bridge: { name: '' } }, 'in')).toBe('PEPE');
  });
});
