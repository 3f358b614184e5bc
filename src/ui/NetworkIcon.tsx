import { memo } from 'react';
import { InitialsDisc, initialsOf, nameHue } from './logos/InitialsDisc.tsx';
import { PackageLogo, type LogoSource } from './logos/PackageLogo.tsx';

/** Every network's logo is in one chunk (home shows them all at once); the icon table is not needed. */
const fromNetworkIcons: LogoSource = (what) =>
  'network' in what ? import('./logos/networkIcons.ts').then((m) => m.networkIconFor(what.network)) : Promise.resolve(null);

export interface NetworkIconProps {
  network: string;
  size?: number;
  /**
   * For an icon inside a control named by the network's full name ("From WETH on Arbitrum"): its
   * letters are drawn by CSS rather than being text in the page, so the control's visible text is
   * in its name (axe label-content-name-mismatch). Elsewhere the letters are text, as they read.
   */
  lettersDrawn?: boolean;
}

/**
 * A network's logo (src/config/logos.ts), loaded on first use; the default logo while it loads and
 * for a network without one. Memoised: its props are plain values, and a block head or a network's
 * row re-renders many times a second while its logo never changes (the SVG is dozens of elements).
 */
export const NetworkIcon = memo(function NetworkIcon({ network, size = 18, lettersDrawn = false }: NetworkIconProps) {
  return (
    <PackageLogo
      logo={{ network }}
      source={fromNetworkIcons}
      size={size}
      data={{ 'data-network-icon': network }}
      fallback={<NetworkInitials network={network} size={size} lettersDrawn={lettersDrawn} />}
    />
  );
});

/** A network's default logo: a disc in a colour derived from its name, with its first two letters. */
function NetworkInitials({ network, size = 18, lettersDrawn = false }: NetworkIconProps) {
  const initials = initialsOf(network);
  const fill = `hsl(${nameHue(network)} 55% 40%)`;
  if (lettersDrawn) return <InitialsDisc initials={initials} size={size} fill={fill} data={{ 'data-network-icon': network }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-network-icon={network}>
      <circle cx="10" cy="10" r="10" fill={fill} />
      <text x="10" y="10" textAnchor="middle" dominantBaseline="central" fontSize="8" fontWeight="700" fontFamily="system-ui, sans-serif" fill="#fff">
        {initials}
      </text>
    </svg>
  );
}
