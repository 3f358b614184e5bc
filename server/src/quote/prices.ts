/** Rough USD prices the simulated pools are sized and priced from (order of magnitude is what matters). */
export const DEFAULT_PRICES_USD: Readonly<Record<string, number>> = {
  WETH: 3000,
  ETH: 3000,
  cbETH: 3250,
  WBTC: 60_000,
  BTCB: 60_000,
  cbBTC: 60_000,
  USDC: 1,
  'USDC.e': 1,
  USDbC: 1,
  USDT: 1,
  DAI: 1,
  BUSD: 1,
  WBNB: 550,
  WPOL: 0.5,
  WMATIC: 0.5,
  LINK: 15,
  UNI: 8,
  AAVE: 150,
  MKR: 1800,
  LDO: 2,
  PEPE: 0.00001,
  SHIB: 0.00002,
  ARB: 0.8,
  GMX: 25,
  OP: 1.8,
  VELO: 0.1,
  AERO: 1,
  QUICK: 0.05,
  CAKE: 2.5,
};

/** Dollar-pegged symbols: pairs of these get StableSwap pools. */
export const STABLE_SYMBOLS: ReadonlySet<string> = new Set(['USDC', 'USDC.e', 'USDbC', 'USDT', 'DAI', 'BUSD']);

/**
 * Routing hubs besides each network's first token (its wrapped native): the tokens most pools pair
 * against. Multi-hop routes only pass through hubs.
 */
export const HUB_SYMBOLS: ReadonlySet<string> = new Set(['WETH', 'ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'BTCB', 'cbBTC']);
