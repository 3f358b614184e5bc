/** The simulated worker's quote engine (docs/protocol.md "Quote"). The HTTP route lives with the server. */
export {
  createQuoteEngine, createQuoteEngineFromPools, ENGINE_VERSION, DEFAULT_POOLS_PER_NETWORK, QUOTE_ERRORS,
  DRIFT_SHARE, DRIFT_MAX_MOVE,
  type QuoteEngine, type QuoteEngineOptions, type MarketInit,
} from './engine.ts';
export { createPool, engineToken, generateMarket, hubsOf, venuesOf, type PoolInit, type DexVariant } from './pools.ts';
export { findRoutes, amountOutOf, gasOf, PoolIndex, MAX_ROUTES, type Candidate, type PairLookup } from './router.ts';
export {
  getAmountOutV2, getAmountOutV3, getAmountOutStable, getAmountOutWeighted, stableInvariant, concentrationForRange,
  CONCENTRATION_SCALE,
} from './math.ts';
export { DEFAULT_PRICES_USD, HUB_SYMBOLS, STABLE_SYMBOLS } from './prices.ts';
export type {
  EngineQuote, EngineRoute, EngineHop, EngineToken, Pool, PoolKind, QuoteRequest, TokenSpec,
} from './types.ts';
export { HOP_GAS, ROUTE_BASE_GAS } from './types.ts';
