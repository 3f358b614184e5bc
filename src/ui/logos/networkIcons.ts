/**
 * Every network's logo in one lazy chunk. Home shows network logos only (block heads, the
 * gas-and-balances table, trade toasts) and each network is there at once, so one chunk (13 kB gz for
 * all of them) costs home less than one chunk per icon, and home's code reaches this module only: the
 * token and exchange logos (iconLoaders.ts) load where they are shown (the swap window, trades).
 */
import type { ComponentType } from 'react';
import type { LogoIconName } from '../../config/logos.ts';
import { DEFAULT_LOGO, NETWORK_LOGOS, WHITE_MARK_LOGOS } from '../../config/networkLogos.ts';
import type { IconProps } from './iconProps.ts';
import NetworkAbstract from '@web3icons/react/icons/networks/NetworkAbstract';
import NetworkArbitrumOne from '@web3icons/react/icons/networks/NetworkArbitrumOne';
import NetworkAvalanche from '@web3icons/react/icons/networks/NetworkAvalanche';
import NetworkBase from '@web3icons/react/icons/networks/NetworkBase';
import NetworkBerachain from '@web3icons/react/icons/networks/NetworkBerachain';
import NetworkBinanceSmartChain from '@web3icons/react/icons/networks/NetworkBinanceSmartChain';
import NetworkBlast from '@web3icons/react/icons/networks/NetworkBlast';
import NetworkEthereum from '@web3icons/react/icons/networks/NetworkEthereum';
import NetworkFantom from '@web3icons/react/icons/networks/NetworkFantom';
import NetworkGnosis from '@web3icons/react/icons/networks/NetworkGnosis';
import NetworkHyperEvm from '@web3icons/react/icons/networks/NetworkHyperEvm';
import NetworkLinea from '@web3icons/react/icons/networks/NetworkLinea';
import NetworkMetisAndromeda from '@web3icons/react/icons/networks/NetworkMetisAndromeda';
import NetworkOptimism from '@web3icons/react/icons/networks/NetworkOptimism';
import NetworkPolygon from '@web3icons/react/icons/networks/NetworkPolygon';
import NetworkPulsechain from '@web3icons/react/icons/networks/NetworkPulsechain';
import NetworkSolana from '@web3icons/react/icons/networks/NetworkSolana';
import NetworkSonic from '@web3icons/react/icons/networks/NetworkSonic';
import NetworkTon from '@web3icons/react/icons/networks/NetworkTon';
import NetworkTron from '@web3icons/react/icons/networks/NetworkTron';
import NetworkUnichain from '@web3icons/react/icons/networks/NetworkUnichain';

export type NetworkIconName = Extract<LogoIconName, `Network${string}`>;

export const NETWORK_ICONS = {
  NetworkAbstract,
  NetworkArbitrumOne,
  NetworkAvalanche,
  NetworkBase,
  NetworkBerachain,
  NetworkBinanceSmartChain,
  NetworkBlast,
  NetworkEthereum,
  NetworkFantom,
  NetworkGnosis,
  NetworkHyperEvm,
  NetworkLinea,
  NetworkMetisAndromeda,
  NetworkOptimism,
  NetworkPolygon,
  NetworkPulsechain,
  NetworkSolana,
  NetworkSonic,
  NetworkTon,
  NetworkTron,
  NetworkUnichain,
} satisfies Record<NetworkIconName, ComponentType<IconProps>>;

/** A network's logo and the variant to draw it in; null: it has none (the default logo shows). */
export function networkIconFor(network: string): { Icon: ComponentType<IconProps>; variant: 'branded' | 'background' } | null {
  if (!Object.prototype.hasOwnProperty.call(NETWORK_LOGOS, network)) return null;
  const icon: string = NETWORK_LOGOS[network as keyof typeof NETWORK_LOGOS];
  if (icon === DEFAULT_LOGO) return null;
  const name = icon as NetworkIconName;
  return { Icon: NETWORK_ICONS[name], variant: WHITE_MARK_LOGOS.has(name) ? 'background' : 'branded' };
}
