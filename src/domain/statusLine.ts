/**
 * The status line under the header (docs/product.md "Status line"): what is wrong now, worst first,
 * each with the place to act. A lost connection first (nothing else can be trusted then), then
 * firing alerts by severity (with who is on them), services down or silent by name and peers with
 * no instance, block heads gone stale by network, stuck trades. A condition an alert already names
 * (the same network's stale head, the same service) is said once, by the alert.
 */
import { TRADES_RESOURCE } from '../config/trades.ts';
import type { Alert, ConnectedServices, Silence } from '../contract/index.ts';
import { isBlockStale, secondsSince } from './blocks.ts';
import { durationText } from './durationText.ts';
import { serviceProblems, serviceProblemText } from './services.ts';

export type StatusSeverity = 'critical' | 'warning' | 'info';

export interface StatusItem {
  /** Stable across evaluations: React's key and the comparison that spares a re-render. */
  key: string;
  severity: StatusSeverity;
  text: string;
  /** A console path where the operator acts on it. */
  link?: string;
}

export interface StatusInput {
  /** The socket is not connected (reconnecting or given up). */
  connectionLost: boolean;
  alerts: ReadonlyMap<string, Alert> | null;
  silences: readonly Silence[];
  connectedServices: ConnectedServices | null;
  peers: { tx: Readonly<Record<string, number>>; zmq: Readonly<Record<string, number>> } | null;
  newHeads: Readonly<Record<string, { changedAt: number }>>;
  stuckTrades: ReadonlyMap<string, { step: number; pendingMs: number; since: number }>;
}

const RANK: Record<StatusSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** "acknowledged by alice", "silenced until 15:00", both, or nothing. */
function alertNote(alert: Alert, silences: readonly Silence[], formatTime: (ms: number) => string): string {
  const notes: string[] = [];
  if (alert.ack) notes.push(`acknowledged by ${alert.ack.by}`);
  const silence = alert.silenceId ? silences.find((s) => s.id === alert.silenceId) : undefined;
  if (alert.silenceId) notes.push(silence ? `silenced until ${formatTime(silence.until)}` : 'silenced');
  return notes.length > 0 ? ` (${notes.join(', ')})` : '';
}

/** What is wrong now, worst first; empty when all is clear. */
export function statusItems(input: StatusInput, now: number, formatTime: (ms: number) => string): StatusItem[] {
  const items: StatusItem[] = [];
  if (input.connectionLost) items.push({ key: 'connection', severity: 'critical', text: 'Connection to the server lost: what is shown may be out of date' });

  const firing = [...(input.alerts?.values() ?? [])]
    .filter((alert) => alert.state === 'firing')
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.firingAt ?? a.startedAt) - (b.firingAt ?? b.startedAt));
  // What an alert already says: a stale head by a blockStale alert, a service by a health alert.
  const named = new Set(firing.map((alert) => `${alert.kind}:${alert.subject.name ?? ''}`));
  for (const alert of firing) {
    items.push({ key: `alert:${alert.id}`, severity: alert.severity, text: `${alert.text}${alertNote(alert, input.silences, formatTime)}`, link: `/alerts/${encodeURIComponent(alert.id)}` });
  }

  for (const view of serviceProblems(input.connectedServices, now)) {
    if (named.has(`healthNotGreen:${view.name}`)) continue;
    items.push({ key: `service:${view.name}:${view.state}`, severity: view.state === 'down' ? 'critical' : 'warning', text: `Service ${serviceProblemText(view, now)}`, link: '/' });
  }
  if (input.peers) {
    for (const [peer, count] of [...Object.entries(input.peers.tx), ...Object.entries(input.peers.zmq)]) {
      if (count > 0 || named.has(`healthNotGreen:${peer}`)) continue;
      items.push({ key: `peer:${peer}`, severity: 'warning', text: `Peer ${peer} has no instance`, link: '/' });
    }
  }

  for (const [network, head] of Object.entries(input.newHeads)) {
    if (!isBlockStale(network, head.changedAt, now) || named.has(`blockStale:${network}`)) continue;
    items.push({ key: `stale:${network}`, severity: 'warning', text: `${network} block head stale: no new block for ${durationText(secondsSince(head.changedAt, now) * 1000)}`, link: '/' });
  }

  for (const [tradeId, stuck] of input.stuckTrades) {
    const pending = stuck.pendingMs + Math.max(0, now - stuck.since);
    items.push({
      key: `stuck:${tradeId}`,
      severity: 'warning',
      text: `Trade ${tradeId.slice(0, 8)} stuck at step ${stuck.step + 1} for ${durationText(pending)}`,
      link: `/${TRADES_RESOURCE}/${encodeURIComponent(tradeId)}`,
    });
  }
  // Worst first; within a severity the order above (connection, alerts, services, heads, trades).
  return items.map((item, i) => [item, i] as const).sort(([a, i], [b, j]) => RANK[a.severity] - RANK[b.severity] || i - j).map(([item]) => item);
}

/** Whether two lists say the same (texts count: durations move). */
export const sameStatus = (a: readonly StatusItem[], b: readonly StatusItem[]): boolean =>
  a.length === b.length && a.every((item, i) => item.key === b[i]?.key && item.text === b[i]?.text && item.severity === b[i]?.severity);
