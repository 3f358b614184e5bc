/**
 * The configs a fresh database starts with (§3 "configs have configName"): the worker's
 * trading parameters, network settings with pair flags, swap protocols and exchanges.
 */
import { SWAP_PROTOCOLS, SWAP_PROTOCOL_VERSIONS, type SwapProtocol } from '../../../src/config/enums.ts';
import { CEXES, NETWORKS, type Network } from '../../../src/config/networks.ts';
import type {
  CexConfig,
  ConfigName,
  NetworkSettingsConfig,
  SwapProtocolsConfig,
  WorkerConfig,
} from '../../../src/contract/index.ts';
import { pairKey } from '../../../src/domain/keys.ts';

const WORKER: WorkerConfig = {
  tradeMode: 'auto',
  aggregators: ['1inch', 'paraswap', 'odos', 'kyberswap', 'lp'],
  thresholds: { minProfitUSD: 0.5, minProfitPercent: 0.15, maxPriceImpactPercent: 1.5, maxSlippageBps: 50 },
  tradeSizeUSD: { min: 200, max: 5000 },
  maxParallelTrades: 3,
  iterationIntervalMs: 1500,
};

/** The networks traded automatically, busiest first. */
const AUTOMATED: readonly Network[] = ['Ethereum', 'Arbitrum', 'Base', 'Binance', 'Polygon', 'Optimism', 'Solana'];
/** Pairs switched off: the bridges between them are too slow to trade on. */
const PAIRS_OFF: ReadonlySet<string> = new Set([pairKey('Binance', 'Solana'), pairKey('Polygon', 'Solana')]);

function networkSettings(): NetworkSettingsConfig {
  // ATA is an account kind rather than a chain (its entries are skipped in token lists, §3).
  const networks = NETWORKS.filter((network) => network !== 'ATA').map((name) => {
    const rank = AUTOMATED.indexOf(name);
    return { name, automation: rank >= 0, priority: rank >= 0 ? (rank + 1) * 10 : 100 };
  });
  const pairFlags: NetworkSettingsConfig['pairFlags'] = {};
  AUTOMATED.forEach((a, i) => {
    for (const b of AUTOMATED.slice(i + 1)) {
      const key = pairKey(a, b);
      pairFlags[key] = { enabled: !PAIRS_OFF.has(key) };
    }
  });
  return { networks, pairFlags };
}

/** Where each protocol is deployed, and in which versions; the other versions are listed but off. */
const DEPLOYMENTS: Record<SwapProtocol, { versions: readonly string[]; networks: Network[] }> = {
  Uniswap: { versions: ['V2', 'V3'], networks: ['Ethereum', 'Arbitrum', 'Base', 'Optimism', 'Polygon', 'Binance', 'Unichain'] },
  Pancakeswap: { versions: ['V2', 'V3'], networks: ['Binance', 'Ethereum', 'Arbitrum', 'Base', 'Linea'] },
  Sushiswap: { versions: ['V2', 'V3'], networks: ['Ethereum', 'Arbitrum', 'Polygon', 'Base'] },
  Camelot: { versions: ['V2', 'V3'], networks: ['Arbitrum'] },
  Quickswap: { versions: ['V2', 'V3'], networks: ['Polygon'] },
  TraderJoe: { versions: ['V1', 'V2'], networks: ['Snowtrace', 'Arbitrum', 'Binance'] },
  Apeswap: { versions: ['V2'], networks: ['Binance', 'Polygon'] },
  Biswap: { versions: ['V2'], networks: ['Binance'] },
  Shibaswap: { versions: ['V1'], networks: ['Ethereum'] },
};

function swapProtocols(): SwapProtocolsConfig {
  return {
    protocols: SWAP_PROTOCOLS.flatMap((name) =>
      SWAP_PROTOCOL_VERSIONS.map((version) => {
        const deployment = DEPLOYMENTS[name];
        const deployed = deployment.versions.includes(version);
        return { name, version, enabled: deployed, networks: deployed ? deployment.networks : [] };
      }),
    ),
  };
}

const ACTIVE_CEXES: ReadonlySet<string> = new Set(['CEX Binance', 'Bybit', 'Okx', 'Kucoin', 'Gateio']);

function cex(): CexConfig {
  return {
    exchanges: CEXES.map((name) => {
      const active = ACTIVE_CEXES.has(name);
      return { name, enabled: active, deposits: active, withdrawals: active, maxTransferUSD: active ? 25_000 : 0 };
    }),
  };
}

export function demoConfigs(): Record<ConfigName, Record<string, unknown>> {
  return { worker: WORKER, networkSettings: networkSettings(), swapProtocols: swapProtocols(), cex: cex() };
}
