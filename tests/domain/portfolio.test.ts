import { describe, expect, it } from 'vitest';
import { portfolioValueUSD } from '../../src/domain/portfolio.ts';

const natives: Record<string, string> = { Ethereum: 'ETH', Arbitrum: 'ETH', Binance: 'BNB', Solana: 'SOL' };
const nativeOf = (network: string) => natives[network];

describe('Gas and balances: total portfolio value in USD (native balances × nativePriceUSD)', () => {
  it('sums balance × the native coin price over the networks, networks sharing a coin each counted', () => {
    const value = portfolioValueUSD({ Ethereum: 2, Arbitrum: 0.5, Binance: 10 }, nativeOf, { ETH: 3000, BNB: 600 });
    expect(value.totalUSD).toBeCloseTo(2 * 3000 + 0.5 * 3000 + 10 * 600, 9);
    expect(value.priced.sort()).toEqual(['Arbitrum', 'Binance', 'Ethereum']);
    expect(value.unpriced).toEqual([]);
  });

  it('leaves out and names a network whose coin has no price or that has no known coin', () => {
    const value = portfolioValueUSD({ Ethereum: 1, Solana: 5, Mystery: 7 }, nativeOf, { ETH: 2000 });
    expect(value.totalUSD).toBe(2000);
    expect(value.priced).toEqual(['Ethereum']);
    expect(value.unpriced.sort()).toEqual(['Mystery', 'Solana']);
  });

  it('is zero with nothing priced yet (no brain state), every balance named as unpriced', () => {
    const value = portfolioValueUSD({ Ethereum: 1 }, nativeOf, undefined);
    expect(value).toEqual({ totalUSD: 0, priced: [], unpriced: ['Ethereum'] });
  });

  it('ignores a balance that is not a finite number', () => {
    const value = portfolioValueUSD({ Ethereum: Number.NaN, Binance: 1 }, nativeOf, { ETH: 1, BNB: 2 });
    expect(value).toEqual({ totalUSD: 2, priced: ['Binance'], unpriced: [] });
  });
});
