/** The client state of §3 that the realtime socket keeps up to date. */
import type {
  Alert, AwsGroup, BrainState, Bridge, ConnectedServices, ConnectedUser, MiscSettings, ServerEventPayload, Silence, Token, TradeJourney, UserLog,
} from '../contract/index.ts';

/** Lifecycle phase of the socket as the service sees it; useConnectionState derives live/silent from it. */
export type ConnectionPhase = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface BlockHead {
  num: number;
  /** When num last changed (ms since epoch); §4 the block button turns danger when this is too old. */
  changedAt: number;
}

export type CheckerResult = ServerEventPayload<'checkerAddResults'>;
export type TrackingResult = ServerEventPayload<'workerIterationResult'>;
export interface TrackingError {
  error: string;
  at: number;
}

/** A trade stuck at a step, as tradeStuck (docs/protocol.md "Trades") said it. */
export interface StuckTrade {
  /** 0-based index into the trade's steps of the step it is stuck at. */
  step: number;
  /** How long that step had been pending when the console was told. */
  pendingMs: number;
  /** What such steps take (their median; the server's floor while none has completed). */
  expectedMs: number;
  /** When the console was told, on its own clock: the step has now been pending pendingMs + (now - since). */
  since: number;
}

export interface LiveState {
  connection: ConnectionPhase;
  /** Last time anything arrived from the server (event, connect or ping ack). */
  lastEventAt: number | null;

  /** init has arrived: the live collections hold what the server has, not just nothing yet. */
  initialised: boolean;
  devMode: boolean;
  msRemainingBeforeDisconnect: number;
  /** now + msRemainingBeforeDisconnect at the time init arrived; the countdown widget ticks against it. */
  sessionDeadline: number | null;

  brainState: BrainState | null;
  allTokens: Readonly<Record<string, Token>>;
  bridges: Readonly<Record<string, Bridge>>;
  competitors: readonly unknown[];
  miscSettings: MiscSettings;
  awsGroups: readonly AwsGroup[];
  connectedServices: ConnectedServices | null;
  connectedUsers: readonly ConnectedUser[];
  /** Newest first, bounded (USER_LOGS_MAX). */
  userLogs: readonly UserLog[];

  newHeads: Readonly<Record<string, BlockHead>>;
  gasEstimate: Readonly<Record<string, number>>;
  balance: Readonly<Record<string, number>>;
  /** address -> network -> balance */
  secondaryBalance: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * Keyed, bounded and possibly busy collections are Maps: insertion-ordered for dropping the
   * oldest entry, and cheap to copy once per frame (see LiveStore.draftMap).
   */
  trackingResults: ReadonlyMap<string, TrackingResult>;
  trackingErrors: ReadonlyMap<string, TrackingError>;
  /** by iterId */
  checkerRes: ReadonlyMap<string, CheckerResult>;

  eventerStats: string;
  workerStats: string;
  analytics: string;
  events: string;
  lpStats: string;

  /** §2 decorative background is shown while now < backgroundUntil. */
  backgroundUntil: number | null;

  /**
   * docs/protocol.md "Trades": the trades told stuck (tradeStuck) on this connection and not moved
   * on since (tradeUnstuck), by tradeId. Told once and not replayed, so the stuck list below is
   * read on every (re)connection.
   */
  stuckTrades: ReadonlyMap<string, StuckTrade>;
  /** The stuck trades as GET /trades/ (state stuck, oldest first) last listed them; null until read. */
  stuckList: { trades: readonly TradeJourney[]; total: number } | null;
  /**
   * Whether this backend has trades (docs/protocol.md "Trades": a real backend may omit them): null
   * until its trade list answered; false when that answer was 404, and the console hides the Trades
   * screens.
   */
  tradesAvailable: boolean | null;

  /**
   * docs/protocol.md "Alerts lifecycle": the active alerts (pending or firing) by id, from init and
   * every alertChanged; a resolved one leaves. Null while the backend has not said it has the
   * extension (its init carries no `alerts`).
   */
  alerts: ReadonlyMap<string, Alert> | null;
  /** The silences in force, as silencesChanged last said them. */
  silences: readonly Silence[];
}

/** docs/protocol.md "Trades": the backend answered their list 404, so the console does not offer them. */
export const selectNoTrades = (s: LiveState): boolean => s.tradesAvailable === false;

/** Bounds so a long-running console does not grow without limit. */
export const USER_LOGS_MAX = 500;
export const TRACKING_RESULTS_MAX = 2000;
export const TRACKING_ERRORS_MAX = 500;
export const CHECKER_RESULTS_MAX = 1000;
export const STUCK_TRADES_MAX = 1000;
/** Active alerts kept at once (a storm of them must not grow the console without limit). */
export const ACTIVE_ALERTS_MAX = 500;

export function initialLiveState(): LiveState {
  return {
    connection: 'idle',
    lastEventAt: null,
    devMode: false,
    msRemainingBeforeDisconnect: 0,
    sessionDeadline: null,
    brainState: null,
    initialised: false,
    allTokens: {},
    bridges: {},
    competitors: [],
    miscSettings: {},
    awsGroups: [],
    connectedServices: null,
    connectedUsers: [],
    userLogs: [],
    newHeads: {},
    gasEstimate: {},
    balance: {},
    secondaryBalance: {},
    trackingResults: new Map(),
    trackingErrors: new Map(),
    checkerRes: new Map(),
    eventerStats: '',
    workerStats: '',
    analytics: '',
    events: '',
    lpStats: '',
    backgroundUntil: null,
    stuckTrades: new Map(),
    stuckList: null,
    tradesAvailable: null,
    alerts: null,
    silences: [],
  };
}
