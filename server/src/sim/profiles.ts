/**
 * What the simulated trading system looks like: the networks it watches with their real block
 * times and typical gas and balances, token prices, and how often each kind of event happens at
 * SIM_RATE=1. Frequencies are per simulated second; SIM_RATE speeds the simulated clock up.
 */
import { NETWORK_INFO, type Network } from '../../../src/config/networks.ts';
import type { TxType } from '../../../src/config/enums.ts';

export interface NetworkProfile {
  network: Network;
  /** The chain's real block (or slot) time. */
  blockMs: number;
  /** A realistic recent head, so the block buttons show plausible numbers. */
  startBlock: number;
  /** Typical gas price in gwei (SOL: micro-lamports per compute unit, shown the same way). */
  gasGwei: number;
  /** Typical hot-wallet balance in the native coin. */
  balance: number;
}

/**
 * Heads come at most once a simulated second: a sub-second chain (Arbitrum, Solana) advances its
 * number by several blocks per head instead, which is also what a polling node reports.
 */
export const MIN_HEAD_INTERVAL_MS = 1000;

export const SIM_NETWORKS: readonly NetworkProfile[] = [
  { network: 'Ethereum', blockMs: 12_000, startBlock: 21_640_000, gasGwei: 12, balance: 4.2 },
  { network: 'Arbitrum', blockMs: 250, startBlock: 296_500_000, gasGwei: 0.012, balance: 1.6 },
  { network: 'Base', blockMs: 2000, startBlock: 25_180_000, gasGwei: 0.006, balance: 1.1 },
  { network: 'Optimism', blockMs: 2000, startBlock: 130_770_000, gasGwei: 0.004, balance: 0.8 },
  { network: 'Binance', blockMs: 3000, startBlock: 45_820_000, gasGwei: 1, balance: 6.5 },
  { network: 'Polygon', blockMs: 2000, startBlock: 66_900_000, gasGwei: 38, balance: 2400 },
  { network: 'Solana', blockMs: 400, startBlock: 314_200_000, gasGwei: 0.05, balance: 35 },
  { network: 'Snowtrace', blockMs: 2000, startBlock: 56_300_000, gasGwei: 1.5, balance: 90 },
  { network: 'Gnosis', blockMs: 5000, startBlock: 38_100_000, gasGwei: 1.2, balance: 1500 },
  { network: 'Linea', blockMs: 2000, startBlock: 14_900_000, gasGwei: 0.07, balance: 0.9 },
];

export const SIM_NETWORK_NAMES = SIM_NETWORKS.map((p) => p.network);

export function nativeCoinOf(network: Network): string {
  return NETWORK_INFO[network].native;
}


/** Two secondary wallets whose balances are watched on a few networks (secondBalance). */
export const SECONDARY_WALLETS = [
  { address: '0x9b1f3c7a2e5d40b8c6a1f2e3d4c5b6a798e0d1c2', networks: ['Ethereum', 'Arbitrum', 'Base'] },
  { address: '0x3d7e9a1c5b2f48e6a0c4d8b2f6e1a3c5d7b9e0f4', networks: ['Binance', 'Polygon', 'Solana'] },
] as const satisfies readonly { address: string; networks: readonly Network[] }[];

/** USD prices of the demo tokens; any other token gets a stable made-up price from its name. */
export const TOKEN_PRICES_USD: Readonly<Record<string, number>> = {
  USDC: 1, USDT: 1, DAI: 1, WBTC: 97_000, LINK: 19.5, UNI: 9.8, AAVE: 265, ARB: 0.62, WETH: 3190,
  CAKE: 2.4, AERO: 1.15, GMX: 24,
};

/** §8 Trade error codes run from 0 to 41. */
export const TRADE_ERROR_CODE_MAX = 41;

/** Bridge kinds that deliver with a separate claim on the destination network. */
export const CLAIMING_BRIDGE_KINDS: ReadonlySet<string> = new Set([
  'Polygon', 'Arbitrum', 'Optimism', 'Portal', 'PortalNtt', 'ConstructorClaim',
]);

/** The tx types of a trade, in order: optional approvals, buy, bridge, claim where the bridge needs one, sell. */
export function tradeTxTypes(chance: (probability: number) => boolean, kind: string): TxType[] {
  const types: TxType[] = [];
  if (chance(0.2)) types.push('ApproveSwap');
  types.push('Swap');
  if (chance(0.15)) types.push('ApproveBridge');
  types.push('Bridge');
  if (CLAIMING_BRIDGE_KINDS.has(kind)) types.push('Claim');
  if (chance(0.1)) types.push('ApproveSell');
  types.push('Sell');
  return types;
}

/** Mean gaps between events, in simulated ms (SIM_RATE=1). */
export const CADENCE = {
  gasMs: 5000,
  balanceMs: 12_000,
  secondBalanceMs: 20_000,
  /** One stall per network about every 15 minutes, so about one a minute across the board. */
  stallEveryMs: 15 * 60_000,
  iterationResultMs: 65,
  iterationErrorEveryMs: 8000,
  checkerMs: 3000,
  statsMs: 5000,
  tradeMs: 8000,
  priceMs: 5000,
  peerOutageEveryMs: 4 * 60_000,
  serviceDropEveryMs: 6 * 60_000,
  /** One service stops reporting while connected (silent past 30 s) about every 15 minutes. */
  serviceSilenceEveryMs: 15 * 60_000,
  /** How often connected services report in: well inside the console's 30 s before silent. */
  serviceReportMs: 10_000,
  notifyEveryMs: 3 * 60_000,
  soundEveryMs: 12 * 60_000,
} as const;

/** Route search after a workers start (§4): 0 to 100 % over about 5 s. */
export const ROUTE_SEARCH_MS = 5000;
export const ROUTE_SEARCH_STEP_MS = 250;
/** How long 100 % shows before the search reports itself finished. */
export const ROUTE_SEARCH_SETTLE_MS = 500;

/** Trades confirm 2 to 8 s after they are sent; about 15 % fail. */
export const CONFIRM_MIN_MS = 2000;
export const CONFIRM_MAX_MS = 8000;
export const TRADE_FAIL_RATE = 0.15;

/**
 * The operators' own txs (sim/operations.ts): they wait this long on average in the queue before
 * they are sent (then settle in CONFIRM_MIN_MS to CONFIRM_MAX_MS), a sell waiting for running
 * workers looks again this often, and this share of them fail.
 */
export const OPERATION_QUEUE_MS = 4000;
export const OPERATION_RETRY_MS = 2000;
export const OPERATION_FAIL_RATE = 0.1;

/** A swap's or sell's fee, as a fraction of what it moves (0.05 % to 0.3 %). */
export const SWAP_FEE_MIN = 0.0005;
export const SWAP_FEE_MAX = 0.003;
/** A bridge's fee, as a fraction of what it carries. */
export const BRIDGE_FEE_MIN = 0.0002;
export const BRIDGE_FEE_MAX = 0.001;

/**
 * How a trade's 2 to 8 s share out over its steps, sent one after the other: a bridge takes
 * longest, an approval least (each weight also jitters by ±50 %).
 */
export const STEP_WEIGHTS: Readonly<Record<TxType, number>> = {
  ApproveSwap: 0.4, ApproveSell: 0.4, ApproveBridge: 0.4, Swap: 1, Sell: 1, Bridge: 3, Claim: 1.5,
  TransferNative: 1, TransferToken: 1, TransferFrom: 1, Refund: 1,
};

/**
 * Now and then one step of a trade takes minutes instead of seconds (a congested bridge, a
 * transaction stuck in a mempool): about one trade in 25, so one every few minutes at SIM_RATE=1,
 * long enough that the trade watch finds it stuck (STUCK_FACTOR × p95, or STUCK_FLOOR_MS) and
 * then sees it move on. Rare enough per kind of step that the p95 of each stays that of the quick ones.
 */
export const SLOW_TRADE_RATE = 0.04;
export const SLOW_STEP_MIN_MS = 3 * 60_000;
export const SLOW_STEP_MAX_MS = 8 * 60_000;
