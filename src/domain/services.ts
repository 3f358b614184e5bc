/**
 * Each service's own state, from ConnectedServices' named-services extension (docs/protocol.md
 * "Shapes"), and the words that say what is missing. §4's one health colour stays the summary's;
 * these add which service and since when. A backend without the extension gets the counts alone.
 */
import { SERVICE_SILENT_AFTER_MS } from '../config/constants.ts';
import type { ConnectedServices, ServiceReport } from '../contract/index.ts';
import { durationText } from './durationText.ts';

/** up: connected and heard from; silent: connected but not heard from for too long; down: not connected. */
export type ServiceState = 'up' | 'silent' | 'down';

export interface ServiceView {
  name: string;
  state: ServiceState;
  /** When it was last heard from (ms): a down or silent service has been so since then. */
  lastSeenAt: number;
}

export function serviceStateOf(report: ServiceReport, now: number): ServiceState {
  if (!report.connected) return 'down';
  return now - report.lastSeenAt > SERVICE_SILENT_AFTER_MS ? 'silent' : 'up';
}

/** Every named service with its state, in the backend's order; empty without the extension. */
export function serviceViews(connected: ConnectedServices | null, now: number): ServiceView[] {
  return (connected?.services ?? []).map((report) => ({ name: report.name, state: serviceStateOf(report, now), lastSeenAt: report.lastSeenAt }));
}

const WORSE: Record<ServiceState, number> = { down: 0, silent: 1, up: 2 };

/** "eventer down for 2 min", "croner silent for 45 s"; "eventer down just now" within its first second. */
export function serviceProblemText(view: ServiceView, now: number): string {
  const since = now - view.lastSeenAt;
  return since < 1000 ? `${view.name} ${view.state} just now` : `${view.name} ${view.state} for ${durationText(since)}`;
}

/** The services that are not up, worst first (down before silent), the longest first within each. */
export function serviceProblems(connected: ConnectedServices | null, now: number): ServiceView[] {
  return serviceViews(connected, now)
    .filter((view) => view.state !== 'up')
    .sort((a, b) => WORSE[a.state] - WORSE[b.state] || a.lastSeenAt - b.lastSeenAt);
}

/** Peers with no instance, by name and kind: "zmq-eu-1: 0". */
export function emptyPeers(peers: { tx: Readonly<Record<string, number>>; zmq: Readonly<Record<string, number>> }): string[] {
  return [...Object.entries(peers.tx), ...Object.entries(peers.zmq)].filter(([, count]) => !(count > 0)).map(([peer, count]) => `${peer}: ${count}`);
}

/**
 * The summary an operator reads first: the counts, then what is missing by name.
 * "8/8"; "7/8 · eventer down for 2 min"; "8/8 · zmq-eu-1: 0". Without the extension: the counts,
 * and the empty peers.
 */
export function servicesSummary(
  connected: ConnectedServices | null,
  peers: { tx: Readonly<Record<string, number>>; zmq: Readonly<Record<string, number>> } | null,
  now: number,
): string {
  if (!connected) return '–';
  const problems = [...serviceProblems(connected, now).map((view) => serviceProblemText(view, now)), ...(peers ? emptyPeers(peers) : [])];
  const counts = `${connected.numConnected}/${connected.numExpected}`;
  return problems.length === 0 ? counts : `${counts} · ${problems.join(', ')}`;
}
