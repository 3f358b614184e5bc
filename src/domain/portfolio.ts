/**
 * The total portfolio value in USD, from each network's native balance times its native coin's
 * price (brainState.nativePriceUSD). A network without a known native coin, price or balance adds
 * nothing to the total and is named in `unpriced`, so the console can say the total leaves it out
 * instead of showing a smaller figure as if it were whole.
 */
export interface PortfolioValue {
  /** Sum of balance × price over the priced networks, in USD. */
  totalUSD: number;
  /** Networks counted in the total. */
  priced: string[];
  /** Networks with a balance that could not be valued (no native coin or no price known). */
  unpriced: string[];
}

export function portfolioValueUSD(
  balances: Readonly<Record<string, number>>,
  nativeOf: (network: string) => string | undefined,
  nativePriceUSD: Readonly<Record<string, number>> | undefined,
): PortfolioValue {
  let totalUSD = 0;
  const priced: string[] = [];
  const unpriced: string[] = [];
  for (const [network, balance] of Object.entries(balances)) {
    if (!Number.isFinite(balance)) continue;
    const native = nativeOf(network);
    const price = native === undefined ? undefined : nativePriceUSD?.[native];
    if (price === undefined || !Number.isFinite(price)) {
      unpriced.push(network);
      continue;
    }
    totalUSD += balance * price;
    priced.push(network);
  }
  return { totalUSD, priced, unpriced };
}
