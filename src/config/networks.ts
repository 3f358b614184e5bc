/** Networks, explorers, native coins and stale-block thresholds (§3, §9). */

export const NETWORKS = [
  'Arbitrum', 'Base', 'Binance', 'Ethereum', 'Fantom', 'Gnosis', 'Optimism', 'Polygon', 'PulseChain',
  'Snowtrace', 'Solana', 'TON', 'Blast', 'Linea', 'Unichain', 'Berachain', 'Sonic', 'Metis', 'Tron',
  'ATA', 'Abstract', 'Hyperevm',
] as const;
export type Network = (typeof NETWORKS)[number];

/** §3 Centralised exchanges. */
export const CEXES = [
  'CEX Binance', 'Bitget', 'Bithumb', 'Bitmart', 'Bitrue', 'Bybit', 'Coinbase', 'Cryptocom', 'Gateio',
  'Htx', 'Kucoin', 'Mexc', 'Okx', 'Poloniex',
] as const;
export type Cex = (typeof CEXES)[number];

/** §3 Native coins. */
export const NATIVE_COINS = [
  'ETH', 'BNB', 'FTM', 'XDAI', 'POL', 'AVAX', 'SOL', 'TON', 'S', 'TRX', 'METIS', 'BERA', 'HYPE',
] as const;
export type NativeCoin = (typeof NATIVE_COINS)[number];

/** §9 Stale-block thresholds in ms; all networks not listed use the default. */
export const STALE_BLOCK_DEFAULT_MS = 40_000;
export const STALE_BLOCK_MS: Partial<Record<Network, number>> = {
  Ethereum: 15_000,
  Arbitrum: 5_000,
  Base: 6_000,
  Binance: 6_000,
  Polygon: 8_000,
};

export interface WrappedNative {
  symbol: string;
  address: string;
  decimals: number;
}

export interface NetworkInfo {
  /** Native coin paid for gas. */
  native: NativeCoin;
  /** §3 Each network has a wrapped-native token (symbol, address, decimals). */
  wrappedNative: WrappedNative;
  /** Explorer origin; block and address pages hang off it. */
  explorer: string;
  /** Where an address page hangs off the explorer, when not under /address/ (Solscan: /account/, Tonviewer: the root). */
  addressPath?: string;
  /** Where a transaction page hangs off the explorer, when not under /tx/ (Tonviewer, Tronscan: /transaction/). */
  txPath?: string;
}

const evm = (native: NativeCoin, symbol: string, address: string, explorer: string, decimals = 18): NetworkInfo => ({
  native,
  wrappedNative: { symbol, address: address.toLowerCase(), decimals },
  explorer,
});

/**
 * Per-network facts. Wrapped-native decimals are 18 except Fantom (a 6-decimal USDC-type
 * token) and Solana (8), as §9 states.
 */
export const NETWORK_INFO: Record<Network, NetworkInfo> = {
  Arbitrum: evm('ETH', 'WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'https://arbiscan.io'),
  Base: evm('ETH', 'WETH', '0x4200000000000000000000000000000000000006', 'https://basescan.org'),
  Binance: evm('BNB', 'WBNB', '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 'https://bscscan.com'),
  Ethereum: evm('ETH', 'WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'https://etherscan.io'),
  Fantom: evm('FTM', 'USDC', '0x04068DA6C83AFCFA0e13ba15A6696662335D5B75', 'https://ftmscan.com', 6),
  Gnosis: evm('XDAI', 'WXDAI', '0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', 'https://gnosisscan.io'),
  Optimism: evm('ETH', 'WETH', '0x4200000000000000000000000000000000000006', 'https://optimistic.etherscan.io'),
  Polygon: evm('POL', 'WPOL', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'https://polygonscan.com'),
  PulseChain: evm('ETH', 'WPLS', '0xA1077a294dDE1B09bB078844df40758a5D0f9a27', 'https://scan.pulsechain.com'),
  Snowtrace: evm('AVAX', 'WAVAX', '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 'https://snowtrace.io'),
  Solana: {
    native: 'SOL',
    wrappedNative: { symbol: 'WSOL', address: 'So11111111111111111111111111111111111111112', decimals: 8 },
    explorer: 'https://solscan.io',
    addressPath: '/account/',
  },
  TON: {
    native: 'TON',
    wrappedNative: { symbol: 'WTON', address: 'EQCM3B12QK1e4yZSf8GtBRT0aLMNyEsBc_DhVfRRtOEffLez', decimals: 18 },
    explorer: 'https://tonviewer.com',
    addressPath: '/',
    txPath: '/transaction/',
  },
  Blast: evm('ETH', 'WETH', '0x4300000000000000000000000000000000000004', 'https://blastscan.io'),
  Linea: evm('ETH', 'WETH', '0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f', 'https://lineascan.build'),
  Unichain: evm('ETH', 'WETH', '0x4200000000000000000000000000000000000006', 'https://uniscan.xyz'),
  Berachain: evm('BERA', 'WBERA', '0x6969696969696969696969696969696969696969', 'https://berascan.com'),
  Sonic: evm('S', 'WS', '0x039e2fB66102314Ce7b64Ce5Ce3E5183bc94aD38', 'https://sonicscan.org'),
  Metis: evm('METIS', 'WMETIS', '0x75cb093E4D61d2A2e65D8e0BBb01DE8d89b53481', 'https://andromeda-explorer.metis.io'),
  Tron: {
    native: 'TRX',
    wrappedNative: { symbol: 'WTRX', address: 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', decimals: 18 },
    explorer: 'https://tronscan.org/#',
    txPath: '/transaction/',
  },
  ATA: evm('ETH', 'WETH', '0x0000000000000000000000000000000000000000', 'https://etherscan.io'),
  Abstract: evm('ETH', 'WETH', '0x3439153EB7AF838Ad19d56E1571FBD09333C2809', 'https://abscan.org'),
  Hyperevm: evm('HYPE', 'WHYPE', '0x5555555555555555555555555555555555555555', 'https://hyperevmscan.io'),
};

export function isNetwork(value: string): value is Network {
  return (NETWORKS as readonly string[]).includes(value);
}

export function staleThresholdMs(network: string): number {
  return isNetwork(network) ? (STALE_BLOCK_MS[network] ?? STALE_BLOCK_DEFAULT_MS) : STALE_BLOCK_DEFAULT_MS;
}

/** Explorer links: only http(s) origins are ever rendered as links. */
export function explorerBlockUrl(network: string, block: number): string | null {
  if (!isNetwork(network)) return null;
  return `${NETWORK_INFO[network].explorer}/block/${block}`;
}

export function explorerAddressUrl(network: string, address: string): string | null {
  if (!isNetwork(network)) return null;
  const info = NETWORK_INFO[network];
  return `${info.explorer}${info.addressPath ?? '/address/'}${encodeURIComponent(address)}`;
}

/** A transaction's page on its network's explorer, by its hash (Tonviewer, Tronscan: /transaction/). */
export function explorerTxUrl(network: string, hash: string): string | null {
  if (!isNetwork(network)) return null;
  const info = NETWORK_INFO[network];
  return `${info.explorer}${info.txPath ?? '/tx/'}${encodeURIComponent(hash)}`;
}
