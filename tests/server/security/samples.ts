/**
 * A valid request for each route, so that generated input that differs from it in one field gets
 * past the first check and into the handler. Routes without a sample are still fuzzed, with
 * generated input only.
 */
import { SERVICES, WORKER_COMMANDS, scalingTarget } from '../../../src/config/enums.ts';
import { NETWORKS } from '../../../src/config/networks.ts';

export const EVM_ADDRESS = `0x${'ab'.repeat(20)}`;
export const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';
export const SOLANA_KIND = 'wormhole';
export const SOLANA_TOKEN = 'FUZZSOL';

/** Names of records that exist when the fuzzing starts, by path parameter. */
export interface Known {
  tokenName: string[];
  bridgeName: string[];
  configName: string[];
  txId: string[];
  tradeId: string[];
  sellId: string[];
  peer: string[];
}

/** Good values of each path parameter: existing records, so a request can reach a 2xx. */
export function goodParams(known: Known): Record<string, readonly string[]> {
  return {
    tokenName: known.tokenName,
    bridgeName: known.bridgeName,
    configName: known.configName,
    service: SERVICES,
    peer: known.peer,
    id: [...known.txId, ...known.tradeId, ...known.sellId],
    tradeId: known.sellId,
    x: [SOLANA_KIND],
    token: [SOLANA_TOKEN],
    network: ['Ethereum', 'Solana'],
    q: ['FUZZ', 'a'],
    a: ['worker'],
    b: ['quoteUi'],
  };
}

/** Good query fields of the routes that read a query. */
export const GOOD_QUERY: Record<string, Record<string, string>> = {
  'GET /api/txs/': { sort: 'amountIn', order: 'ASC', page: '1', perPage: '10', filter: JSON.stringify({ network: 'Ethereum' }) },
  'GET /api/configs': { sort: 'configName', order: 'DESC', page: '1', perPage: '5', filter: JSON.stringify({ q: 'net' }) },
  'GET /api/solana-bridge/:x': { page: '1', perPage: '10' },
  'GET /api/proxy/:a/:b': { network: 'Ethereum', tokenInAddress: EVM_ADDRESS, tokenOutAddress: `0x${'cd'.repeat(20)}`, amountIn: '1000000' },
};

export function goodBody(routeKey: string, known: Known): Record<string, unknown> | undefined {
  const token = known.tokenName[0] ?? 'USDC';
  const bridge = known.bridgeName[0] ?? 'stargate-eth-arb';
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/login': { accessKey: 'not-a-key-0123456789' },
    'PUT /api/settings/misc': { updates: { sellOnly: false } },
    'PUT /api/settings/automation/bridges': { enabled: true, bridges: [bridge] },
    'POST /api/command': { to: 'worker', cmd: WORKER_COMMANDS[0] },
    'POST /api/services/:service/restart/scaling': { ...scalingTarget('worker') },
    'POST /api/txs/sell': { tokenName: token, network: 'Ethereum', amount: 1.5, slippageBps: 50, note: 'fuzz' },
    'PUT /api/txs/sell/:tradeId': { tokenName: token, network: 'Ethereum', amount: 2 },
    'POST /api/txs/manual': { network: 'Ethereum', txType: 'TransferNative', tokenName: 'ETH', amount: 0.1, to: EVM_ADDRESS },
    'POST /api/txs/refund': { txId: known.txId[0] ?? 'x', reason: 'fuzz' },
    'POST /api/txs/force': { tokenName: token, networkBuy: 'Ethereum', networkSell: 'Arbitrum', bridgeName: bridge, amount: 10 },
    'POST /api/txs/unlock-nonce': { network: 'Ethereum', nonce: 7 },
    'PUT /api/txs/pins': { pins: [token] },
    'PUT /api/txs/pins/sell': { pins: [token] },
    'POST /api/tokens': { tokenName: 'FUZZTOKEN', networkData: { Ethereum: { address: EVM_ADDRESS, decimals: 18 } } },
    'PUT /api/tokens/:tokenName': { tokenName: token, networkData: { Ethereum: { address: EVM_ADDRESS, decimals: 6 } }, version: 1 },
    'POST /api/bridges': { bridgeName: 'fuzz-bridge', kind: 'CCIP', networks: ['Ethereum', 'Base'], fee: { amount: 1, currency: 'USD' } },
    'PUT /api/bridges/:bridgeName': { bridgeName: bridge, kind: 'Stargate', networks: ['Ethereum', 'Arbitrum'], version: 1 },
    'PUT /api/configs/:configName': { version: 1, data: { anything: true } },
    'POST /api/logs/more': { limit: 5, action: 'token' },
    'PUT /api/aws/groups': { groups: [{ name: 'workers-eu-central-1', region: 'eu-central-1', instanceType: 'c7i.large', desired: 1, running: 1 }] },
    'POST /api/aws/restart': { group: 'workers-eu-central-1' },
    'POST /api/solana-bridge/:x': { token: 'FUZZNEW', data: { Solana: { address: SOLANA_ADDRESS, decimals: 9 } } },
    'POST /api/solana-bridge/:x/import': {
      csv: `token,network,address,decimals\nFUZZCSV,Solana,${SOLANA_ADDRESS},9\nBAD,Nowhere,x,1\n`,
    },
    'PUT /api/solana-bridge/:x/:token': { data: { Solana: { address: SOLANA_ADDRESS, decimals: 8 }, Ethereum: { address: EVM_ADDRESS, decimals: 18 } } },
    'POST /api/sim/control': { action: 'notify', msg: 'fuzz', type: 'info', autoClose: 1000 },
  };
  return bodies[routeKey];
}

export const SOME_NETWORKS = NETWORKS.slice(0, 4);
