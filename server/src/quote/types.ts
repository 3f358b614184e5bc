/** Types of the simulated quote engine. Its Quote answers follow docs/protocol.md "Quote" (src/contract Quote). */

/** A built-in token: [name, address, decimals] (the shape of src/config/tokens.ts). */
export type TokenSpec = readonly [name: string, address: string, decimals: number];

export interface EngineToken {
  symbol: string;
  /** Lower-cased when it starts with 0x. */
  address: string;
  decimals: number;
  priceUsd: number;
}

export type PoolKind = 'v2' | 'v3' | 'stable' | 'weighted';

export interface Pool {
  address: string;
  /** name_variant, e.g. uni_v3 */
  dex: string;
  kind: PoolKind;
  token0: EngineToken;
  token1: EngineToken;
  reserve0: bigint;
  reserve1: bigint;
  feeBps: bigint;
  /** v3: virtual/real reserve factor × CONCENTRATION_SCALE. */
  concentration: bigint;
  /** stable: amplification. */
  amp: bigint;
  /** stable: cached invariant of the 18-decimal balances; null when the reserves changed. */
  invariant: bigint | null;
  /** weighted: weights of token0 and token1 (sum 1). */
  weight0: number;
  weight1: number;
}

/**
 * Gas of a swap through one pool of each kind, on top of the route's base cost. The kinds differ by
 * less than a hop costs, so a route's gas grows with its hop count whatever pools it uses.
 */
export const HOP_GAS: Readonly<Record<PoolKind, number>> = {
  v2: 90_000,
  v3: 105_000,
  weighted: 110_000,
  stable: 120_000,
};
export const ROUTE_BASE_GAS = 40_000;

export interface QuoteRequest {
  network: string;
  tokenInAddress: string;
  tokenOutAddress: string;
  amountIn: bigint;
}

export interface EngineHop {
  dex: string;
  poolAddress: string;
}

export interface EngineRoute {
  /** Integer base units of the out token, decimal string. */
  amountOut: string;
  /** Gas units; grows with the number of hops. */
  gasEstimate: number;
  routeInfo: EngineHop[];
}

/** docs/protocol.md "Quote". */
export interface EngineQuote {
  version: number;
  network: string;
  from: string;
  to: string;
  amountIn: string;
  /** Time the search took, ms. */
  time: number;
  block: number | null;
  error?: string;
  routes: EngineRoute[];
}
