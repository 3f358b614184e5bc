/**
 * Every REST route of the wire contract, as data: method, path, the contract's zod schemas of its
 * query, body and answer, and who may call it (its entry in src/config/access.ts). The OpenAPI
 * document is generated from this list (openapi.ts); tests hold it against the routes the reference
 * server registers (same paths, same access, the same schemas), so neither can drift from the other.
 *
 * Not re-exported by src/contract/index.ts: only the generator, the server and the checker read it.
 */
import { apiRouteOf, type Access } from '../../config/access.ts';
import { z } from '../zod.ts';
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
} from '../index.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryAttemptResponse,
  DestinationsRequest,
  DestinationsResponse,
} from '../alertDelivery.ts';
import { StatsSeriesQuery, StatsSeriesResponse, TradeStatsQuery, TradeStatsResponse } from '../stats.ts';

/** The console extensions of docs/protocol.md: a backend may leave them out (404), and the console hides what needs them. */
export type ExtensionName = 'trades' | 'stats' | 'alerts';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the reference server registers it: `/api/tokens/:tokenName`. */
  path: string;
  /** Who may call it (§6): the route's entry in the access table (src/config/access.ts), not written here. */
  access: Access;
  /** A short name for the operation (OpenAPI operationId). */
  id: string;
  summary: string;
  /** Where the rule comes from, as docs/openapi.json prints it: a § of docs/product.md ("docs/product.md §7") or a heading of docs/protocol.md. */
  source: string;
  extension?: ExtensionName;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A bodyless call: nothing, or `{}`. */
  bodyOptional?: boolean;
  /** 200 with this body; absent: 204 and no body. */
  response?: z.ZodType;
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

const DESCRIBED: readonly Omit<Operation, 'access'>[] = [
  // ---------- Signing in and out ----------
  {
    method: 'POST', path: '/api/login', id: 'login', summary: 'Sign in with an access key', source: 'docs/protocol.md Login and the session token',
    body: LoginRequest, response: LoginResponse, errors: [429],
    description: 'The token is a JWT (three base64url parts) whose payload holds at least `name`, `role` (exactly `Admin` for admins) and `exp` (seconds). A bad key answers 401 `{"error": "invalid access key"}`.',
  },
  {
    method: 'POST', path: '/api/logout', id: 'logout', summary: 'End this session', source: 'docs/protocol.md Login and the session token',
    body: EmptyBody, bodyOptional: true,
    description: 'The token is refused (401) from then on; its sockets get `stopReconnect` and are disconnected.',
  },
  {
    method: 'GET', path: DOCUMENT_PATHS.openapi, id: 'openApiDocument', summary: 'This document', source: 'docs/protocol.md REST routes',
    response: anyObject,
  },
  {
    method: 'GET', path: DOCUMENT_PATHS.asyncapi, id: 'asyncApiDocument', summary: 'The socket contract (AsyncAPI 3)', source: 'docs/protocol.md REST routes',
    response: anyObject,
  },

  // ---------- Workers, settings, commands, restarts (any role) ----------
  { method: 'POST', path: '/api/workers/start', id: 'startWorkers', summary: 'Start the workers', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: WorkersResponse },
  { method: 'POST', path: '/api/workers/stop', id: 'stopWorkers', summary: 'Stop the workers', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: WorkersResponse },
  {
    method: 'PUT', path: '/api/settings/misc', id: 'updateMiscSettings', summary: 'Change sell only (and, Admin, the shared alert rules)', source: 'docs/product.md §7',
    body: miscSettingsUpdateRequest(), response: MiscSettingsResponse,
  },
  { method: 'POST', path: '/api/command', id: 'sendCommand', summary: 'Send a command to a service', source: 'docs/product.md §7', body: CommandRequest, response: OkResponse },
  {
    method: 'POST', path: '/api/services/:service/restart', id: 'restartService', summary: 'Restart a service', source: 'docs/product.md §7',
    body: EmptyBody, bodyOptional: true, response: OkResponse,
  },
  {
    method: 'POST', path: '/api/services/:service/restart/scaling', id: 'restartServiceScaling', summary: 'Restart a service by scaling its deployment', source: 'docs/product.md §7',
    body: ScalingRestartRequest, response: OkResponse,
    description: 'namespace is `worker` for the worker service, `core` otherwise; the transactions service uses deployment `tx-core`.',
  },
  { method: 'POST', path: '/api/txs/peers/:peer/restart', id: 'restartPeer', summary: 'Restart a transactions peer', source: 'docs/product.md §7', body: EmptyBody, bodyOptional: true, response: OkResponse, errors: [404] },
  {
    method: 'PUT', path: '/api/txs/pins', id: 'setPins', summary: 'Set the pinned tokens', source: 'docs/product.md §7', body: PinsRequest, response: WorkersResponse,
    description: 'The body is the list of token names itself, or `{pins}`.',
  },
  {
    method: 'PUT', path: '/api/txs/pins/sell', id: 'setSellPins', summary: 'Set the auto-sell pins', source: 'docs/product.md §7', body: PinsRequest, response: WorkersResponse,
    description: 'The body is the list of token names itself, or `{pins}`.',
  },

  // ---------- Reads of any role ----------
  {
    method: 'GET', path: '/api/proxy/:a/:b', id: 'proxy', summary: 'A call through the proxy; the console uses worker/quoteUi (a quote)', source: 'docs/product.md §7 Quote',
    query: QuoteQuery, response: Quote, errors: [404],
    description: 'The console calls `GET /api/proxy/worker/quoteUi?network=&tokenInAddress=&tokenOutAddress=&amountIn=` (amountIn in integer base units). Routes come sorted best first.',
  },
  {
    method: 'GET', path: '/api/txs/', id: 'listTxs', summary: 'The transaction history, a page at a time', source: 'docs/product.md §7',
    query: TxListQuery, response: TxListResponse, list: { resource: 'txs' },
  },
  { method: 'GET', path: '/api/txs/:id', id: 'getTx', summary: 'One transaction, with its trade’s history', source: 'docs/product.md §7', response: TxRecord, errors: [404] },
  { method: 'GET', path: '/api/txs/sell/:id', id: 'getTrade', summary: 'A trade (or an operator’s sell) with its txs', source: 'docs/product.md §7 trade fetch', response: TradeRecord, errors: [404] },

  // ---------- Trades (console extension) ----------
  {
    method: 'GET', path: '/api/trades/', id: 'listTrades', summary: 'Trades as journeys, a page at a time', source: 'docs/protocol.md Trades', extension: 'trades',
    query: TradeListQuery, response: TradeListResponse, list: { resource: 'trades' },
  },
  {
    method: 'GET', path: '/api/trades/:tradeId', id: 'getTradeJourney', summary: 'A trade with its steps', source: 'docs/protocol.md Trades', extension: 'trades',
    response: TradeJourneyDetail, errors: [404],
  },

  // ---------- Stats (console extension) ----------
  {
    method: 'GET', path: '/api/stats/trades', id: 'tradeStats', summary: 'Trade counts per hour or day', source: 'docs/protocol.md Stats', extension: 'stats',
    query: TradeStatsQuery, response: TradeStatsResponse,
    description: 'A trade counts in the bucket where it started. Buckets cover [from, to) with no gaps; at most 1,000.',
  },
  {
    method: 'GET', path: '/api/stats/series', id: 'statsSeries', summary: 'Gas, balance or block interval over time', source: 'docs/protocol.md Stats', extension: 'stats',
    query: StatsSeriesQuery, response: StatsSeriesResponse,
    description: 'Points `[t, value]`, oldest first, at most 1,000 (the mean of each step).',
  },

  // ---------- Alerts delivery (console extension) ----------
  {
    method: 'GET', path: '/api/alerts/destinations', id: 'listAlertDestinations', summary: 'Where alerts are delivered (secrets masked)', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    response: DestinationsResponse,
  },
  {
    method: 'PUT', path: '/api/alerts/destinations', id: 'replaceAlertDestinations', summary: 'Replace the list of destinations', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    body: DestinationsRequest, response: DestinationsResponse,
    description: 'A masked secret sent back unchanged keeps the stored one; a destination without an id gets one.',
  },
  {
    method: 'POST', path: '/api/alerts/destinations/:id/test', id: 'testAlertDestination', summary: 'Send a test message to a destination', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    response: DeliveryAttemptResponse, errors: [404],
  },
  {
    method: 'GET', path: '/api/alerts/deliveries', id: 'listAlertDeliveries', summary: 'What was delivered, newest first', source: 'docs/protocol.md Alerts delivery', extension: 'alerts',
    query: DeliveriesQuery, response: DeliveriesResponse,
  },

  // ---------- Admin: transactions ----------
  { method: 'POST', path: '/api/txs/sell', id: 'createSell', summary: 'Sell a token on one of its networks', source: 'docs/product.md §7', body: SellRequest, response: TradeRecord },
  { method: 'PUT', path: '/api/txs/sell/:tradeId', id: 'updateSell', summary: 'Change a sell not yet sent', source: 'docs/product.md §7', body: SellRequest, response: TradeRecord, errors: [404, 409] },
  { method: 'POST', path: '/api/txs/manual', id: 'manualTx', summary: 'Send one tx by hand', source: 'docs/product.md §7', body: ManualTxRequest, response: TxOperationResponse, errors: [404] },
  {
    method: 'POST', path: '/api/txs/refund', id: 'refund', summary: 'Refund a trade or one tx of it', source: 'docs/product.md §7, docs/protocol.md Guarded refunds',
    body: RefundRequest, response: TxOperationResponse, errors: [404, 409],
    description: 'A trade that already has a refund under way or done answers 409 `{"error": "trade already refunded", "details": {"txId"}}` unless the body carries `"force": true`.',
  },
  { method: 'POST', path: '/api/txs/force', id: 'forceTrade', summary: 'Force a trade over a bridge', source: 'docs/product.md §7', body: ForceTradeRequest, response: TxOperationResponse },
  { method: 'POST', path: '/api/txs/unlock-nonce', id: 'unlockNonce', summary: 'Fill a stuck nonce', source: 'docs/product.md §7', body: UnlockNonceRequest, response: TxOperationResponse, errors: [404] },

  // ---------- Admin: tokens, bridges, configs ----------
  {
    method: 'GET', path: '/api/tokens', id: 'listTokens', summary: 'The tokens', source: 'docs/product.md §7',
    query: TokenListQuery, response: TokenListResponse, list: { resource: 'tokens' },
  },
  { method: 'GET', path: '/api/tokens/:tokenName', id: 'getToken', summary: 'One token', source: 'docs/product.md §7', response: TokenResource, errors: [404] },
  { method: 'POST', path: '/api/tokens', id: 'createToken', summary: 'Create a token', source: 'docs/product.md §7', body: TokenBody, response: TokenResource, errors: [409] },
  {
    method: 'PUT', path: '/api/tokens/:tokenName', id: 'updateToken', summary: 'Change a token', source: 'docs/product.md §7', body: TokenUpdateBody, response: TokenResource, errors: [404, 409],
    description: 'Send the `version` the token was read at: a stale one answers 409 with the current record in `details.current`.',
  },
  { method: 'DELETE', path: '/api/tokens/:tokenName', id: 'deleteToken', summary: 'Delete a token', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  { method: 'POST', path: '/api/bridges', id: 'createBridge', summary: 'Create a bridge', source: 'docs/product.md §7', body: BridgeBody, response: BridgeRecord, errors: [409] },
  {
    method: 'PUT', path: '/api/bridges/:bridgeName', id: 'updateBridge', summary: 'Change a bridge', source: 'docs/product.md §7', body: BridgeUpdateBody, response: BridgeRecord, errors: [404, 409],
    description: 'Send the `version` the bridge was read at: a stale one answers 409 with the current record in `details.current`.',
  },
  { method: 'DELETE', path: '/api/bridges/:bridgeName', id: 'deleteBridge', summary: 'Delete a bridge', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  { method: 'GET', path: '/api/bridges/fee-to-eth', id: 'bridgeFees', summary: 'Each bridge’s fee in ETH', source: 'docs/product.md §7', response: BridgeFeesResponse },
  {
    method: 'PUT', path: '/api/settings/automation/bridges', id: 'updateBridgeAutomation', summary: 'Turn bridge automation on or off', source: 'docs/product.md §7',
    body: BridgeAutomationRequest, response: MiscSettingsResponse,
  },
  {
    method: 'GET', path: '/api/configs', id: 'listConfigs', summary: 'The configs', source: 'docs/product.md §7',
    query: ConfigListQuery, response: ConfigListResponse, list: { resource: 'configs' },
  },
  { method: 'GET', path: '/api/configs/:configName', id: 'getConfig', summary: 'One config', source: 'docs/product.md §7', response: ConfigResource, errors: [404] },
  {
    method: 'PUT', path: '/api/configs/:configName', id: 'updateConfig', summary: 'Change a config', source: 'docs/product.md §7', body: ConfigUpdateRequest, response: ConfigResource, errors: [404, 409],
    description: 'The record as read, `{version, data}` (a stale version answers 409), or the bare data.',
  },

  // ---------- Admin: user log, cloud, cache ----------
  {
    method: 'POST', path: '/api/logs/more', id: 'moreLogs', summary: 'Older user log entries', source: 'docs/product.md §7',
    body: LogsMoreRequest, bodyOptional: true, response: LogsMoreResponse,
  },
  { method: 'PUT', path: '/api/aws/groups', id: 'setAwsGroups', summary: 'Replace the cloud groups', source: 'docs/product.md §7', body: AwsGroupsRequest, response: AwsGroupsResponse },
  { method: 'POST', path: '/api/aws/restart', id: 'restartAwsGroup', summary: 'Restart a cloud group', source: 'docs/product.md §7', body: AwsRestartRequest, response: OkResponse, errors: [404] },
  {
    method: 'POST', path: '/api/settings/cache/results/clear', id: 'clearResultsCache', summary: 'Clear the checker results', source: 'docs/product.md §7',
    body: EmptyBody, bodyOptional: true, response: OkResponse,
  },

  // ---------- Admin: Solana bridge configuration (x is a path segment) ----------
  {
    method: 'GET', path: '/api/solana-bridge/:x', id: 'listSolanaBridge', summary: 'A Solana bridge’s token entries, a page at a time', source: 'docs/product.md §7',
    query: SolanaBridgeListQuery, response: SolanaBridgeListResponse,
  },
  { method: 'GET', path: '/api/solana-bridge/:x/:token', id: 'getSolanaBridgeEntry', summary: 'One token entry', source: 'docs/product.md §7', response: SolanaBridgeRecord, errors: [404] },
  { method: 'GET', path: '/api/solana-bridge/:x/find/:q', id: 'findSolanaBridgeEntries', summary: 'Entries whose token matches', source: 'docs/product.md §7', response: SolanaBridgeListResponse },
  {
    method: 'POST', path: '/api/solana-bridge/:x', id: 'createSolanaBridgeEntry', summary: 'Add a token entry', source: 'docs/product.md §7',
    body: SolanaBridgeCreateRequest, response: SolanaBridgeRecord, errors: [409],
  },
  {
    method: 'POST', path: '/api/solana-bridge/:x/import', id: 'importSolanaBridge', summary: 'Import entries from CSV', source: 'docs/product.md §7',
    body: SolanaBridgeImportRequest, response: SolanaBridgeImportResponse,
    description: 'CSV with the header `token,network,address,decimals`; valid rows are imported even when others fail. The console waits up to 10 minutes.',
  },
  {
    method: 'PUT', path: '/api/solana-bridge/:x/:token', id: 'updateSolanaBridgeEntry', summary: 'Replace a token entry’s data', source: 'docs/product.md §7',
    body: SolanaBridgeUpdateRequest, response: SolanaBridgeRecord, errors: [404],
  },
  { method: 'DELETE', path: '/api/solana-bridge/:x/:token', id: 'deleteSolanaBridgeEntry', summary: 'Delete a token entry', source: 'docs/product.md §7', response: DeletedResponse, errors: [404] },
  {
    method: 'DELETE', path: '/api/solana-bridge/:x/:token/:network', id: 'deleteSolanaBridgeNetwork', summary: 'Delete one network of a token entry', source: 'docs/product.md §7',
    response: SolanaBridgeRecord, errors: [404],
  },
];

/** Every operation with who may call it, from the access table; one without an entry there fails on load. */
export const OPERATIONS: readonly Operation[] = DESCRIBED.map((op) => {
  const route = apiRouteOf(op.method, op.path);
  if (!route) throw new Error(`${op.method} ${op.path} has no entry in src/config/access.ts`);
  return { ...op, access: route.access };
});

/** `:name` segments of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
}

/** The OpenAPI spelling of a path: `/api/tokens/{tokenName}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}
