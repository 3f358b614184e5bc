/**
 * The console's custom calls of §7, beside react-admin's CRUD methods on the data provider, each
 * one definition typed by its route's entry in the operations table (src/contract/operations.ts:
 * OperationBody, OperationAnswer; types only, so the table stays out of the console's bundle). Answers a screen reads into are checked with zod here,
 * at the boundary (checked.ts); the others are typed as docs/protocol.md says and shown as they
 * come.
 */
import { SOLANA_IMPORT_TIMEOUT_MS } from '../config/constants.ts';
import { scalingTarget, type Service } from '../config/enums.ts';
import {
  BridgeFeesResponse, ConfigRecord, LogsMoreResponse, SolanaBridgeImportResponse, SolanaBridgeListResponse, SolanaBridgeRecord,
  StatsSeriesResponse, TimelineResponse, TradeRecord, TradeStatsResponse, TxRecord,
  type AlertRules, type AwsGroupsRequest, type QuoteQuery, type StatsSeriesQuery, type TradeStatsQuery,
} from '../contract/index.ts';
import type { TimelineKind } from '../config/enums.ts';
import type { OperationAnswer, OperationBody } from '../contract/operations.ts';
import type { ApiFetch, ApiFetchOptions } from './apiFetch.ts';
import { checked } from './checked.ts';
import { providedOr404 } from './provided.ts';

const segment = encodeURIComponent;

/** GET /timeline's query as the console asks it: kinds as a list (sent comma-separated), times in ms. */
export interface TimelineRequest {
  from?: number;
  to?: number;
  kinds?: readonly TimelineKind[];
  before?: number;
}

export interface LogsMoreQuery {
  before?: number;
  limit?: number;
  user?: string;
  action?: string;
  /** Time range (ms), both ends included. */
  from?: number;
  to?: number;
}

/** A page of a Solana bridge config (1-based page); the server never answers every entry at once. */
export interface SolanaPage {
  page: number;
  perPage: number;
}

/** A query as URL parameters, the parameters left undefined left out. */
function params(query: Readonly<Record<string, string | number | undefined>>): URLSearchParams {
  return new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

export function createCustomMethods(apiFetch: ApiFetch) {
  return {
    // Workers, services and peers (dashboard widgets)
    startWorkers: () => apiFetch('/workers/start', { method: 'POST' }),
    stopWorkers: () => apiFetch('/workers/stop', { method: 'POST' }),
    sendCommand: (to: Service, cmd: string) => apiFetch('/command', { method: 'POST', body: { to, cmd } }),
    restartService: (service: Service) => apiFetch(`/services/${segment(service)}/restart`, { method: 'POST' }),
    restartServiceScaling: (service: Service) =>
      apiFetch(`/services/${segment(service)}/restart/scaling`, { method: 'POST', body: scalingTarget(service) }),
    restartPeer: (peer: string) => apiFetch(`/txs/peers/${segment(peer)}/restart`, { method: 'POST' }),
    quote: (query: QuoteQuery, signal?: AbortSignal) =>
      apiFetch<OperationAnswer<'proxy'>>(`/proxy/worker/quoteUi?${new URLSearchParams(query)}`, { signal }),

    // Pins (tokens and bridges are written through the CRUD methods, ra-data-simple-rest)
    setPins: (pins: OperationBody<'setPins'>) => apiFetch<OperationAnswer<'setPins'>>('/txs/pins', { method: 'PUT', body: pins }),
    setSellPins: (pins: OperationBody<'setSellPins'>) => apiFetch<OperationAnswer<'setSellPins'>>('/txs/pins/sell', { method: 'PUT', body: pins }),

    // Bridges
    bridgeFees: () => apiFetch('/bridges/fee-to-eth').then(checked(BridgeFeesResponse, 'GET /bridges/fee-to-eth')),
    setBridgeAutomation: (body: OperationBody<'updateBridgeAutomation'>) =>
      apiFetch<OperationAnswer<'updateBridgeAutomation'>>('/settings/automation/bridges', { method: 'PUT', body }),

    // Solana bridge configs (x: the bridge's name)
    solanaList: (x: string, paging: SolanaPage) =>
      apiFetch(`/solana-bridge/${segment(x)}?page=${paging.page}&perPage=${paging.perPage}`).then(
        checked(SolanaBridgeListResponse, 'GET /solana-bridge/{x}'),
      ),
    solanaGet: (x: string, token: string) =>
      apiFetch(`/solana-bridge/${segment(x)}/${segment(token)}`).then(checked(SolanaBridgeRecord, 'GET /solana-bridge/{x}/{token}', true)),
    solanaFind: (x: string, q: string) =>
      apiFetch(`/solana-bridge/${segment(x)}/find/${segment(q)}`).then(checked(SolanaBridgeListResponse, 'GET /solana-bridge/{x}/find/{q}')),
    solanaCreate: (x: string, body: OperationBody<'createSolanaBridgeEntry'>) =>
      apiFetch<OperationAnswer<'createSolanaBridgeEntry'>>(`/solana-bridge/${segment(x)}`, { method: 'POST', body }),
    solanaUpdate: (x: string, token: string, body: OperationBody<'updateSolanaBridgeEntry'>) =>
      apiFetch<OperationAnswer<'updateSolanaBridgeEntry'>>(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'PUT', body }),
    solanaDeleteNetwork: (x: string, token: string, network: string) =>
      apiFetch<OperationAnswer<'deleteSolanaBridgeNetwork'>>(`/solana-bridge/${segment(x)}/${segment(token)}/${segment(network)}`, { method: 'DELETE' }),
    solanaDelete: (x: string, token: string) => apiFetch(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'DELETE' }),
    /** §9: the one call allowed 10 min instead of 10 s; `signal` lets the operator give up waiting. */
    solanaImport: (x: string, csv: string, signal?: AbortSignal) =>
      apiFetch(`/solana-bridge/${segment(x)}/import`, {
        method: 'POST',
        body: { csv },
        timeoutMs: SOLANA_IMPORT_TIMEOUT_MS,
        signal,
      }).then(checked(SolanaBridgeImportResponse, 'POST /solana-bridge/{x}/import')),

    // Configs
    getConfig: (configName: string) => apiFetch(`/configs/${segment(configName)}`).then(checked(ConfigRecord, 'GET /configs/{name}')),
    updateConfig: (configName: string, version: number, data: Record<string, unknown>) =>
      apiFetch<OperationAnswer<'updateConfig'>>(`/configs/${segment(configName)}`, { method: 'PUT', body: { version, data } }),

    // Transactions, trades and operations
    getTx: (id: string) => apiFetch(`/txs/${segment(id)}`).then(checked(TxRecord.loose(), 'GET /txs/{id}', true)),
    getTrade: (tradeId: string) => apiFetch(`/txs/sell/${segment(tradeId)}`).then(checked(TradeRecord.loose(), 'GET /txs/sell/{id}', true)),
    sell: (body: OperationBody<'createSell'>) => apiFetch<OperationAnswer<'createSell'>>('/txs/sell', { method: 'POST', body }),
    updateSell: (tradeId: string, body: OperationBody<'updateSell'>) => apiFetch<OperationAnswer<'updateSell'>>(`/txs/sell/${segment(tradeId)}`, { method: 'PUT', body }),
    manualTx: (body: OperationBody<'manualTx'>) => apiFetch<OperationAnswer<'manualTx'>>('/txs/manual', { method: 'POST', body }),
    refund: (body: OperationBody<'refund'>) => apiFetch<OperationAnswer<'refund'>>('/txs/refund', { method: 'POST', body }),
    forceTrade: (body: OperationBody<'forceTrade'>) => apiFetch<OperationAnswer<'forceTrade'>>('/txs/force', { method: 'POST', body }),
    unlockNonce: (body: OperationBody<'unlockNonce'>) => apiFetch<OperationAnswer<'unlockNonce'>>('/txs/unlock-nonce', { method: 'POST', body }),

    // Stats (docs/protocol.md "Stats", a console extension): { provided: false } when the backend answers 404.
    getTradeStats: (query: TradeStatsQuery, signal?: AbortSignal) =>
      providedOr404(apiFetch(`/stats/trades?${params(query)}`, { signal }).then(checked(TradeStatsResponse, 'GET /stats/trades'))),
    getStatsSeries: (query: StatsSeriesQuery, signal?: AbortSignal) =>
      providedOr404(apiFetch(`/stats/series?${params(query)}`, { signal }).then(checked(StatsSeriesResponse, 'GET /stats/series'))),

    // Timeline (docs/protocol.md "Timeline", a console extension): { provided: false } when the backend answers 404.
    getTimeline: ({ kinds, ...times }: TimelineRequest, signal?: AbortSignal) =>
      providedOr404(
        apiFetch(`/timeline?${params({ ...times, kinds: kinds === undefined ? undefined : kinds.join(',') })}`, { signal })
          .then(checked(TimelineResponse, 'GET /timeline')),
      ),

    // User logs
    logsMore: (query: LogsMoreQuery) =>
      apiFetch('/logs/more', { method: 'POST', body: query }).then(checked(LogsMoreResponse, 'POST /logs/more')),

    // Settings and cloud groups
    setSellOnly: (sellOnly: boolean) => apiFetch('/settings/misc', { method: 'PUT', body: { updates: { sellOnly } } }),
    /** Admin: these rules become the alert rules every console evaluates (misc settings alertRules). */
    saveSharedAlertRules: (alertRules: AlertRules) =>
      apiFetch<OperationAnswer<'updateMiscSettings'>>('/settings/misc', { method: 'PUT', body: { updates: { alertRules } } }),
    setAwsGroups: (groups: AwsGroupsRequest['groups']) => apiFetch('/aws/groups', { method: 'PUT', body: { groups } }),
    restartAwsGroup: (group: string) => apiFetch('/aws/restart', { method: 'POST', body: { group } }),
    clearResultsCache: () => apiFetch('/settings/cache/results/clear', { method: 'POST' }),

    // Alerts delivery (docs/protocol.md "Alerts delivery", Admin): the screen that reads an answer checks it (its schemas stay
    // out of home).
    alertsApi: (path: string, options?: Pick<ApiFetchOptions, 'method' | 'body' | 'timeoutMs'>) => apiFetch<unknown>(`/alerts${path}`, options),
  };
}

/** The custom calls alone (what a screen calls besides react-admin's CRUD methods). */
export type CustomMethods = ReturnType<typeof createCustomMethods>;
