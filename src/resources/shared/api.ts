/**
 * The calls the resource screens make (SPEC §7), typed against src/contract. STYLE wants custom
 * calls on the data provider; createDataProvider does not carry these yet, so the resource layer
 * adds them over apiFetch, and a data provider that does carry a method of the same name (the
 * tests' fake, or a later createDataProvider) wins. Moving them into createDataProvider is then a
 * cut-and-paste that changes no screen.
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext } from 'react-admin';
import type { z } from 'zod';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../config/constants.ts';
import { apiFetch, type ApiFetch } from '../../dataProvider/index.ts';
import {
  BridgeFeesResponse, ConfigRecord, LogsMoreResponse, SolanaBridgeImportResponse, SolanaBridgeListResponse, SolanaBridgeRecord,
  summarizeIssues, TradeRecord, TxRecord,
  type AwsGroupsRequest, type BridgeAutomationRequest, type BridgeBody, type BridgeRecord, type ForceTradeRequest,
  type ManualTxRequest, type MiscSettingsResponse, type Pins, type RefundRequest, type SellRequest, type SolanaBridgeCreateRequest,
  type SolanaBridgeUpdateRequest, type TokenBody, type TokenRecord, type TxOperationResponse, type UnlockNonceRequest,
  type WorkersResponse,
} from '../../contract/index.ts';

const segment = encodeURIComponent;

/** A 2xx answer whose body is not what the call answers: the call itself went through. */
export class UnexpectedAnswerError extends Error {
  constructor(readonly call: string, detail: string) {
    super(`unexpected answer to ${call}: ${detail}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * Zod at the boundary: an answer a screen reads into is checked against its contract schema first,
 * so another backend's odd answer is a logged, shown error instead of a crash in the middle of a
 * render. `unwrap` also takes the record out of a `{ data: record }` envelope.
 */
function checked<S extends z.ZodType>(schema: S, call: string, unwrap = false) {
  return (body: unknown): z.infer<S> => {
    const inner = unwrap && typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body && !schema.safeParse(body).success
      ? (body as { data: unknown }).data
      : body;
    const result = schema.safeParse(inner);
    if (result.success) return result.data;
    const error = new UnexpectedAnswerError(call, summarizeIssues(result.error));
    console.error(error.message);
    throw error;
  };
}

export interface LogsMoreQuery {
  before?: number;
  limit?: number;
  user?: string;
  action?: string;
}

/** A page of a Solana bridge config (1-based page); the server never answers every entry at once. */
export interface SolanaPage {
  page: number;
  perPage: number;
}

export function createResourceApi(fetchApi: ApiFetch) {
  return {
    createToken: (body: TokenBody) => fetchApi<TokenRecord>('/tokens', { method: 'POST', body }),
    updateToken: (tokenName: string, body: TokenBody & { version: number }) =>
      fetchApi<TokenRecord>(`/tokens/${segment(tokenName)}`, { method: 'PUT', body }),
    deleteToken: (tokenName: string) => fetchApi(`/tokens/${segment(tokenName)}`, { method: 'DELETE' }),
    setPins: (pins: Pins) => fetchApi<WorkersResponse>('/txs/pins', { method: 'PUT', body: pins }),
    setSellPins: (pins: Pins) => fetchApi<WorkersResponse>('/txs/pins/sell', { method: 'PUT', body: pins }),

    createBridge: (body: BridgeBody) => fetchApi<BridgeRecord>('/bridges', { method: 'POST', body }),
    updateBridge: (bridgeName: string, body: BridgeBody & { version: number }) =>
      fetchApi<BridgeRecord>(`/bridges/${segment(bridgeName)}`, { method: 'PUT', body }),
    deleteBridge: (bridgeName: string) => fetchApi(`/bridges/${segment(bridgeName)}`, { method: 'DELETE' }),
    bridgeFees: () => fetchApi('/bridges/fee-to-eth').then(checked(BridgeFeesResponse, 'GET /bridges/fee-to-eth')),
    setBridgeAutomation: (body: BridgeAutomationRequest) =>
      fetchApi<MiscSettingsResponse>('/settings/automation/bridges', { method: 'PUT', body }),

    solanaList: (x: string, paging: SolanaPage) =>
      fetchApi(`/solana-bridge/${segment(x)}?page=${paging.page}&perPage=${paging.perPage}`).then(
        checked(SolanaBridgeListResponse, 'GET /solana-bridge/{x}'),
      ),
    solanaGet: (x: string, token: string) =>
      fetchApi(`/solana-bridge/${segment(x)}/${segment(token)}`).then(checked(SolanaBridgeRecord, 'GET /solana-bridge/{x}/{token}', true)),
    solanaFind: (x: string, q: string) =>
      fetchApi(`/solana-bridge/${segment(x)}/find/${segment(q)}`).then(checked(SolanaBridgeListResponse, 'GET /solana-bridge/{x}/find/{q}')),
    solanaCreate: (x: string, body: SolanaBridgeCreateRequest) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}`, { method: 'POST', body }),
    solanaUpdate: (x: string, token: string, body: SolanaBridgeUpdateRequest) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'PUT', body }),
    solanaDeleteNetwork: (x: string, token: string, network: string) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}/${segment(token)}/${segment(network)}`, { method: 'DELETE' }),
    solanaDelete: (x: string, token: string) => fetchApi(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'DELETE' }),
    /** §9: the one call allowed 10 min instead of 10 s; `signal` lets the operator give up waiting. */
    solanaImport: (x: string, csv: string, signal?: AbortSignal) =>
      fetchApi(`/solana-bridge/${segment(x)}/import`, {
        method: 'POST',
        body: { csv },
        timeoutMs: SOLANA_IMPORT_TIMEOUT_MS,
        signal,
      }).then(checked(SolanaBridgeImportResponse, 'POST /solana-bridge/{x}/import')),

    getConfig: (configName: string) => fetchApi(`/configs/${segment(configName)}`).then(checked(ConfigRecord, 'GET /configs/{name}')),
    updateConfig: (configName: string, version: number, data: Record<string, unknown>) =>
      fetchApi<ConfigRecord>(`/configs/${segment(configName)}`, { method: 'PUT', body: { version, data } }),

    getTx: (id: string) => fetchApi(`/txs/${segment(id)}`).then(checked(TxRecord.loose(), 'GET /txs/{id}', true)),
    getTrade: (tradeId: string) => fetchApi(`/txs/sell/${segment(tradeId)}`).then(checked(TradeRecord.loose(), 'GET /txs/sell/{id}', true)),
    sell: (body: SellRequest) => fetchApi<TradeRecord>('/txs/sell', { method: 'POST', body }),
    updateSell: (tradeId: string, body: SellRequest) => fetchApi<TradeRecord>(`/txs/sell/${segment(tradeId)}`, { method: 'PUT', body }),
    manualTx: (body: ManualTxRequest) => fetchApi<TxOperationResponse>('/txs/manual', { method: 'POST', body }),
    refund: (body: RefundRequest) => fetchApi<TxOperationResponse>('/txs/refund', { method: 'POST', body }),
    forceTrade: (body: ForceTradeRequest) => fetchApi<TxOperationResponse>('/txs/force', { method: 'POST', body }),
    unlockNonce: (body: UnlockNonceRequest) => fetchApi<TxOperationResponse>('/txs/unlock-nonce', { method: 'POST', body }),

    logsMore: (query: LogsMoreQuery) =>
      fetchApi('/logs/more', { method: 'POST', body: query }).then(checked(LogsMoreResponse, 'POST /logs/more')),

    setAwsGroups: (groups: AwsGroupsRequest['groups']) => fetchApi('/aws/groups', { method: 'PUT', body: { groups } }),
    restartAwsGroup: (group: string) => fetchApi('/aws/restart', { method: 'POST', body: { group } }),
    clearResultsCache: () => fetchApi('/settings/cache/results/clear', { method: 'POST' }),
    setSellOnly: (sellOnly: boolean) => fetchApi('/settings/misc', { method: 'PUT', body: { updates: { sellOnly } } }),
  };
}

export type ResourceApi = ReturnType<typeof createResourceApi>;

const defaultApi = createResourceApi(apiFetch);
const API_METHODS = Object.keys(defaultApi) as (keyof ResourceApi)[];

/** The resource calls, taken from the data provider where it has them. */
export function useResourceApi(): ResourceApi {
  // The context's own provider, not useDataProvider's proxy: the proxy claims every method name,
  // logs each failure a second time and hands every error to checkError (a refused pin is not a lost session).
  const dataProvider: unknown = useContext(DataProviderContext);
  return useMemo(() => {
    const provided = (dataProvider ?? {}) as Partial<Record<keyof ResourceApi, unknown>>;
    const api: Record<string, unknown> = { ...defaultApi };
    for (const name of API_METHODS) {
      if (typeof provided[name] === 'function') api[name] = provided[name];
    }
    return api as ResourceApi;
  }, [dataProvider]);
}
