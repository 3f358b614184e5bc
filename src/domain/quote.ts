/**
 * The quote panel's rules (§4 "Quote panel initial state", §5 quote validation, §8 quote
 * errors, §2 route display), as pure functions of the token list and the panel state.
 */
import { PERCENT_DIFF_DECIMALS } from '../config/constants.ts';
import { NETWORKS, NETWORK_INFO, explorerAddressUrl, isNetwork } from '../config/networks.ts';
import { Quote, type QuoteQuery, type QuoteRoute } from '../contract/index.ts';
import { fromBaseUnits, percentFromBest, toBaseUnits, toSignificant } from './amounts.ts';
import { poolKey } from './keys.ts';
import { normaliseAddress, type TokenEntry } from './tokenSearch.ts';
import { formatCount } from './numberFormat.ts';

/** §4 Default amount is 1. */
export const DEFAULT_QUOTE_AMOUNT = '1';

/** §5 messages. */
export const SAME_NETWORK_MESSAGE = 'From and To tokens must be on the same network';
/** §8 messages. */
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const MALFORMED_QUOTE_MESSAGE = 'Quote res malformed?';
export const LOCAL_ERROR_PREFIX = 'Local err: ';

export type Side = 'from' | 'to';
export const otherSide = (side: Side): Side => (side === 'from' ? 'to' : 'from');

export interface QuotePanelState {
  from: TokenEntry | null;
  to: TokenEntry | null;
  /** What the operator typed, in token units ("1.5"). */
  amount: string;
}

/** §4 What a panel is opened with: an initial network, from/to addresses and amount, all optional. */
export interface QuotePanelInit {
  network?: string;
  from?: string;
  to?: string;
  amount?: string;
}

/**
 * §4 "WETH" of a network: its wrapped-native token (WETH on the Ethereum-gas networks, WBNB on
 * Binance, WPOL on Polygon...), taken from the token list when listed there so it carries the
 * list's name, else from NETWORK_INFO.
 */
export function wrappedEtherOf(tokens: readonly TokenEntry[], network: string): TokenEntry | null {
  if (!isNetwork(network)) return null;
  const wrapped = NETWORK_INFO[network].wrappedNative;
  const address = normaliseAddress(wrapped.address);
  return (
    tokens.find((t) => t.network_name === network && t.address === address) ?? {
      tokenName: wrapped.symbol,
      network_name: network,
      address,
      decimals: wrapped.decimals,
    }
  );
}

export function isWrappedEther(token: TokenEntry): boolean {
  if (!isNetwork(token.network_name)) return false;
  return token.address === normaliseAddress(NETWORK_INFO[token.network_name].wrappedNative.address);
}

function findOnNetwork(tokens: readonly TokenEntry[], network: string, address: string | undefined): TokenEntry | null {
  if (!address) return null;
  const wanted = normaliseAddress(address);
  return tokens.find((t) => t.network_name === network && t.address === wanted) ?? null;
}

/**
 * §4 Initial state: tokens are chosen on the initial network from the given from/to addresses and
 * amount. If only one token is given, the other is WETH of that network; otherwise (none given) the
 * first token of the network is from and the next one on it is to. The amount defaults to 1.
 * An address not on the list counts as not given.
 */
export function initialPanelState(tokens: readonly TokenEntry[], init: QuotePanelInit = {}): QuotePanelState {
  const amount = init.amount ?? DEFAULT_QUOTE_AMOUNT;
  const network = init.network ?? tokens[0]?.network_name;
  if (network === undefined) return { from: null, to: null, amount };
  const from = findOnNetwork(tokens, network, init.from);
  const to = findOnNetwork(tokens, network, init.to);
  if (from && to) return { from, to, amount };
  if (from) return { from, to: wrappedEtherOf(tokens, network), amount };
  if (to) return { from: wrappedEtherOf(tokens, network), to, amount };
  const onNetwork = tokens.filter((t) => t.network_name === network);
  return { from: onNetwork[0] ?? null, to: onNetwork[1] ?? null, amount };
}

/**
 * §4 Choosing a token for one side. A non-WETH choice sets the other side to WETH of the chosen
 * token's network; choosing WETH leaves the other side alone.
 */
export function chooseToken(
  state: QuotePanelState,
  side: Side,
  token: TokenEntry,
  tokens: readonly TokenEntry[],
): QuotePanelState {
  const next: QuotePanelState = { ...state, [side]: token };
  if (!isWrappedEther(token)) {
    const weth = wrappedEtherOf(tokens, token.network_name);
    if (weth) next[otherSide(side)] = weth;
  }
  return next;
}

/** §4 The same token (by tokenName) on the other networks of the list: the alternative-network icons. */
export function alternativeNetworks(tokens: readonly TokenEntry[], token: TokenEntry | null): TokenEntry[] {
  if (!token) return [];
  const seen = new Set<string>([token.network_name]);
  const result: TokenEntry[] = [];
  for (const t of tokens) {
    if (t.tokenName === token.tokenName && !seen.has(t.network_name)) {
      seen.add(t.network_name);
      result.push(t);
    }
  }
  return result;
}

/** The network list's order, searchable by any name (a token list may name a network it does not know). */
const NETWORK_ORDER: readonly string[] = NETWORKS;

/**
 * §2/§4 The network icons of a token box: the token on every network the list has it on, its own
 * network included, in the order of the network list (config/networks.ts; networks it does not know
 * last, by name). The order does not depend on which network is chosen, so a click leaves every
 * icon where it was and the same spot keeps picking the same network.
 */
export function tokenNetworks(tokens: readonly TokenEntry[], token: TokenEntry | null): TokenEntry[] {
  if (!token) return [];
  const rank = (network: string) => {
    const index = NETWORK_ORDER.indexOf(network);
    return index === -1 ? NETWORK_ORDER.length : index;
  };
  return [token, ...alternativeNetworks(tokens, token)].sort(
    (a, b) => rank(a.network_name) - rank(b.network_name) || a.network_name.localeCompare(b.network_name),
  );
}

/**
 * §4 The swap button exchanges from and to and copies the best route's output, scaled by the
 * (old) to-token's decimals, into the amount. Without a best route the amount stays.
 */
/**
 * §2 Cmd/Ctrl-click on another network's icon: the second panel starts on that network with the
 * clicked token on its side and, where the other side's token also exists there, that token too
 * (otherwise §4's WETH default applies), so it quotes the same pair on the other network.
 */
export function besideInit(
  tokens: readonly TokenEntry[],
  state: QuotePanelState,
  side: Side,
  token: TokenEntry,
): QuotePanelInit {
  const counterpart = state[otherSide(side)];
  const match = counterpart
    ? tokens.find((t) => t.network_name === token.network_name && t.tokenName === counterpart.tokenName)
    : undefined;
  return {
    network: token.network_name,
    [side]: token.address,
    ...(match && match.address !== token.address ? { [otherSide(side)]: match.address } : {}),
    amount: state.amount,
  };
}

export function swapSides(state: QuotePanelState, bestAmountOut: bigint | null): QuotePanelState {
  const amount = bestAmountOut !== null && state.to ? fromBaseUnits(bestAmountOut, state.to.decimals) : state.amount;
  return { from: state.to, to: state.from, amount };
}

export type QuoteInput = { ok: true; query: QuoteQuery } | { ok: false; message: string | null };

/**
 * §5 The quote runs only when from, to and amount are all set: tokens on the same network and the
 * amount converted exactly to integer base units of the from token. message is null when a token
 * is simply not chosen yet.
 */
export function quoteInput(state: QuotePanelState): QuoteInput {
  const { from, to } = state;
  if (!from || !to) return { ok: false, message: null };
  if (from.network_name !== to.network_name) return { ok: false, message: SAME_NETWORK_MESSAGE };
  const amountIn = toBaseUnits(state.amount, from.decimals);
  if (!amountIn.ok) return { ok: false, message: amountIn.error };
  return {
    ok: true,
    query: {
      network: from.network_name,
      tokenInAddress: from.address,
      tokenOutAddress: to.address,
      amountIn: amountIn.value.toString(),
    },
  };
}

/** §7 react-query key of a quote. */
export function quoteQueryKey(query: QuoteQuery): readonly ['quoteUi', string, string, string, string] {
  return ['quoteUi', query.network, query.tokenInAddress, query.tokenOutAddress, query.amountIn];
}

/** §8 The error quote a thrown fetch becomes. */
export function localErrorQuote(error: unknown): { error: string; routes: [] } {
  const cause = error instanceof Error ? error.message : String(error);
  return { error: `${LOCAL_ERROR_PREFIX}${cause}`, routes: [] };
}

export type QuoteOutcome =
  | { kind: 'error'; message: string }
  | { kind: 'quote'; routes: QuoteRoute[]; block: unknown; time: number };

/**
 * §8: a response carrying an error shows that text (or Unknown error when it is empty or not text);
 * a time that is not a number (or a body that is not a quote at all) shows Quote res malformed?.
 */
export function interpretQuote(raw: unknown): QuoteOutcome {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'error', message: MALFORMED_QUOTE_MESSAGE };
  const { error, time } = raw as { error?: unknown; time?: unknown };
  if (error !== undefined && error !== null && error !== false) {
    return { kind: 'error', message: typeof error === 'string' && error !== '' ? error : UNKNOWN_ERROR_MESSAGE };
  }
  if (typeof time !== 'number' || Number.isNaN(time)) return { kind: 'error', message: MALFORMED_QUOTE_MESSAGE };
  const parsed = Quote.safeParse(raw);
  if (!parsed.success) return { kind: 'error', message: MALFORMED_QUOTE_MESSAGE };
  return { kind: 'quote', routes: parsed.data.routes ?? [], block: parsed.data.block, time };
}

/**
 * An amount of base units from the wire, else null. docs/protocol.md "Quote" leaves amountOut's
 * type open: a decimal string (exact) or a JSON number (beyond 2^53 a number is already rounded by
 * JSON.parse; it is taken as it arrived). A fraction of a base unit is dropped.
 */
export function baseUnits(value: string | number): bigint | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? BigInt(Math.trunc(value)) : null;
  const match = /^(\d{1,78})(?:\.\d*)?$/.exec(value.trim());
  return match?.[1] === undefined ? null : BigInt(match[1]);
}

export interface HopView {
  /** name_variant as sent. */
  dex: string;
  poolAddress: string;
  /** 0x1234…abcd */
  shortAddress: string;
  /** The pool's address page on the network's explorer; null unless http(s). */
  url: string | null;
}

export interface RouteView {
  /** §2 "Best" for the first route, else the negative percent from the best ("-0.35%"). */
  label: string;
  isBest: boolean;
  amountOut: bigint;
  /** §2/§9 12 significant digits, scaled by the to-token decimals. */
  amountOutText: string;
  gasEstimate: number | null;
  hops: HopView[];
}

export interface RouteContext {
  network: string;
  toDecimals: number;
  /** The quote is too far behind its network's head (quoteAge): no route is called Best. */
  stale?: boolean;
}

export interface QuoteAge {
  /** Blocks between the quote's block and the head (0: at the head or ahead of what this console has seen). */
  behind: number;
  stale: boolean;
  /** "at the head", "3 blocks behind", "40 blocks behind: stale". */
  text: string;
}

/** How far a quote's block is behind its network's head, in blocks; null when either is unknown. */
export function quoteAge(block: unknown, head: number | undefined, staleBlocks: number): QuoteAge | null {
  if (typeof block !== 'number' || !Number.isFinite(block) || head === undefined) return null;
  const behind = Math.max(0, head - block);
  const stale = behind > staleBlocks;
  const words = behind === 0 ? 'at the head' : `${formatCount(behind)} ${behind === 1 ? 'block' : 'blocks'} behind`;
  return { behind, stale, text: stale ? `${words}: stale` : words };
}

/** §2 0x1234…abcd */
export function shortenAddress(address: string): string {
  if (address.length <= 12) return address;
  return /^0x/i.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/** Only http(s) links are ever rendered. */
export function safeHttpUrl(url: string | null): string | null {
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * §2 Route rows, in the order received (routes arrive best first): amount out to 12 significant
 * digits, gas, hops with explorer links; "Best" first, the others as their percent from the best.
 * Null when an amount out is not an integer amount of base units.
 */
export function formatRoutes(routes: readonly QuoteRoute[], ctx: RouteContext): RouteView[] | null {
  const amounts = routes.map((r) => baseUnits(r.amountOut));
  if (amounts.some((a) => a === null)) return null;
  const best = amounts[0] ?? 0n;
  return routes.map((route, i) => {
    const amountOut = amounts[i] as bigint;
    const gas = Number(route.gasEstimate);
    const gasEstimate = Number.isFinite(gas) && gas >= 0 ? gas : null;
    return {
      // A stale quote names no Best: its first route was the best of a market that has moved on.
      label: i === 0 ? (ctx.stale ? 'Stale' : 'Best') : percentFromBest(best, amountOut, PERCENT_DIFF_DECIMALS),
      isBest: i === 0 && ctx.stale !== true,
      amountOut,
      amountOutText: toSignificant(fromBaseUnits(amountOut, ctx.toDecimals)),
      gasEstimate,
      hops: route.routeInfo.map((hop) => ({
        dex: hop.dex,
        poolAddress: hop.poolAddress,
        shortAddress: shortenAddress(hop.poolAddress),
        url: safeHttpUrl(explorerAddressUrl(ctx.network, hop.poolAddress)),
      })),
    };
  });
}

/**
 * §4/§5 Pool tracking keys (token_networkA_networkB_lp) whose results make the panel's quote
 * refetch: each panel token paired with its network and every other network.
 */
export function trackedPoolKeys(tokenNames: readonly string[], network: string, networks: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const name of tokenNames) {
    for (const other of networks) if (other !== network) keys.add(poolKey(name, network, other));
  }
  return [...keys];
}
