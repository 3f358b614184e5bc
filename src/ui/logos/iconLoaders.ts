/**
 * One lazy loader per logo the config table (src/config/logos.ts) names, each a deep
 * import of one icon of @web3icons/react, so each logo is its own small chunk bundled with the
 * console (nothing is fetched from the internet) and only the logos on screen are downloaded. This
 * module, with the config table, loads lazily (PackageLogo imports it on first use): home's first
 * paint does not wait for it, and home's own code carries neither. `satisfies` makes the table total: a logo named in the config without a loader, or a loader
 * the config does not name, fails the typecheck.
 */
import type { ComponentType } from 'react';
import type { IconProps } from './iconProps.ts';
import type { NetworkIconName } from './networkIcons.ts';
import { WHITE_MARK_LOGOS, dexLogo, networkLogo, tokenLogo, type LogoIconName } from '../../config/logos.ts';

export type IconLoader = () => Promise<{ default: ComponentType<IconProps> }>;

/** A network's icon comes from the one chunk of network logos (networkIcons.ts), which home loads too. */
const network =
  (name: NetworkIconName): IconLoader =>
  () =>
    import('./networkIcons.ts').then((m) => ({ default: m.NETWORK_ICONS[name] }));

export const ICON_LOADERS = {
  ExchangeBalancer: () => import('@web3icons/react/icons/exchanges/ExchangeBalancer'),
  ExchangePancakeSwap: () => import('@web3icons/react/icons/exchanges/ExchangePancakeSwap'),
  ExchangeSushiswap: () => import('@web3icons/react/icons/exchanges/ExchangeSushiswap'),
  ExchangeUniswap: () => import('@web3icons/react/icons/exchanges/ExchangeUniswap'),
  NetworkAbstract: network('NetworkAbstract'),
  NetworkArbitrumOne: network('NetworkArbitrumOne'),
  NetworkAvalanche: network('NetworkAvalanche'),
  NetworkBase: network('NetworkBase'),
  NetworkBerachain: network('NetworkBerachain'),
  NetworkBinanceSmartChain: network('NetworkBinanceSmartChain'),
  NetworkBlast: network('NetworkBlast'),
  NetworkEthereum: network('NetworkEthereum'),
  NetworkFantom: network('NetworkFantom'),
  NetworkGnosis: network('NetworkGnosis'),
  NetworkHyperEvm: network('NetworkHyperEvm'),
  NetworkLinea: network('NetworkLinea'),
  NetworkMetisAndromeda: network('NetworkMetisAndromeda'),
  NetworkOptimism: network('NetworkOptimism'),
  NetworkPolygon: network('NetworkPolygon'),
  NetworkPulsechain: network('NetworkPulsechain'),
  NetworkSolana: network('NetworkSolana'),
  NetworkSonic: network('NetworkSonic'),
  NetworkTon: network('NetworkTon'),
  NetworkTron: network('NetworkTron'),
  NetworkUnichain: network('NetworkUnichain'),
  TokenAAVE: () => import('@web3icons/react/icons/tokens/TokenAAVE'),
  TokenARB: () => import('@web3icons/react/icons/tokens/TokenARB'),
  TokenAVAX: () => import('@web3icons/react/icons/tokens/TokenAVAX'),
  TokenBNB: () => import('@web3icons/react/icons/tokens/TokenBNB'),
  TokenBSW: () => import('@web3icons/react/icons/tokens/TokenBSW'),
  TokenCAKE: () => import('@web3icons/react/icons/tokens/TokenCAKE'),
  TokenCRV: () => import('@web3icons/react/icons/tokens/TokenCRV'),
  TokenDAI: () => import('@web3icons/react/icons/tokens/TokenDAI'),
  TokenDODO: () => import('@web3icons/react/icons/tokens/TokenDODO'),
  TokenETH: () => import('@web3icons/react/icons/tokens/TokenETH'),
  TokenFTM: () => import('@web3icons/react/icons/tokens/TokenFTM'),
  TokenFXS: () => import('@web3icons/react/icons/tokens/TokenFXS'),
  TokenGMX: () => import('@web3icons/react/icons/tokens/TokenGMX'),
  TokenGRAIL: () => import('@web3icons/react/icons/tokens/TokenGRAIL'),
  TokenHYPE: () => import('@web3icons/react/icons/tokens/TokenHYPE'),
  TokenJOE: () => import('@web3icons/react/icons/tokens/TokenJOE'),
  TokenKNC: () => import('@web3icons/react/icons/tokens/TokenKNC'),
  TokenLDO: () => import('@web3icons/react/icons/tokens/TokenLDO'),
  TokenLINK: () => import('@web3icons/react/icons/tokens/TokenLINK'),
  TokenMAV: () => import('@web3icons/react/icons/tokens/TokenMAV'),
  TokenMETIS: () => import('@web3icons/react/icons/tokens/TokenMETIS'),
  TokenMKR: () => import('@web3icons/react/icons/tokens/TokenMKR'),
  TokenOP: () => import('@web3icons/react/icons/tokens/TokenOP'),
  TokenPEPE: () => import('@web3icons/react/icons/tokens/TokenPEPE'),
  TokenPLS: () => import('@web3icons/react/icons/tokens/TokenPLS'),
  TokenPOL: () => import('@web3icons/react/icons/tokens/TokenPOL'),
  TokenQUICK: () => import('@web3icons/react/icons/tokens/TokenQUICK'),
  TokenRAM: () => import('@web3icons/react/icons/tokens/TokenRAM'),
  TokenRAY: () => import('@web3icons/react/icons/tokens/TokenRAY'),
  TokenSOL: () => import('@web3icons/react/icons/tokens/TokenSOL'),
  TokenSOLID: () => import('@web3icons/react/icons/tokens/TokenSOLID'),
  TokenTHE: () => import('@web3icons/react/icons/tokens/TokenTHE'),
  TokenTON: () => import('@web3icons/react/icons/tokens/TokenTON'),
  TokenTRX: () => import('@web3icons/react/icons/tokens/TokenTRX'),
  TokenUNI: () => import('@web3icons/react/icons/tokens/TokenUNI'),
  TokenUSDC: () => import('@web3icons/react/icons/tokens/TokenUSDC'),
  TokenUSDT: () => import('@web3icons/react/icons/tokens/TokenUSDT'),
  TokenVELO: () => import('@web3icons/react/icons/tokens/TokenVELO'),
  TokenWBTC: () => import('@web3icons/react/icons/tokens/TokenWBTC'),
} satisfies Record<LogoIconName, IconLoader>;

/** What a logo is for: a network by name, a token by symbol, an exchange by name_variant or dex key. */
export type LogoFor = { network: string } | { token: string } | { dex: string };

/**
 * The loader of the logo for it, from the config table, and the variant to draw (WHITE_MARK_LOGOS on
 * their own dark ground); null: it has none (the default logo shows).
 */
export function loaderFor(what: LogoFor): { load: IconLoader; variant: 'branded' | 'background' } | null {
  const icon = 'network' in what ? networkLogo(what.network) : 'token' in what ? tokenLogo(what.token) : dexLogo(what.dex);
  return icon ? { load: ICON_LOADERS[icon], variant: WHITE_MARK_LOGOS.has(icon) ? 'background' : 'branded' } : null;
}
