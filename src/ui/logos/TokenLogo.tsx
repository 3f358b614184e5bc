import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { fromIconTable } from './iconSource.ts';
import { PackageLogo } from './PackageLogo.tsx';

/** A stable hue per symbol, so a token without a logo always looks the same. */
function hue(symbol: string): number {
  let hash = 0;
  for (let i = 0; i < symbol.length; i++) hash = (hash * 31 + symbol.charCodeAt(i)) >>> 0;
  return hash % 360;
}

/**
 * A token's default logo: a disc with the first two letters of its symbol, drawn by CSS rather than
 * being text in the page (the symbol is written beside it; a control's name stays its visible text).
 */
function TokenInitials({ symbol, size }: { symbol: string; size: number }) {
  const initials = symbol.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-token-logo={symbol}
      data-default-logo=""
      data-initials={initials}
      sx={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: `hsl(${hue(symbol)} 45% 38%)`,
        color: '#fff',
        userSelect: 'none',
        '&::before': { content: 'attr(data-initials)', fontFamily: 'system-ui, sans-serif', fontWeight: 700, fontSize: Math.round(size * 0.4), lineHeight: 1 },
      }}
    />
  );
}

/**
 * Issue 26 item 6: a token's logo by symbol (src/config/logos.ts), loaded on first use; the default
 * logo (its initials) while it loads and for a token without one. Decorative: the symbol is always
 * written beside it.
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
