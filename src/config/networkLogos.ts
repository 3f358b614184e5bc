/**
 * The network part of the logo table (src/config/logos.ts, which re-exports it and says what the
 * values are), on its own so home's network logos load it without the token and exchange tables;
 * and the logos drawn on their own ground, whatever their kind.
 */
import type { Network } from './networks.ts';

/** Marks a key that has no logo in the package: it shows the default logo. */
export const DEFAULT_LOGO = 'default' as const;

export type LogoIcon = `Network${string}` | `Token${string}` | `Exchange${string}`;
export type LogoEntry = LogoIcon | typeof DEFAULT_LOGO;

/** Every network of §3 (NETWORKS). */
export const NETWORK_LOGOS = {
  Arbitrum: 'NetworkArbitrumOne',
  Base: 'NetworkBase',
  Binance: 'NetworkBinanceSmartChain',
  Ethereum: 'NetworkEthereum',
  Fantom: 'NetworkFantom',
  Gnosis: 'NetworkGnosis',
  Optimism: 'NetworkOptimism',
  Polygon: 'NetworkPolygon',
  PulseChain: 'NetworkPulsechain',
  // Snowtrace is the console's name for Avalanche C-Chain (its explorer's name).
  Snowtrace: 'NetworkAvalanche',
  Solana: 'NetworkSolana',
  TON: 'NetworkTon',
  Blast: 'NetworkBlast',
  Linea: 'NetworkLinea',
  Unichain: 'NetworkUnichain',
  Berachain: 'NetworkBerachain',
  Sonic: 'NetworkSonic',
  Metis: 'NetworkMetisAndromeda',
  Tron: 'NetworkTron',
  // No network of that name in the package.
  ATA: DEFAULT_LOGO,
  Abstract: 'NetworkAbstract',
  Hyperevm: 'NetworkHyperEvm',
} as const satisfies Record<Network, LogoEntry>;

/**
 * Logos whose branded mark is white only (made for a dark ground): invisible on the light disc every
 * logo sits on, so they show the package's 'background' variant (the mark on its own dark square).
 */
export const WHITE_MARK_LOGOS: ReadonlySet<string> = new Set(['TokenARB', 'TokenFXS', 'TokenTHE', 'TokenWBTC']);

