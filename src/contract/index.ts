/**
 * The wire contract of PROTOCOL.md as zod schemas. Console and server both import this module;
 * it imports nothing from React or the app.
 */
import { z } from 'zod';
import { SERVICES, SOUND_FACTORS, TX_TYPES, WORKER_COMMANDS } from '../config/enums.ts';

// ---------- REST ----------

export const LoginRequest = z.object({ accessKey: z.string().min(1).max(512) }).strict();
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ApiErrorBody = z.object({ error: z.string(), details: z.unknown().optional() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** JWT payload: at least name, role and exp (seconds). */
export const SessionClaims = z.object({
  name: z.string(),
  role: z.string().default(''),
  exp: z.number(),
  iat: z.number().optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/** One entry of a 400 body's details: where (body, params, querystring), which field, what is wrong. */
export const ValidationIssue = z.object({ in: z.string(), field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Bodyless calls (workers start/stop, restarts): nothing, or an empty object. */
export const EmptyBody = z.object({}).strict().optional();

/** Acknowledgement of an action that has no record to return. */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** SPEC §7 PUT /settings/misc: only sell only may be changed from the console. */
export const MiscSettingsUpdateRequest = z.object({ updates: z.object({ sellOnly: z.boolean() }).strict() }).strict();
export type MiscSettingsUpdateRequest = z.infer<typeof MiscSettingsUpdateRequest>;

/** SPEC §7 POST /command {to, cmd}: a worker only takes the worker commands. */
export const CommandRequest = z
  .object({ to: z.enum(SERVICES), cmd: z.string().min(1).max(64) })
  .strict()
  .superRefine((value, ctx) => {
    if (value.to === 'worker' && !(WORKER_COMMANDS as readonly string[]).includes(value.cmd)) {
      ctx.addIssue({ code: 'custom', path: ['cmd'], message: `must be one of ${WORKER_COMMANDS.join(', ')}` });
    }
  });
export type CommandRequest = z.infer<typeof CommandRequest>;

/** SPEC §7 POST /services/{service}/restart/scaling; the pair must match scalingTarget(service). */
export const ScalingRestartRequest = z
  .object({ deploymentName: z.string().min(1).max(128), namespace: z.string().min(1).max(128) })
  .strict();
export type ScalingRestartRequest = z.infer<typeof ScalingRestartRequest>;

// ---------- Shapes ----------

const finite = z.number().finite();

export const NetworkDataEntry = z.looseObject({ address: z.string(), decimals: z.number().int().min(0).max(255) });
export const Token = z.looseObject({
  tokenName: z.string().min(1),
  networkData: z.record(z.string(), NetworkDataEntry),
});
export type Token = z.infer<typeof Token>;

export const Bridge = z.looseObject({ bridgeName: z.string().min(1), kind: z.string() });
export type Bridge = z.infer<typeof Bridge>;

export const MiscSettings = z.looseObject({ sellOnly: z.boolean().optional() });
export type MiscSettings = z.infer<typeof MiscSettings>;

export const BrainState = z.looseObject({
  walletAddress: z.string(),
  workersRunning: z.boolean(),
  workersStartedBy: z.string(),
  routeSearchRunning: z.boolean(),
  routeSearchProgress: finite,
  pinnedTokens: z.array(z.string()),
  autosellPins: z.array(z.string()),
  pendingSells: z.array(z.unknown()),
  lockedNonces: z.array(z.unknown()),
  wethPriceUSD: finite,
  txPeerStatus: z.record(z.string(), finite),
  zmqPeerStatus: z.record(z.string(), finite),
  nativePriceUSD: z.record(z.string(), finite),
  txState: z.unknown(),
});
export type BrainState = z.infer<typeof BrainState>;

/** POST /workers/start and /workers/stop answer with the new brain state. */
export const WorkersResponse = z.object({ ok: z.literal(true), brainState: BrainState });
export type WorkersResponse = z.infer<typeof WorkersResponse>;

/** PUT /settings/misc answers with the whole misc settings after the change. */
export const MiscSettingsResponse = z.object({ ok: z.literal(true), miscSettings: MiscSettings });
export type MiscSettingsResponse = z.infer<typeof MiscSettingsResponse>;

export const ConnectedServices = z.object({ numConnected: finite, numExpected: finite });
export type ConnectedServices = z.infer<typeof ConnectedServices>;

export const AwsGroup = z.looseObject({ name: z.string() });
export type AwsGroup = z.infer<typeof AwsGroup>;

export const UserLog = z.object({
  id: z.string(),
  time: finite,
  user: z.string(),
  action: z.string(),
  details: z.unknown().optional(),
});
export type UserLog = z.infer<typeof UserLog>;

export const ConnectedUser = z.object({ name: z.string(), role: z.string(), since: finite });
export type ConnectedUser = z.infer<typeof ConnectedUser>;

export const TxTypeSchema = z.enum(TX_TYPES);

export const TxConfirmation = z.looseObject({
  tokenName: z.string(),
  txType: z.string(),
  bridge: z.looseObject({ name: z.string() }),
  networkBuy: z.string(),
  networkSell: z.string(),
  success: z.boolean(),
  expectedProfit: finite,
  tradeId: z.string(),
  amountOut: finite,
});
export type TxConfirmation = z.infer<typeof TxConfirmation>;

/** SPEC §3: a trade has txs with txType and amountIn. */
export const Trade = z.looseObject({
  txs: z.array(z.looseObject({ txType: z.string(), amountIn: finite })),
});
export type Trade = z.infer<typeof Trade>;

export const QuoteHop = z.object({ dex: z.string(), poolAddress: z.string() });
export const QuoteRoute = z.object({
  amountOut: z.union([z.string(), z.number()]),
  gasEstimate: z.union([z.string(), z.number()]),
  routeInfo: z.array(QuoteHop),
});
export const Quote = z.looseObject({
  version: z.unknown().optional(),
  network: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  amountIn: z.union([z.string(), z.number()]).optional(),
  time: z.unknown(),
  block: z.unknown().optional(),
  error: z.string().nullish(),
  routes: z.array(QuoteRoute).optional(),
});
export type Quote = z.infer<typeof Quote>;
export type QuoteRoute = z.infer<typeof QuoteRoute>;

export const QuoteQuery = z.object({
  network: z.string().min(1).max(64),
  tokenInAddress: z.string().min(1).max(128),
  tokenOutAddress: z.string().min(1).max(128),
  amountIn: z.string().regex(/^[0-9]{1,78}$/, 'integer base units'),
});
export type QuoteQuery = z.infer<typeof QuoteQuery>;

// ---------- Socket events (server -> client) ----------

export const InitPayload = z.object({
  devMode: z.boolean(),
  msRemainingBeforeDisconnect: finite,
  allTokens: z.record(z.string(), Token),
  competitors: z.array(z.unknown()),
  bridges: z.record(z.string(), Bridge),
  miscSettings: MiscSettings,
  brainState: BrainState,
  awsGroups: z.array(AwsGroup),
  connectedServices: ConnectedServices,
});
export type InitPayload = z.infer<typeof InitPayload>;

const soundNames = Object.keys(SOUND_FACTORS) as [keyof typeof SOUND_FACTORS, ...(keyof typeof SOUND_FACTORS)[]];

export const ServerEvents = {
  init: InitPayload,
  eventCache: z.record(z.string(), z.unknown()),
  brainState: BrainState,
  cloudUpdateDone: z.array(AwsGroup),
  connectedUsers: z.array(ConnectedUser),
  connectedServices: ConnectedServices,
  miscSettingsUpdateDone: MiscSettings,
  stopReconnect: z.object({}).loose(),
  newUserLog: UserLog,
  command: z.object({ name: z.string(), seconds: finite.optional() }),
  notify: z.object({
    msg: z.string(),
    type: z.enum(['info', 'success', 'warning', 'error']),
    autoClose: z.union([finite, z.literal(false)]),
  }),
  sound: z.object({ name: z.enum(soundNames) }),
  tokenCreateDone: Token,
  tokenUpdateDone: Token,
  tokenDeleteDone: z.object({ tokenName: z.string() }),
  bridgeCreateDone: Bridge,
  bridgeUpdateDone: Bridge,
  bridgeDeleteDone: z.object({ bridgeName: z.string(), tokens: z.record(z.string(), Token) }),
  checkerAddResults: z.looseObject({ iterId: z.string() }),
  checkerDeleteResults: z.object({ iterId: z.string() }),
  newBlock: z.object({ network: z.string(), num: z.number().int().nonnegative() }),
  gas: z.object({ network: z.string(), gasEstimate: finite }),
  balance: z.object({ network: z.string(), balance: finite }),
  secondBalance: z.object({ address: z.string(), network: z.string(), balance: finite }),
  workerIterationResult: z.looseObject({ key: z.string() }),
  workerIterationError: z.object({ key: z.string(), error: z.string() }),
  workerStats: z.string(),
  analytics: z.string(),
  events: z.string(),
  lpStats: z.string(),
  eventerStats: z.string(),
  txSent: z.object({
    tradeId: z.string(),
    tokenName: z.string(),
    txTypes: z.array(z.string()),
    networkBuy: z.string(),
    networkSell: z.string(),
    bridge: z.looseObject({ name: z.string() }),
  }),
  txConfirmed: z.object({ txs: z.record(z.string(), TxConfirmation), errCode: z.number().int().optional() }),
} as const;

export type ServerEventName = keyof typeof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof ServerEvents)[E]>;
export const SERVER_EVENT_NAMES = Object.keys(ServerEvents) as ServerEventName[];

export function isServerEventName(name: string): name is ServerEventName {
  return Object.prototype.hasOwnProperty.call(ServerEvents, name);
}

/** Events the server caches and replays through eventCache (the last payload of each). */
export const CACHED_EVENTS = [
  'brainState', 'connectedServices', 'connectedUsers', 'workerStats', 'analytics', 'events', 'lpStats',
  'eventerStats', 'miscSettingsUpdateDone', 'cloudUpdateDone',
] as const satisfies readonly ServerEventName[];

// ---------- Client -> server ----------
export const CLIENT_PING = 'ping';
