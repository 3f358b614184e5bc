/**
 * The calls the resource screens make (SPEC §7), typed against src/contract. STYLE wants custom
 * calls on the data provider; createDataProvider does not carry these yet, so the resource layer
 * adds them over apiFetch, and a data provider that does carry a method of the same name (the
 * tests' fake, or a later createDataProvider) wins. Moving them into createDataProvider is then a
 * cut-and-paste that changes no screen.
 */
import { useContext, useMemo } from 'react';
import { DataProviderContext } from 'react-admin';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../config/constants.ts';
import { apiFetch, type ApiFetch } from '../../dataProvider/index.ts';
import type {
  AwsGroupsRequest, BridgeAutomationRequest, BridgeBody, BridgeFeesResponse, BridgeRecord, ConfigRecord, ForceTradeRequest,
  LogsMoreResponse, ManualTxRequest, MiscSettingsResponse, Pins, RefundRequest, SellRequest, SolanaBridgeCreateRequest,
  SolanaBridgeImportResponse, SolanaBridgeListResponse, SolanaBridgeRecord, SolanaBridgeUpdateRequest, TokenBody,
  TokenRecord, TradeRecord, TxOperationResponse, TxRecord, UnlockNonceRequest, WorkersResponse,
} from '../../contract/index.ts';

const segment = encodeURIComponent;

export interface LogsMoreQuery {
  before?: number;
  limit?: number;
  user?: string;
  action?: string;
}

/** A page of a Solana bridge config (1-based page); without one, every entry. */
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
    bridgeFees: () => fetchApi<BridgeFeesResponse>('/bridges/fee-to-eth'),
    setBridgeAutomation: (body: BridgeAutomationRequest) =>
      fetchApi<MiscSettingsResponse>('/settings/automation/bridges', { method: 'PUT', body }),

    solanaList: (x: string, paging?: SolanaPage) =>
      fetchApi<SolanaBridgeListResponse>(`/solana-bridge/${segment(x)}${paging ? `?page=${paging.page}&perPage=${paging.perPage}` : ''}`),
    solanaGet: (x: string, token: string) => fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}/${segment(token)}`),
    solanaFind: (x: string, q: string) => fetchApi<SolanaBridgeListResponse>(`/solana-bridge/${segment(x)}/find/${segment(q)}`),
    solanaCreate: (x: string, body: SolanaBridgeCreateRequest) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}`, { method: 'POST', body }),
    solanaUpdate: (x: string, token: string, body: SolanaBridgeUpdateRequest) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'PUT', body }),
    solanaDeleteNetwork: (x: string, token: string, network: string) =>
      fetchApi<SolanaBridgeRecord>(`/solana-bridge/${segment(x)}/${segment(token)}/${segment(network)}`, { method: 'DELETE' }),
    solanaDelete: (x: string, token: string) => fetchApi(`/solana-bridge/${segment(x)}/${segment(token)}`, { method: 'DELETE' }),
    /** §9: the one call allowed 10 min instead of 10 s; `signal` lets the operator give up waiting. */
    solanaImport: (x: string, csv: string, signal?: AbortSignal) =>
      fetchApi<SolanaBridgeImportResponse>(`/solana-bridge/${segment(x)}/import`, {
        method: 'POST',
        body: { csv },
        timeoutMs: SOLANA_IMPORT_TIMEOUT_MS,
        signal,
      }),

    getConfig: (configName: string) => fetchApi<ConfigRecord>(`/configs/${segment(configName)}`),
    updateConfig: (configName: string, version: number, data: Record<string, unknown>) =>
      fetchApi<ConfigRecord>(`/configs/${segment(configName)}`, { method: 'PUT', body: { version, data } }),

    getTx: (id: string) => fetchApi<TxRecord>(`/txs/${segment(id)}`),
    getTrade: (tradeId: string) => fetchApi<TradeRecord>(`/txs/sell/${segment(tradeId)}`),
    sell: (body: SellRequest) => fetchApi<TradeRecord>('/txs/sell', { method: 'POST', body }),
    updateSell: (tradeId: string, body: SellRequest) => fetchApi<TradeRecord>(`/txs/sell/${segment(tradeId)}`, { method: 'PUT', body }),
    manualTx: (body: ManualTxRequest) => fetchApi<TxOperationResponse>('/txs/manual', { method: 'POST', body }),
    refund: (body: RefundRequest) => fetchApi<TxOperationResponse>('/txs/refund', { method: 'POST', body }),
    forceTrade: (body: ForceTradeRequest) => fetchApi<TxOperationResponse>('/txs/force', { method: 'POST', body }),
    unlockNonce: (body: UnlockNonceRequest) => fetchApi<TxOperationResponse>('/txs/unlock-nonce', { method: 'POST', body }),

    logsMore: (query: LogsMoreQuery) => fetchApi<LogsMoreResponse>('/logs/more', { method: 'POST', body: query }),

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
  // logs each failure a second time and signs out on a 403 (a refused pin is not a lost session).
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
