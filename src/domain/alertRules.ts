/**
 * Alert rules (docs/protocol.md "Shapes", AlertRule) as plain functions: what each rule reads of
 * the live state, subject by subject (docs/protocol.md "Alerts lifecycle": an alert is one rule
 * holding for one subject), with the value, the threshold and the words that name all three; and
 * how many transactions a balance still pays for ("≈ N txs"). Staleness and health are §4's own
 * rules (blocks.ts, health.ts), not derived again here. The server evaluates the rules; the console
 * only edits them and shows the alerts.
 */
import { GAS_NOT_PRICED_IN_GWEI, GWEI_IN_NATIVE, TX_GAS_UNITS } from '../config/alerts.ts';
import { NETWORK_INFO, isNetwork, staleThresholdMs } from '../config/networks.ts';
import type { AlertSubject } from '../contract/alerts.ts';
import type { AlertRule } from '../contract/alertRules.ts';
import type { ConnectedServices } from '../contract/shapes.ts';
import { isBlockStale } from './blocks.ts';
import { serviceHealth, type HealthColour } from './health.ts';
import { serviceProblems } from './services.ts';
import { formatAmount, formatGas, formatUsd } from './numberFormat.ts';

/** What the rules read of the live state. */
export interface AlertSnapshot {
  balance: Readonly<Record<string, number>>;
  gasEstimate: Readonly<Record<string, number>>;
  newHeads: Readonly<Record<string, { changedAt: number }>>;
  brainState: {
    nativePriceUSD: Readonly<Record<string, number>>;
    txPeerStatus: Readonly<Record<string, number>>;
    zmqPeerStatus: Readonly<Record<string, number>>;
  } | null;
  connectedServices: ConnectedServices | null;
  /** Last time anything arrived from the trading system. */
  lastEventAt: number | null;
}

/** What one evaluation hands the next: since when each health problem has been seen, by subject key. */
export interface AlertMemory {
  problemSince: Readonly<Record<string, number>>;
}

export const emptyAlertMemory = (): AlertMemory => ({ problemSince: {} });

/** A rule's identity, whatever the order of its fields (its id, severity and timings left out): the same condition twice fires once. */
export const ruleKey = (rule: AlertRule): string =>
  Object.entries(rule)
    .filter(([key]) => key !== 'id' && key !== 'severity' && key !== 'forSeconds' && key !== 'resolveSeconds')
    .sort()
    .join('|');

/** A subject's identity: "network:Arbitrum", "service:eventer", "system". */
export const subjectKey = (subject: AlertSubject): string => (subject.name === undefined ? subject.type : `${subject.type}:${subject.name}`);

/**
 * A rule's id when it has none (saved before rules had ids): derived from its condition (FNV-1a), so
 * the server, the standalone process and a restart all give it the same one.
 */
export function derivedRuleId(rule: AlertRule): string {
  let hash = 0x811c9dc5;
  for (const char of ruleKey(rule)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `r-${hash.toString(16).padStart(8, '0')}`;
}

export const ruleIdOf = (rule: AlertRule): string => rule.id ?? derivedRuleId(rule);

const nativeOf = (network: string): string => (isNetwork(network) ? NETWORK_INFO[network].native : '');

/** §4 health from the live state; null until brain state and connected services are known. */
export function liveHealth(s: AlertSnapshot): HealthColour | null {
  if (!s.brainState || !s.connectedServices) return null;
  return serviceHealth({
    peerCounts: [...Object.values(s.brainState.txPeerStatus), ...Object.values(s.brainState.zmqPeerStatus)],
    ...s.connectedServices,
  });
}

/** One subject of one rule as it reads now. */
export interface Reading {
  subject: AlertSubject;
  holds: boolean;
  value: number;
  threshold: number;
  /** Names the subject, the value and the threshold: "Arbitrum balance 0.012 ETH is below 0.05 ETH". */
  text: string;
}

/**
 * A rule's readings now. `complete`: a subject missing from `readings` does not hold (the health
 * rule lists only what is wrong); otherwise a missing subject is unknown (no balance yet after a
 * start) and keeps its state.
 */
export interface RuleReadings {
  readings: Reading[];
  complete: boolean;
}

/** The health problems now, each a subject: services down or silent by name, peers with no instance, else the system. */
function healthSubjects(s: AlertSnapshot, now: number): { subject: AlertSubject; words: string }[] | null {
  const colour = liveHealth(s);
  if (colour === null) return null;
  if (colour === 'success') return [];
  const named = [
    ...serviceProblems(s.connectedServices, now).map((view) => ({ subject: { type: 'service' as const, name: view.name }, words: `${view.name} ${view.state}` })),
    ...Object.entries({ ...s.brainState?.txPeerStatus, ...s.brainState?.zmqPeerStatus })
      .filter(([, count]) => !(count > 0))
      .map(([peer]) => ({ subject: { type: 'service' as const, name: peer }, words: `${peer} with no instance` })),
  ];
  const counts = s.connectedServices ? `${s.connectedServices.numConnected}/${s.connectedServices.numExpected}` : '';
  return named.length > 0 ? named : [{ subject: { type: 'system' }, words: `Service health ${colour === 'danger' ? 'red' : 'amber'} (${counts} connected)` }];
}

/** The memory after this evaluation: when each health problem was first seen, kept while it lasts. */
export function nextAlertMemory(memory: AlertMemory, s: AlertSnapshot, now: number): AlertMemory {
  const subjects = healthSubjects(s, now);
  if (subjects === null) return memory;
  const problemSince: Record<string, number> = {};
  for (const { subject } of subjects) {
    const key = subjectKey(subject);
    problemSince[key] = memory.problemSince[key] ?? now;
  }
  return { problemSince };
}

/** The networks a network rule watches: its own, or every one the live state knows. */
const networksOf = (rule: { network?: string }, known: Readonly<Record<string, unknown>>): string[] =>
  rule.network === undefined ? Object.keys(known) : [rule.network];

const network = (name: string): AlertSubject => ({ type: 'network', name });
const secondsOf = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

/** Every subject the rule reads now, each with whether it holds; see RuleReadings. */
export function ruleReadings(rule: AlertRule, s: AlertSnapshot, now: number, memory: AlertMemory): RuleReadings {
  const readings: Reading[] = [];
  switch (rule.kind) {
    case 'balanceBelow':
      for (const name of networksOf(rule, s.balance)) {
        const balance = s.balance[name];
        const coin = nativeOf(name);
        const price = rule.unit === 'usd' ? s.brainState?.nativePriceUSD[coin] : 1;
        if (balance === undefined || price === undefined) continue;
        const value = balance * price;
        const write = rule.unit === 'usd' ? formatUsd : (v: number) => formatAmount(v, coin);
        readings.push({ subject: network(name), holds: value < rule.below, value, threshold: rule.below, text: `${name} balance ${write(value)} is below ${write(rule.below)}` });
      }
      return { readings, complete: false };
    case 'gasAbove':
      for (const name of networksOf(rule, s.gasEstimate)) {
        const gas = s.gasEstimate[name];
        if (gas === undefined) continue;
        readings.push({ subject: network(name), holds: gas > rule.above, value: gas, threshold: rule.above, text: `${name} gas estimate ${formatGas(gas)} is above ${formatGas(rule.above)}` });
      }
      return { readings, complete: false };
    case 'blockStale':
      for (const name of networksOf(rule, s.newHeads)) {
        const head = s.newHeads[name];
        if (!head) continue;
        // Stale for longer than `seconds`: stale by the §9 threshold counted from `seconds` after the change.
        // Said as the operator reads a head: how long since its last block, against how long is allowed.
        const quiet = secondsOf(now - head.changedAt);
        const allowed = staleThresholdMs(name) / 1000 + rule.seconds;
        readings.push({
          subject: network(name),
          holds: isBlockStale(name, head.changedAt + rule.seconds * 1000, now),
          value: quiet,
          threshold: allowed,
          text: `${name} block head stale: no new block for ${quiet} s (more than ${allowed} s)`,
        });
      }
      return { readings, complete: false };
    case 'healthNotGreen': {
      const subjects = healthSubjects(s, now);
      if (subjects === null) return { readings, complete: false };
      for (const { subject, words } of subjects) {
        const since = memory.problemSince[subjectKey(subject)] ?? now;
        const held = secondsOf(now - since);
        readings.push({ subject, holds: now - since > rule.seconds * 1000, value: held, threshold: rule.seconds, text: `${words} for ${held} s (longer than ${rule.seconds} s)` });
      }
      return { readings, complete: true };
    }
    case 'noEvents': {
      if (s.lastEventAt === null) return { readings, complete: false };
      const quiet = secondsOf(now - s.lastEventAt);
      readings.push({
        subject: { type: 'system' },
        holds: now - s.lastEventAt > rule.seconds * 1000,
        value: quiet,
        threshold: rule.seconds,
        text: `Nothing from the trading system for ${quiet} s (longer than ${rule.seconds} s)`,
      });
      return { readings, complete: true };
    }
  }
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

/** A rule in words, for lists: "Balance on Base below 0.50 ETH", "Block head on any network stale for longer than 30 s". */
export function describeRule(rule: AlertRule): string {
  const where = 'network' in rule && rule.network !== undefined ? rule.network : 'any network';
  switch (rule.kind) {
    case 'balanceBelow':
      return `Balance on ${where} below ${rule.unit === 'usd' ? formatUsd(rule.below) : formatAmount(rule.below, rule.network === undefined ? 'native coin' : nativeOf(rule.network))}`;
    case 'gasAbove':
      return `Gas estimate on ${where} above ${formatGas(rule.above)}`;
    case 'blockStale':
      return `Block head on ${where} stale for longer than ${rule.seconds} s`;
    case 'healthNotGreen':
      return `Service health not green for longer than ${rule.seconds} s`;
    case 'noEvents':
      return `Nothing from the trading system for longer than ${rule.seconds} s`;
  }
}
