import type { ReactNode } from 'react';
import { fromIconTable } from './iconSource.ts';
import { InitialsDisc, initialsOf, nameHue } from './InitialsDisc.tsx';
import { PackageLogo } from './PackageLogo.tsx';

/**
 * A token's default logo: a disc with the first two letters of its symbol (the symbol is written
 * beside it; a control's name stays its visible text).
 */
function TokenInitials({ symbol, size }: { symbol: string; size: number }) {
  return <InitialsDisc initials={initialsOf(symbol).toUpperCase()} size={size} fill={`hsl(${nameHue(symbol)} 45% 38%)`} data={{ 'data-token-logo': symbol, 'data-default-logo': '' }} />;
}

/**
 * A token's logo by symbol (src/config/logos.ts), loaded on first use; the default logo (its
 * initials) while it loads and for a token without one. Decorative: the symbol is always written
 * beside it.
 */
export function TokenLogo({ symbol, size = 18, badge }: { symbol: string; size?: number; badge?: ReactNode }) {
  const logo = (
    <PackageLogo
      logo={{ token: symbol }}
      source={fromIconTable}
      size={size}
      data={{ 'data-token-logo': symbol }}
      fallback={<TokenInitials symbol={symbol} size={size} />}
    />
  );
  if (!badge) return logo;
  // The network's logo, small, on the token's lower right corner.
  return (
    <span style={{ position: 'relative', display: 'inline-flex', flex: 'none', width: size, height: size }}>
      {logo}
      <span style={{ position: 'absolute', right: -3, bottom: -3, display: 'inline-flex' }}>{badge}</span>
    </span>
  );
}
