/**
 * The timeline's sentences (docs/protocol.md "Timeline"): what happened, in the operator's words,
 * with how much it matters. The reference server writes them as it sees things happen; they are
 * here, pure, so the words are the console's and a test reads them without a server.
 */
import type { TimelineSeverity } from '../config/enums.ts';
import { tradeErrorMessage } from '../config/errorCodes.ts';
import { TRADES_PATH } from '../config/trades.ts';
import { durationText, roughDurationText } from './durationText.ts';
import type { HealthColour } from './health.ts';

/** §4's colours as the header's light shows them. */
const COLOUR_WORD: Readonly<Record<HealthColour, string>> = { success: 'green', warning: 'amber', danger: 'red' };
const COLOUR_SEVERITY: Readonly<Record<HealthColour, TimelineSeverity>> = { success: 'info', warning: 'warning', danger: 'critical' };

/** A trade's id cut to what an operator compares at a glance ("1a2b3c4d…"); the link carries the whole. */
export function shortTradeId(tradeId: string): string {
  return tradeId.length > 10 ? `${tradeId.slice(0, 8)}…` : tradeId;
}

/** A trade's page in the console. */
export const tradePath = (tradeId: string): string => `${TRADES_PATH}/${encodeURIComponent(tradeId)}`;

export interface HealthCause {
  /** Named services that are not connected (the ConnectedServices extension), in the backend's order. */
  downServices: readonly string[];
  /** Peers whose connection count is zero. */
  idlePeers: readonly string[];
  numConnected: number;
  numExpected: number;
}

/** "Service health red: eventer down"; "Service health green again". */
export function healthChangeText(colour: HealthColour, cause: HealthCause): { text: string; severity: TimelineSeverity } {
  const severity = COLOUR_SEVERITY[colour];
  const word = COLOUR_WORD[colour];
  if (colour === 'success') return { text: `Service health ${word} again`, severity };
  if (colour === 'warning') {
    const peers = cause.idlePeers;
    const why = peers.length === 0 ? 'a peer has no connection' : `${listText(peers)} ${peers.length === 1 ? 'has' : 'have'} no connection`;
    return { text: `Service health ${word}: ${why}`, severity };
  }
  const why = cause.downServices.length > 0
    ? `${listText(cause.downServices)} down`
    : `${cause.numConnected} of ${cause.numExpected} services connected`;
  return { text: `Service health ${word}: ${why}`, severity };
}

/** "Arbitrum block head stale (no new block for 45 s)". */
export const blockStaleText = (network: string, quietMs: number): string =>
  `${network} block head stale (no new block for ${durationText(quietMs)})`;

/** "Arbitrum block head live again (block 123456 after 2 min 5 s without one)". */
export const blockLiveText = (network: string, num: number, quietMs: number): string =>
  `${network} block head live again (block ${num} after ${durationText(quietMs)} without one)`;

/** "Workers stopped by alice"; "Workers stopped" when nobody is named (the system itself). */
export const workersText = (running: boolean, by: string | undefined): string =>
  `Workers ${running ? 'started' : 'stopped'}${by ? ` by ${by}` : ''}`;

/** "Sell only turned on by alice". */
export const sellOnlyText = (on: boolean, by: string | undefined): string =>
  `Sell only turned ${on ? 'on' : 'off'}${by ? ` by ${by}` : ''}`;

/** "Trade 1a2b3c4d… (USDC) failed at its Bridge step: error 31, bridge quote expired". */
export function tradeFailedText(trade: { tradeId: string; tokenName?: string; txType?: string; errCode?: number | null }): string {
  const token = trade.tokenName ? ` (${trade.tokenName})` : '';
  const where = trade.txType ? ` at its ${trade.txType} step` : '';
  const why = trade.errCode === undefined || trade.errCode === null ? '' : `: error ${trade.errCode}, ${tradeErrorMessage(trade.errCode)}`;
  return `Trade ${shortTradeId(trade.tradeId)}${token} failed${where}${why}`;
}

/** "Trade 1a2b3c4d… stuck at step 3 (pending 4 min, usually ≈ 40 s)"; `step` is 0-based, as on the wire. */
export const tradeStuckText = (tradeId: string, step: number, pendingMs: number, expectedMs: number): string =>
  `Trade ${shortTradeId(tradeId)} stuck at step ${step + 1} (pending ${durationText(pendingMs)}, usually ${roughDurationText(expectedMs)})`;

/** "Trade 1a2b3c4d… refunded by alice (tx 456)". */
export const tradeRefundedText = (tradeId: string, by: string, txId: string | undefined): string =>
  `Trade ${shortTradeId(tradeId)} refunded by ${by}${txId ? ` (tx ${txId})` : ''}`;

function listText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 3) return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
