/** The client state of SPEC §3 that the realtime socket keeps up to date. */
import type {
  AwsGroup, BrainState, Bridge, ConnectedServices, ConnectedUser, MiscSettings, ServerEventPayload, Token, UserLog,
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
}

/** Bounds so a long-running console does not grow without limit. */
export const USER_LOGS_MAX = 500;
export const TRACKING_RESULTS_MAX = 2000;
export const TRACKING_ERRORS_MAX = 500;
export const CHECKER_RESULTS_MAX = 1000;

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
  };
}
