/**
 * Alert rules (docs/protocol.md "Shapes", AlertRule) as plain functions: which rules fire against a
 * snapshot of the live state and the clock, with a message in the operator's words; what changed
 * between two evaluations (raise, clear); and how many transactions a balance still pays for ("≈ N
 * txs"). Staleness and health are §4's own rules (blocks.ts, health.ts), not derived again here.
 */
import { GAS_NOT_PRICED_IN_GWEI, GWEI_IN_NATIVE, TX_GAS_UNITS } from '../config/alerts.ts';
import { NETWORK_INFO, isNetwork, staleThresholdMs } from '../config/networks.ts';
import type { AlertRule } from '../contract/alertRules.ts';
import { isBlockStale, secondsSince } from './blocks.ts';
import { serviceHealth, type HealthColour } from './health.ts';

/** What the rules read of the live state (LiveState has all of it). */
export interface AlertSnapshot {
  balance: Readonly<Record<string, number>>;
  gasEstimate: Readonly<Record<string, number>>;
  newHeads: Readonly<Record<string, { changedAt: number }>>;
  brainState: {
    nativePriceUSD: Readonly<Record<string, number>>;
    txPeerStatus: Readonly<Record<string, number>>;
    zmqPeerStatus: Readonly<Record<string, number>>;
  } | null;
  connectedServices: { numConnected: number; numExpected: number } | null;
  /** Last time anything arrived from the server. */
  lastEventAt: number | null;
}

/** What one evaluation hands the next: since when service health has not been green (null: it is, or unknown). */
export interface AlertMemory {
  notGreenSince: number | null;
}

/** A rule's identity, whatever the order of its fields: the same rule set in this browser and for everyone fires once. */
export const ruleKey = (rule: AlertRule): string => Object.entries(rule).sort().join('|');

const nativeOf = (network: string): string => (isNetwork(network) ? NETWORK_INFO[network].native : '');
const amount = (value: number): string => String(Number(value.toPrecision(6)));
const dollars = (value: number): string => `$${value.toFixed(2)}`;

/** §4 health from the live state; null until brain state and connected services are known. */
export function liveHealth(s: AlertSnapshot): HealthColour | null {
  if (!s.brainState || !s.connectedServices) return null;
  return serviceHealth({
    peerCounts: [...Object.values(s.brainState.txPeerStatus), ...Object.values(s.brainState.zmqPeerStatus)],
    ...s.connectedServices,
  });
}

/** The memory after this evaluation: the moment health left green is kept until it is green again. */
export function nextAlertMemory(memory: AlertMemory, s: AlertSnapshot, now: number): AlertMemory {
  const health = liveHealth(s);
  return { notGreenSince: health === null || health === 'success' ? null : (memory.notGreenSince ?? now) };
}

const sinceText = (since: number, now: number): string => `${secondsSince(since, now)} s`;

/** Whether the rule's condition holds, and what it reads now ("0.42 ETH", "$12.00", "45 s"); null while that is unknown (no value yet). */
export function ruleReading(rule: AlertRule, s: AlertSnapshot, now: number, memory: AlertMemory): [firing: boolean, value: string] | null {
  const longerThan = (since: number) => now - since > ('seconds' in rule ? rule.seconds * 1000 : 0);
  switch (rule.kind) {
    case 'balanceBelow': {
      const balance = s.balance[rule.network];
      const coin = nativeOf(rule.network);
      const price = rule.unit === 'usd' ? s.brainState?.nativePriceUSD[coin] : 1;
      if (balance === undefined || price === undefined) return null;
      const value = balance * price;
      return [value < rule.below, rule.unit === 'usd' ? dollars(value) : `${amount(value)} ${coin}`];
    }
    case 'gasAbove': {
      const gas = s.gasEstimate[rule.network];
      return gas === undefined ? null : [gas > rule.above, amount(gas)];
    }
    case 'blockStale': {
      const head = s.newHeads[rule.network];
      // Stale for longer than `seconds`: stale by the §9 threshold counted from `seconds` after the change.
      return head ? [isBlockStale(rule.network, head.changedAt + rule.seconds * 1000, now), sinceText(head.changedAt + staleThresholdMs(rule.network), now)] : null;
    }
    case 'healthNotGreen':
      return memory.notGreenSince === null ? null : [longerThan(memory.notGreenSince), sinceText(memory.notGreenSince, now)];
    case 'noEvents':
      return s.lastEventAt === null ? null : [longerThan(s.lastEventAt), sinceText(s.lastEventAt, now)];
  }
}

/**
 * The rule's message while its condition holds, e.g. "Balance on Arbitrum below 0.05 ETH (now 0.012
 * ETH)"; null when it does not, or is unknown.
 */
export function alertMessage(rule: AlertRule, s: AlertSnapshot, now: number, memory: AlertMemory): string | null {
  const read = ruleReading(rule, s, now, memory);
  return read?.[0] ? `${describeRule(rule)} (now ${read[1]})` : null;
}

/** The firing rules by ruleKey, each with its message; a rule listed twice fires once. */
export function firingAlerts(rules: readonly AlertRule[], s: AlertSnapshot, now: number, memory: AlertMemory): Map<string, string> {
  const firing = new Map<string, string>();
  for (const rule of rules) {
    const message = alertMessage(rule, s, now, memory);
    if (message !== null) firing.set(ruleKey(rule), message);
  }
  return firing;
}

/** From the rules firing before to those firing now: which to raise (with their message) and which to clear. */
export function alertTransition(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): { raise: [key: string, message: string][]; clear: string[] } {
  return {
    raise: [...after].filter(([key]) => !before.has(key)),
    clear: [...before.keys()].filter((key) => !after.has(key)),
  };
}

/**
 * How many transactions the balance still pays for at the current gas estimate: floor(balance /
 * (gasEstimate gwei × TX_GAS_UNITS)). Null when either is unknown, the gas is not a positive price,
 * or the network's fee is not priced in gwei (config/alerts.ts).
 */
export function txsPaidFor(network: string, balance: number | undefined, gasEstimate: number | undefined): number | null {
  if (balance === undefined || gasEstimate === undefined || !(gasEstimate > 0) || GAS_NOT_PRICED_IN_GWEI.includes(network)) return null;
  return Math.max(0, Math.floor(balance / (gasEstimate * GWEI_IN_NATIVE * TX_GAS_UNITS)));
}

/** A rule in words, for lists: "Balance on Base below 0.5 ETH". */
export function describeRule(rule: AlertRule): string {
  switch (rule.kind) {
    case 'balanceBelow':
      return `Balance on ${rule.network} below ${rule.unit === 'usd' ? dollars(rule.below) : `${amount(rule.below)} ${nativeOf(rule.network)}`}`;
    case 'gasAbove':
      return `Gas estimate on ${rule.network} above ${amount(rule.above)}`;
    case 'blockStale':
      return `Block head on ${rule.network} stale for longer than ${rule.seconds} s`;
    case 'healthNotGreen':
      return `Service health not green for longer than ${rule.seconds} s`;
    case 'noEvents':
      return `Nothing from the server for longer than ${rule.seconds} s`;
  }
}
