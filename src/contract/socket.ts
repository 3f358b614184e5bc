/** The socket events (protocol.md "Server -> client events"): what the server sends (and caches), and what a client sends. */
import { SOUND_FACTORS } from '../config/enums.ts';
import { finite } from './builders.ts';
import {
  AwsGroup,
  BrainState,
  Bridge,
  ConnectedServices,
  ConnectedUser,
  MiscSettings,
  Token,
  TxConfirmation,
  UserLog,
} from './shapes.ts';
import { Alert, SilencesResponse } from './alerts.ts';
import { TradeStuckPayload, TradeUnstuckPayload } from './trades.ts';
import { z } from './zod.ts';

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
  /** docs/protocol.md "Alerts lifecycle": the active alerts (a backend without the extension sends none). */
  alerts: z.array(Alert).optional(),
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
  /** The server sends `{}` (docs/protocol.md); a bare emit (no payload) means the same. */
  stopReconnect: z.unknown(),
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
  txConfirmed: z.object({ txs: z.record(z.string(), TxConfirmation), errCode: z.number().int().nullish() }),
  /** docs/protocol.md "Trades": once when a trade becomes stuck, and when it moves on. */
  tradeStuck: TradeStuckPayload,
  tradeUnstuck: TradeUnstuckPayload,
  /** docs/protocol.md "Alerts lifecycle": an alert on every change (state, acknowledgement, silence). */
  alertChanged: Alert,
  silencesChanged: SilencesResponse,
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

/**
 * Events cached per key (docs/protocol.md "eventCache"): the last payload of each network's block
 * head, gas and balance, of each address's balance per network, of each tracked pool. In
 * `eventCache` their value is the list of those payloads. The key is read from the payload.
 */
export const KEYED_CACHED_EVENTS = {
  newBlock: (p: ServerEventPayload<'newBlock'>) => p.network,
  gas: (p: ServerEventPayload<'gas'>) => p.network,
  balance: (p: ServerEventPayload<'balance'>) => p.network,
  secondBalance: (p: ServerEventPayload<'secondBalance'>) => `${p.address} ${p.network}`,
  workerIterationResult: (p: ServerEventPayload<'workerIterationResult'>) => p.key,
  workerIterationError: (p: ServerEventPayload<'workerIterationError'>) => p.key,
} as const satisfies { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => string };
export type KeyedCachedEvent = keyof typeof KEYED_CACHED_EVENTS;

/**
 * The payloads an `eventCache` value stands for: a list of them (the per-key form) or one. An event
 * whose own payload is a list (connectedUsers, cloudUpdateDone) is in the per-key form only when
 * every element is itself a list.
 */
export function eventCachePayloads(event: ServerEventName, value: unknown): unknown[] {
  if (!Array.isArray(value)) return [value];
  const payloadIsList = ServerEvents[event].safeParse([]).success;
  if (!payloadIsList) return value;
  return value.length > 0 && value.every(Array.isArray) ? value : [value];
}

// ---------- Client -> server ----------
export const CLIENT_PING = 'ping';

// ---------- Batched delivery (docs/protocol.md "Batched delivery") ----------
/**
 * The handshake query a client sets to `1` to receive broadcasts as runs: the events a backend
 * sends together (a simulator tick sends dozens) in one message instead of one message each. A
 * backend may ignore it; the console reads both forms.
 */
export const BATCH_QUERY = 'batch';
/** The event that carries a run: its payload lists `[eventName, payload]` pairs in the order sent. */
export const BATCH_EVENT = 'batch';
/** At most this many events in one batch message; a longer run is sent as several, in order. */
export const BATCH_MAX_EVENTS = 500;
/** One entry of a batch: an event name and its payload, checked as that event when it is applied. */
export const BatchEntry = z.tuple([z.string(), z.unknown()]);
export const BatchPayload = z.array(BatchEntry).min(1).max(BATCH_MAX_EVENTS);

/** A run of events as the batch payloads that carry it, in order, each of at most BATCH_MAX_EVENTS. */
export function batchesOf<T>(run: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < run.length; start += BATCH_MAX_EVENTS) batches.push(run.slice(start, start + BATCH_MAX_EVENTS));
  return batches;
}
