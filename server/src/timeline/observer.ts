/**
 * What the timeline (docs/protocol.md "Timeline") records from the hub's broadcasts, as a plain class
 * the plugin feeds and a test can drive: health colour changes (§4, liveHealth), block heads going
 * stale and live again (§4, isBlockStale, checked on a timer), the workers starting and stopping,
 * sell only switched, trades failing, getting stuck or refunded. The first value of each state is
 * where it starts, not a change, so a restart records nothing.
 */
import type { ServerEventName, ServerEventPayload, TimelineEvent } from '../../../src/contract/index.ts';
import { liveHealth, type AlertSnapshot } from '../../../src/domain/alertRules.ts';
import { isBlockStale } from '../../../src/domain/blocks.ts';
import type { HealthColour } from '../../../src/domain/health.ts';
import {
  blockLiveText, blockStaleText, healthChangeText, sellOnlyText, tradeFailedText, tradePath, tradeRefundedText, tradeStuckText, workersText,
} from '../../../src/domain/timelineText.ts';

type BrainStateLike = ServerEventPayload<'brainState'>;
type ServicesLike = ServerEventPayload<'connectedServices'>;

/** Failed trades remembered so a repeated confirmation is one event; bounded, oldest forgotten first. */
const REMEMBERED_FAILURES = 1000;
/** Networks followed at most: the heads map is bounded whatever a backend sends. */
const MAX_NETWORKS = 256;

export interface TimelineObserverOptions {
  now: () => number;
  record: (event: TimelineEvent) => void;
}

interface Head {
  num: number;
  changedAt: number;
  stale: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class TimelineObserver {
  private brainState: BrainStateLike | null = null;
  private services: ServicesLike | null = null;
  private health: HealthColour | null = null;
  private workersRunning: boolean | null = null;
  private sellOnly: boolean | null = null;
  /** The last user log entry heard: who asked for the brain state or settings change that follows it. */
  private lastAction: { action: string; user: string } | null = null;
  private readonly heads = new Map<string, Head>();
  private readonly failedTrades = new Set<string>();

  constructor(private readonly options: TimelineObserverOptions) {}

  /** Where a state starts (what the store holds at start), recorded as no change. */
  start(brainState: BrainStateLike | null, miscSettings: unknown): void {
    if (brainState) {
      this.brainState = brainState;
      this.workersRunning = brainState.workersRunning;
    }
    const sellOnly = isRecord(miscSettings) ? miscSettings.sellOnly : undefined;
    this.sellOnly = typeof sellOnly === 'boolean' ? sellOnly : false;
  }

  onEvent(event: ServerEventName, payload: unknown): void {
    switch (event) {
      case 'newUserLog':
        return this.onUserLog(payload as ServerEventPayload<'newUserLog'>);
      case 'brainState':
        return this.onBrainState(payload as BrainStateLike);
      case 'connectedServices':
        this.services = payload as ServicesLike;
        return this.checkHealth();
      case 'miscSettingsUpdateDone':
        return this.onMiscSettings(payload as ServerEventPayload<'miscSettingsUpdateDone'>);
      case 'newBlock':
        return this.onBlock(payload as ServerEventPayload<'newBlock'>);
      case 'txConfirmed':
        return this.onConfirmed(payload as ServerEventPayload<'txConfirmed'>);
      case 'tradeStuck': {
        const { tradeId, step, pendingMs, expectedMs } = payload as ServerEventPayload<'tradeStuck'>;
        return this.record({ kind: 'trade', severity: 'warning', text: tradeStuckText(tradeId, step, pendingMs, expectedMs), link: tradePath(tradeId), ref: tradeId });
      }
      default:
        return undefined;
    }
  }

  /** Block heads that have gone stale since the last check (§4: unchanged past the network's threshold). */
  checkHeads(): void {
    const now = this.options.now();
    for (const [network, head] of this.heads) {
      if (head.stale || !isBlockStale(network, head.changedAt, now)) continue;
      head.stale = true;
      this.record({ kind: 'health', severity: 'warning', text: blockStaleText(network, now - head.changedAt), ref: network });
    }
  }

  private record(event: Omit<TimelineEvent, 'at'>): void {
    this.options.record({ at: this.options.now(), ...event });
  }

  /** Who asked for `actions`, when the entry just heard is one of them. */
  private actor(...actions: string[]): string | undefined {
    const last = this.lastAction;
    this.lastAction = null;
    return last && actions.includes(last.action) ? last.user : undefined;
  }

  private onUserLog(log: ServerEventPayload<'newUserLog'>): void {
    this.lastAction = { action: log.action, user: log.user };
    if (log.action !== 'tx.refund' || !isRecord(log.details)) return;
    const { tradeId, txId } = log.details;
    if (typeof tradeId !== 'string' || tradeId === '') return;
    this.record({
      kind: 'trade',
      severity: 'info',
      text: tradeRefundedText(tradeId, log.user, typeof txId === 'string' ? txId : undefined),
      link: tradePath(tradeId),
      ref: tradeId,
    });
  }

  private onBrainState(brainState: BrainStateLike): void {
    this.brainState = brainState;
    const running = brainState.workersRunning;
    if (this.workersRunning !== null && running !== this.workersRunning) {
      const by = this.actor(running ? 'workers.start' : 'workers.stop') ?? (running ? brainState.workersStartedBy : undefined);
      this.record({ kind: 'worker', severity: running ? 'info' : 'warning', text: workersText(running, by) });
    }
    this.workersRunning = running;
    this.checkHealth();
  }

  private onMiscSettings(settings: ServerEventPayload<'miscSettingsUpdateDone'>): void {
    const on = settings.sellOnly === true;
    if (this.sellOnly !== null && on !== this.sellOnly) {
      this.record({ kind: 'worker', severity: on ? 'warning' : 'info', text: sellOnlyText(on, this.actor('settings.misc')) });
    }
    this.sellOnly = on;
  }

  private checkHealth(): void {
    const snapshot: AlertSnapshot = {
      balance: {}, gasEstimate: {}, newHeads: {}, lastEventAt: null,
      brainState: this.brainState,
      connectedServices: this.services,
    };
    const colour = liveHealth(snapshot);
    if (colour === null || colour === this.health) return;
    const before = this.health;
    this.health = colour;
    if (before === null) return;
    const peers = { ...this.brainState?.txPeerStatus, ...this.brainState?.zmqPeerStatus };
    const { text, severity } = healthChangeText(colour, {
      downServices: (this.services?.services ?? []).filter((s) => !s.connected).map((s) => s.name),
      idlePeers: Object.entries(peers).filter(([, count]) => !(count > 0)).map(([peer]) => peer),
      numConnected: this.services?.numConnected ?? 0,
      numExpected: this.services?.numExpected ?? 0,
    });
    this.record({ kind: 'health', severity, text });
  }

  private onBlock({ network, num }: ServerEventPayload<'newBlock'>): void {
    const now = this.options.now();
    const head = this.heads.get(network);
    if (!head) {
      if (this.heads.size < MAX_NETWORKS) this.heads.set(network, { num, changedAt: now, stale: false });
      return;
    }
    if (num === head.num) return;
    if (head.stale) this.record({ kind: 'health', severity: 'info', text: blockLiveText(network, num, now - head.changedAt), ref: network });
    this.heads.set(network, { num, changedAt: now, stale: false });
  }

  private onConfirmed({ txs, errCode }: ServerEventPayload<'txConfirmed'>): void {
    for (const confirmation of Object.values(txs)) {
      const { tradeId } = confirmation;
      if (confirmation.success || this.failedTrades.has(tradeId)) continue;
      this.failedTrades.add(tradeId);
      if (this.failedTrades.size > REMEMBERED_FAILURES) {
        const oldest = this.failedTrades.values().next();
        if (!oldest.done) this.failedTrades.delete(oldest.value);
      }
      this.record({
        kind: 'trade',
        severity: 'critical',
        text: tradeFailedText({ tradeId, tokenName: confirmation.tokenName, txType: confirmation.txType, errCode }),
        link: tradePath(tradeId),
        ref: tradeId,
      });
    }
  }
}
