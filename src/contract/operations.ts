/**
 * Every /api route, declared once (docs/architecture.md "One declaration per route"): method, path,
 * who may call it (§6), the zod schemas of its path, query, body and answer, and what the OpenAPI
 * document says of it. From this one table come
 * - the reference server's routes: each route file registers an entry with its handler
 *   (server/src/lib/operationRoute.ts), so the path, the schemas and the access are the entry's;
 * - the server's access checks: its one auth hook reads the entry of the route that matched;
 * - the OpenAPI document (documents/openapi.ts) and check-backend's calls;
 * - the data provider's types (OperationAnswer, OperationBody below).
 * A route the table does not hold is refused (403) whoever asks. The console's bundle reads only the
 * types: the table itself is for the server, the generator and the checker.
 */
import type { Access } from '../config/access.ts';
import { STATS_IN_FLIGHT_PER_USER, STATS_MAX_DAYS_WALKED } from '../config/stats.ts';
import { SERVICES } from '../config/enums.ts';
import { z } from './zod.ts';
import {
  AwsGroupsRequest,
  AwsGroupsResponse,
  AwsRestartRequest,
  BridgeAutomationRequest,
  BridgeBody,
  BridgeFeesResponse,
  BridgeRecord,
  BridgeUpdateBody,
  CommandRequest,
  ConfigListQuery,
  ConfigListResponse,
  ConfigResource,
  ConfigUpdateRequest,
  DeletedResponse,
  EmptyBody,
  ForceTradeRequest,
  LoginRequest,
  LoginResponse,
  LogsMoreRequest,
  LogsMoreResponse,
  ManualTxRequest,
  MiscSettingsResponse,
  OkResponse,
  PinsRequest,
  Quote,
  QuoteQuery,
  RefundRequest,
  ScalingRestartRequest,
  SellRequest,
  SolanaBridgeCreateRequest,
  SolanaBridgeImportRequest,
  SolanaBridgeImportResponse,
  SolanaBridgeKind,
  SolanaBridgeListQuery,
  SolanaBridgeListResponse,
  SolanaBridgeRecord,
  SolanaBridgeUpdateRequest,
  TokenBody,
  TokenListQuery,
  TokenListResponse,
  TokenResource,
  TokenUpdateBody,
  TradeJourneyDetail,
  TradeListQuery,
  TradeListResponse,
  TradeRecord,
  TxListQuery,
  TxListResponse,
  TxOperationResponse,
  TxRecord,
  UnlockNonceRequest,
  WorkersResponse,
  miscSettingsUpdateRequest,
} from './index.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryAttemptResponse,
  DestinationsRequest,
  DestinationsResponse,
} from './alertDelivery.ts';
import { AckRequest, Alert, AlertsQuery, AlertsResponse, Silence, SilenceRequest, SilencesResponse } from './alerts.ts';
import { StatsSeriesQuery, StatsSeriesResponse, TradeStatsQuery, TradeStatsResponse } from './stats.ts';
import { TimelineQuery, TimelineResponse } from './timeline.ts';

/** The console extensions of docs/protocol.md: a backend may leave them out (404), and the console hides what needs them. */
export type ExtensionName = 'trades' | 'stats' | 'alerts' | 'alertsLifecycle' | 'timeline';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Operation {
  method: ApiMethod;
  /** As the reference server registers it: `/api/tokens/:tokenName`. */
  path: string;
  /** Who may call it (§6): anyone, any signed-in role, or role exactly Admin. */
  access: Access;
  /**
   * Settings of the body that need more than `access`, with who may write each: the route lets the
   * call in, then the call is refused (403) when it names one its role may not write. A setting not
   * named here needs only `access`.
   */
  settings?: Readonly<Record<string, Access>>;
  /** A short name for the operation (OpenAPI operationId), unique in the table. */
  id: string;
  summary: string;
  /** Where the rule comes from, as docs/openapi.json prints it: a § of docs/product.md ("docs/product.md §7") or a heading of docs/protocol.md. */
  source: string;
  extension?: ExtensionName;
  /** The path's `:name` segments and their limits. */
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * What the reference server accepts as the query when that is more than `query` names: the route
   * judges the rest itself (the proxy hands any query on to the worker).
   */
  serverQuery?: z.ZodType;
  body?: z.ZodType;
  /** A bodyless call: nothing, or `{}`. */
  bodyOptional?: boolean;
  /** 200 with this body; absent: 204 and no body. */
  response?: z.ZodType;
  /**
   * The reference server sends the answer's bytes as they were made (the database's list pages, the
   * generated documents), so `response` is the contract but not re-serialized; tests parse those
   * answers with it instead.
   */
  answerAsIs?: boolean;
  /** A list route that also speaks react-admin's simple-REST form (array + Content-Range). */
  list?: { resource: string };
  /** Statuses this operation may answer besides 200/204, 400, 401 and 403 (each with the error body). */
  errors?: readonly (404 | 409 | 429)[];
  /** What a backend engineer needs beyond the summary. */
  description?: string;
}

/** The two contract documents themselves: no data, so readable without a session. */
export const DOCUMENT_PATHS = { openapi: '/api/openapi.json', asyncapi: '/api/asyncapi.json' } as const;

const anyObject = z.record(z.string(), z.unknown());
const STATS_IN_FLIGHT = `At most ${STATS_IN_FLIGHT_PER_USER} stats queries of a user in flight (both routes): past that, 429 with \`retry-after\`.`;

/** A path parameter naming a record: present, and no longer than a name may be. */
const named = <Name extends string>(name: Name, max = 128) => z.object({ [name]: z.string().min(1).max(max) } as Record<Name, z.ZodString>);
const SolanaKind = z.object({ x: SolanaBridgeKind });
const SolanaEntry = SolanaKind.extend({ token: z.string().min(1).max(128) });

/** Every /api route the contract names (docs/protocol.md "REST routes"), each entry with its own schemas' types. */
const TABLE = [
  // ---------- Signing in and out ----------
  {
    method: 'POST', path: '/api/login', access: 'public', id: 'login', summary: 'Sign in with an access key', source: 'docs/protocol.md Login and the session token',
    body: LoginRequest, response: LoginResponse, errors: [429],
    description: 'The token is a JWT (three base64url parts) whose payload holds at least `name`, `role` (exactly `Admin` for admins) and `exp` (seconds). A bad key answers 401 `{"error": "invalid access key"}`.',
  },
  {
    method: 'POST', path: '/api/logout', access: 'any', id: 'logout', summary: 'End this session', source: 'docs/protocol.md Login and the session token',
    body: EmptyBody, bodyOptional: true,
    description: 'The token is refused (401) from then on; its sockets get `stopReconnect` and are disconnected.',
  },
  {
    method: 'GET', path: DOCUMENT_PATHS.openapi, access: 'public', id: 'openApiDocument', summary: 'This document', source: 'docs/protocol.md REST routes',
    response: anyObject, answerAsIs: true,
  },
  {
    method: 'GET', path: DOCUMENT_PATHS.asyncapi, access: 'public', id: 'asyncApiDocument', summary: 'The socket contract (AsyncAPI 3)', source: 'docs/protocol.md REST routes',
    response: anyObject, answerAsIs: true,
  },

  // ---------- Workers, settings, commands, restarts (any role) ----------
  { method: 'POST', path: '/api/workers/start', access: 'any', id: 'startWorkers', summary: 'Start the workers', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: WorkersResponse },
  { method: 'POST', path: '/api/workers/stop', access: 'any', id: 'stopWorkers', summary: 'Stop the workers', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: WorkersResponse },
  {
    method: 'PUT', path: '/api/settings/misc', access: 'any', settings: { alertRules: 'admin' }, id: 'updateMiscSettings', summary: 'Change sell only (and, Admin, the shared alert rules)', source: 'docs/product.md §7',
    body: miscSettingsUpdateRequest(), response: MiscSettingsResponse,
  },
  { method: 'POST', path: '/api/command', access: 'any', id: 'sendCommand', summary: 'Send a command to a service', source: 'docs/product.md §7', body: CommandRequest, response: OkResponse },
  {
    method: 'POST', path: '/api/services/:service/restart', access: 'any', params: z.object({ service: z.enum(SERVICES) }), id: 'restartService', summary: 'Restart a service', source: 'docs/product.md §7',
    body: EmptyBody, bodyOptional: true, response: OkResponse,
  },
  {
    method: 'POST', path: '/api/services/:service/restart/scaling', access: 'any', params: z.object({ service: z.enum(SERVICES) }), id: 'restartServiceScaling', summary: 'Restart a service by scaling its deployment', source: 'docs/product.md §7',
    body: ScalingRestartRequest, response: OkResponse,
    description: 'namespace is `worker` for the worker service, `core` otherwise; the transactions service uses deployment `tx-core`.',
  },
  { method: 'POST', path: '/api/txs/peers/:peer/restart', access: 'any', params: named('peer'), id: 'restartPeer', summary: 'Restart a transactions peer', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: OkResponse, errors: [404] },
  {
    method: 'PUT', path: '/api/txs/pins', access: 'any', id: 'setPins', summary: 'Set the pinned tokens', source: 'docs/product.md §7', body: PinsRequest, response: WorkersResponse,
    description: 'The body is the list of token names itself, or `{pins}`.',
  },
  {
    method: 'PUT', path: '/api/txs/pins/sell', access: 'any', id: 'setSellPins', summary: 'Set the auto-sell pins', source: 'docs/product.md §7', body: PinsRequest, response: WorkersResponse,
    description: 'The body is the list of token names itself, or `{pins}`.',
  },

  // ---------- Reads of any role ----------
  {
    method: 'GET', path: '/api/proxy/:a/:b', access: 'any', params: z.object({ a: z.string().min(1).max(64), b: z.string().min(1).max(64) }), id: 'proxy', summary: 'A call through the proxy; the console uses worker/quoteUi (a quote)', source: 'docs/product.md §7 Quote',
    query: QuoteQuery, serverQuery: anyObject, response: Quote, errors: [404],
    description: 'The console calls `GET /api/proxy/worker/quoteUi?network=&tokenInAddress=&tokenOutAddress=&amountIn=` (amountIn in integer base units). Routes come sorted best first.',
  },
  {
    method: 'GET', path: '/api/txs/', access: 'any', id: 'listTxs', summary: 'The transaction history, a page at a time', source: 'docs/product.md §7',
    query: TxListQuery, response: TxListResponse, answerAsIs: true, list: { resource: 'txs' },
  },
  { method: 'GET', path: '/api/txs/:id', access: 'any', params: named('id'), id: 'getTx', summary: 'One transaction, with its trade’s history', source: 'docs/product.md §7', response: TxRecord, errors: [404] },
  { method: 'GET', path: '/api/txs/sell/:id', access: 'any', params: named('id'), id: 'getTrade', summary: 'A trade (or an operator’s sell) with its txs', source: 'docs/product.md §7 trade fetch', response: TradeRecord, errors: [404] },

  // ---------- Trades (console extension) ----------
  {
    method: 'GET', path: '/api/trades/', access: 'any', id: 'listTrades', summary: 'Trades as journeys, a page at a time', source: 'docs/protocol.md Trades', extension: 'trades',
    query: TradeListQuery, response: TradeListResponse, answerAsIs: true, list: { resource: 'trades' },
  },
  {
    method: 'GET', path: '/api/trades/:tradeId', access: 'any', params: named('tradeId'), id: 'getTradeJourney', summary: 'A trade with its steps', source: 'docs/protocol.md Trades', extension: 'trades',
    response: TradeJourneyDetail, errors: [404],
  },

  // ---------- Stats (console extension) ----------
  {
    method: 'GET', path: '/api/stats/trades', access: 'any', id: 'tradeStats', summary: 'Trade counts per hour or day', source: 'docs/protocol.md Stats', extension: 'stats',
    query: TradeStatsQuery, response: TradeStatsResponse, answerAsIs: true, errors: [429],
    description:
      `A trade counts in the bucket where it started. Buckets cover [from, to) with no gaps; at most 1,000. At most ${STATS_MAX_DAYS_WALKED} days of trades are walked, a grouped range twice (so at most ${STATS_MAX_DAYS_WALKED / 2} days grouped): past that, 400 naming \`from\` or \`groupBy\`. ${STATS_IN_FLIGHT}`,
  },
  {
    method: 'GET', path: '/api/stats/series', access: 'any', id: 'statsSeries', summary: 'Gas, balance or block interval over time', source: 'docs/protocol.md Stats', extension: 'stats',
    query: StatsSeriesQuery, response: StatsSeriesResponse, answerAsIs: true, errors: [429],
    description: `Points \`[t, value]\`, oldest first, at most 1,000 (the mean of each step). ${STATS_IN_FLIGHT}`,
  },

  // ---------- Timeline (console extension) ----------
  {
    method: 'GET', path: '/api/timeline', access: 'any', id: 'getTimeline', summary: 'What happened, latest first', source: 'docs/protocol.md Timeline', extension: 'timeline',
    query: TimelineQuery, response: TimelineResponse,
    description: 'At most 500 events; `nextBefore`, when present, is the `before` of the next page. `kinds` is comma-separated; `action` events (the user log) reach Admins only. `from`..`to` (both included) spans at most 31 days.',
  },

  // ---------- Alerts delivery (console extension) ----------
  {
    method: 'GET', path: '/api/alerts/destinations', access: 'admin', id: 'listAlertDestinations', summary: 'Where alerts are delivered (secrets masked)', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    response: DestinationsResponse,
  },
  {
    method: 'PUT', path: '/api/alerts/destinations', access: 'admin', id: 'replaceAlertDestinations', summary: 'Replace the list of destinations', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    body: DestinationsRequest, response: DestinationsResponse,
    description: 'A masked secret sent back unchanged keeps the stored one; a destination without an id gets one.',
  },
  {
    method: 'POST', path: '/api/alerts/destinations/:id/test', access: 'admin', params: named('id', 64), id: 'testAlertDestination', summary: 'Send a test message to a destination', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    response: DeliveryAttemptResponse, errors: [404],
  },
  {
    method: 'GET', path: '/api/alerts/deliveries', access: 'admin', id: 'listAlertDeliveries', summary: 'What was delivered, newest first', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    query: DeliveriesQuery, response: DeliveriesResponse,
  },

  // ---------- Alerts lifecycle (console extension) ----------
  {
    method: 'GET', path: '/api/alerts', access: 'any', id: 'listAlerts', summary: 'The alerts: active ones first, then newest first', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    query: AlertsQuery, response: AlertsResponse,
    description: '`state=active` (pending or firing) or `all` (the default); `from`/`to` bound the start; at most 500.',
  },
  {
    method: 'GET', path: '/api/alerts/silences', access: 'any', id: 'listSilences', summary: 'The silences not yet expired', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    response: SilencesResponse,
  },
  {
    method: 'POST', path: '/api/alerts/silences', access: 'any', id: 'createSilence', summary: 'Silence a rule or a subject until a time', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    body: SilenceRequest, response: Silence,
    description: 'At least one of `ruleId` and `subject`; `until` in the future, at most 7 days ahead; a reason. Nothing is sent to destinations for what it covers.',
  },
  {
    method: 'DELETE', path: '/api/alerts/silences/:id', access: 'any', params: named('id', 64), id: 'deleteSilence', summary: 'End a silence early', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    errors: [404],
  },
  {
    method: 'GET', path: '/api/alerts/:id', access: 'any', params: named('id', 64), id: 'getAlert', summary: 'One alert and its history', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    response: Alert, errors: [404],
  },
  {
    method: 'POST', path: '/api/alerts/:id/ack', access: 'any', params: named('id', 64), id: 'ackAlert', summary: 'Acknowledge an alert (someone is on it)', source: 'docs/protocol.md Alerts lifecycle', extension: 'alertsLifecycle',
    body: AckRequest, bodyOptional: true, response: Alert, errors: [404, 409],
    description: '409 when the alert is resolved.',
  },

  // ---------- Admin: transactions ----------
  { method: 'POST', path: '/api/txs/sell', access: 'admin', id: 'createSell', summary: 'Sell a token on one of its networks', source: 'docs/product.md §7', body: SellRequest, response: TradeRecord },
  { method: 'PUT', path: '/api/txs/sell/:tradeId', access: 'admin', params: named('tradeId'), id: 'updateSell', summary: 'Change a sell not yet sent', source: 'docs/product.md §7', body: SellRequest, response: TradeRecord, errors: [404, 409] },
  { method: 'POST', path: '/api/txs/manual', access: 'admin', id: 'manualTx', summary: 'Send one tx by hand', source: 'docs/product.md §7', body: ManualTxRequest, response: TxOperationResponse, errors: [404] },
  {
    method: 'POST', path: '/api/txs/refund', access: 'admin', id: 'refund', summary: 'Refund a trade or one tx of it', source: 'docs/product.md §7, docs/protocol.md Guarded refunds',
    body: RefundRequest, response: TxOperationResponse, errors: [404, 409],
    description: 'A trade that already has a refund under way or done answers 409 `{"error": "trade already refunded", "details": {"txId"}}` unless the body carries `"force": true`.',
  },
  { method: 'POST', path: '/api/txs/force', access: 'admin', id: 'forceTrade', summary: 'Force a trade over a bridge', source: 'docs/product.md §7', body: ForceTradeRequest, response: TxOperationResponse },
  { method: 'POST', path: '/api/txs/unlock-nonce', access: 'admin', id: 'unlockNonce', summary: 'Fill a stuck nonce', source: 'docs/product.md §7', body: UnlockNonceRequest, response: TxOperationResponse, errors: [404] },

  // ---------- Admin: tokens, bridges, configs ----------
  {
    method: 'GET', path: '/api/tokens', access: 'admin', id: 'listTokens', summary: 'The tokens', source: 'docs/product.md §7',
    query: TokenListQuery, response: TokenListResponse, list: { resource: 'tokens' },
  },
  { method: 'GET', path: '/api/tokens/:tokenName', access: 'admin', params: named('tokenName'), id: 'getToken', summary: 'One token', source: 'docs/product.md §7', response: TokenResource, errors: [404] },
  { method: 'POST', path: '/api/tokens', access: 'admin', id: 'createToken', summary: 'Create a token', source: 'docs/product.md §7', body: TokenBody, response: TokenResource, errors: [409] },
  {
    method: 'PUT', path: '/api/tokens/:tokenName', access: 'admin', params: named('tokenName'), id: 'updateToken', summary: 'Change a token', source: 'docs/product.md §7', body: TokenUpdateBody, response: TokenResource, errors: [404, 409],
    description: 'Send the `version` the token was read at: a stale one answers 409 with the current record in `details.current`.',
  },
  { method: 'DELETE', path: '/api/tokens/:tokenName', access: 'admin', params: named('tokenName'), id: 'deleteToken', summary: 'Delete a token', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  { method: 'POST', path: '/api/bridges', access: 'admin', id: 'createBridge', summary: 'Create a bridge', source: 'docs/product.md §7', body: BridgeBody, response: BridgeRecord, errors: [409] },
  {
    method: 'PUT', path: '/api/bridges/:bridgeName', access: 'admin', params: named('bridgeName'), id: 'updateBridge', summary: 'Change a bridge', source: 'docs/product.md §7', body: BridgeUpdateBody, response: BridgeRecord, errors: [404, 409],
    description: 'Send the `version` the bridge was read at: a stale one answers 409 with the current record in `details.current`.',
  },
  { method: 'DELETE', path: '/api/bridges/:bridgeName', access: 'admin', params: named('bridgeName'), id: 'deleteBridge', summary: 'Delete a bridge', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  { method: 'GET', path: '/api/bridges/fee-to-eth', access: 'admin', id: 'bridgeFees', summary: 'Each bridge’s fee in ETH', source: 'docs/product.md §7', response: BridgeFeesResponse },
  {
    method: 'PUT', path: '/api/settings/automation/bridges', access: 'admin', id: 'updateBridgeAutomation', summary: 'Turn bridge automation on or off', source: 'docs/product.md §7',
    body: BridgeAutomationRequest, response: MiscSettingsResponse,
  },
  {
    method: 'GET', path: '/api/configs', access: 'admin', id: 'listConfigs', summary: 'The configs', source: 'docs/product.md §7',
    query: ConfigListQuery, response: ConfigListResponse, list: { resource: 'configs' },
  },
  { method: 'GET', path: '/api/configs/:configName', access: 'admin', params: named('configName'), id: 'getConfig', summary: 'One config', source: 'docs/product.md §7', response: ConfigResource, errors: [404] },
  {
    method: 'PUT', path: '/api/configs/:configName', access: 'admin', params: named('configName'), id: 'updateConfig', summary: 'Change a config', source: 'docs/product.md §7', body: ConfigUpdateRequest, response: ConfigResource, errors: [404, 409],
    description: 'The record as read, `{version, data}` (a stale version answers 409), or the bare data.',
  },

  // ---------- Admin: user log, cloud, cache ----------
  {
    method: 'POST', path: '/api/logs/more', access: 'admin', id: 'moreLogs', summary: 'Older user log entries', source: 'docs/product.md §7',
    body: LogsMoreRequest, bodyOptional: true, response: LogsMoreResponse,
  },
  { method: 'PUT', path: '/api/aws/groups', access: 'admin', id: 'setAwsGroups', summary: 'Replace the cloud groups', source: 'docs/product.md §7', body: AwsGroupsRequest, response: AwsGroupsResponse },
  { method: 'POST', path: '/api/aws/restart', access: 'admin', id: 'restartAwsGroup', summary: 'Restart a cloud group', source: 'docs/product.md §7', body: AwsRestartRequest, response: OkResponse, errors: [404] },
  {
    method: 'POST', path: '/api/settings/cache/results/clear', access: 'admin', id: 'clearResultsCache', summary: 'Clear the checker results', source: 'docs/product.md §7',
    body: EmptyBody, bodyOptional: true, response: OkResponse,
  },

  // ---------- Admin: Solana bridge configuration (x is a path segment) ----------
  {
    method: 'GET', path: '/api/solana-bridge/:x', access: 'admin', params: SolanaKind, id: 'listSolanaBridge', summary: 'A Solana bridge’s token entries, a page at a time', source: 'docs/product.md §7',
    query: SolanaBridgeListQuery, response: SolanaBridgeListResponse,
  },
  { method: 'GET', path: '/api/solana-bridge/:x/:token', access: 'admin', params: SolanaEntry, id: 'getSolanaBridgeEntry', summary: 'One token entry', source: 'docs/product.md §7', response: SolanaBridgeRecord, errors: [404] },
  { method: 'GET', path: '/api/solana-bridge/:x/find/:q', access: 'admin', params: SolanaKind.extend({ q: z.string().min(1).max(128) }), id: 'findSolanaBridgeEntries', summary: 'Entries whose token matches', source: 'docs/product.md §7', response: SolanaBridgeListResponse },
  {
    method: 'POST', path: '/api/solana-bridge/:x', access: 'admin', params: SolanaKind, id: 'createSolanaBridgeEntry', summary: 'Add a token entry', source: 'docs/product.md §7',
    body: SolanaBridgeCreateRequest, response: SolanaBridgeRecord, errors: [409],
  },
  {
    method: 'POST', path: '/api/solana-bridge/:x/import', access: 'admin', params: SolanaKind, id: 'importSolanaBridge', summary: 'Import entries from CSV', source: 'docs/product.md §7',
    body: SolanaBridgeImportRequest, response: SolanaBridgeImportResponse,
    description: 'CSV with the header `token,network,address,decimals`; valid rows are imported even when others fail. The console waits up to 10 minutes.',
  },
  {
    method: 'PUT', path: '/api/solana-bridge/:x/:token', access: 'admin', params: SolanaEntry, id: 'updateSolanaBridgeEntry', summary: 'Replace a token entry’s data', source: 'docs/product.md §7',
    body: SolanaBridgeUpdateRequest, response: SolanaBridgeRecord, errors: [404],
  },
  { method: 'DELETE', path: '/api/solana-bridge/:x/:token', access: 'admin', params: SolanaEntry, id: 'deleteSolanaBridgeEntry', summary: 'Delete a token entry', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  {
    method: 'DELETE', path: '/api/solana-bridge/:x/:token/:network', access: 'admin', params: SolanaEntry.extend({ network: z.string().min(1).max(64) }), id: 'deleteSolanaBridgeNetwork', summary: 'Delete one network of a token entry', source: 'docs/product.md §7',
    response: SolanaBridgeRecord, errors: [404],
  },
] as const satisfies readonly Operation[];

/** Every /api route the contract names, in the table's order. */
export const OPERATIONS: readonly Operation[] = TABLE;

export type OperationId = (typeof TABLE)[number]['id'];
/** The entry of `id`, with its own schemas' types. */
export type OperationOf<Id extends OperationId> = OperationsById[Id];
type OperationsById = { [O in (typeof TABLE)[number] as O['id']]: O };

type Parsed<O, Key extends string> = O extends Record<Key, infer S extends z.ZodType> ? z.output<S> : undefined;
/** What the call of `id` answers (undefined for a 204), as the data provider hands it on. */
export type OperationAnswer<Id extends OperationId> = Parsed<OperationOf<Id>, 'response'>;
/** The body the call of `id` sends. */
export type OperationBody<Id extends OperationId> = OperationOf<Id> extends Record<'body', infer S extends z.ZodType> ? z.input<S> : undefined;
/** The query the call of `id` sends. */
export type OperationQuery<Id extends OperationId> = OperationOf<Id> extends Record<'query', infer S extends z.ZodType> ? z.input<S> : undefined;

/** Made on first use. */
let byId: Map<string, Operation> | undefined;
let byRoute: Map<string, Operation> | undefined;

/** The entry of `id`. */
export function operation<Id extends OperationId>(id: Id): OperationOf<Id> {
  byId ??= new Map(OPERATIONS.map((op): [string, Operation] => [op.id, op]));
  return byId.get(id) as OperationOf<Id>;
}

/** The entry of a route as registered (method and pattern); HEAD is answered by the GET route, so it shares its entry. */
export function operationAt(method: string, path: string | undefined): Operation | undefined {
  if (path === undefined) return undefined;
  byRoute ??= new Map(OPERATIONS.map((op): [string, Operation] => [`${op.method} ${op.path}`, op]));
  return byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}

/** §6 Who may write `setting` through `op`: its own entry in the operation's `settings`, else the operation's access. */
export function settingAccessOf(op: Operation, setting: string): Access {
  const own = op.settings !== undefined && Object.hasOwn(op.settings, setting) ? op.settings[setting] : undefined;
  return own ?? op.access;
}

/** `:name` segments of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
}

/** The OpenAPI spelling of a path: `/api/tokens/{tokenName}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}
