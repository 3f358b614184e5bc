import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTE_LIST_MAX_HEIGHT } from '../../config/constants.ts';
import type { RouteView } from '../../domain/quote.ts';
import { DexLogo } from './DexLogo.tsx';
import { shortWindow } from './panelLayout.ts';
import { formatCount } from '../../domain/numberFormat.ts';

/**
 * §2 Routes, best first (max height 256 px): amount out to 12 significant digits, the gas estimate
 * as sent, and each hop's exchange logo, name_variant and shortened pool
 * address linking to the network's explorer.
 */
export const RouteList = memo(function RouteList({
  routes,
  toSymbol,
  stale = false,
}: {
  routes: readonly RouteView[];
  toSymbol: string;
  /** Routes of an earlier amount, shown dimmed and busy until the current quote arrives. */
  stale?: boolean;
}) {
  return (
    <Box
      component="ol"
      aria-label="Routes"
      aria-busy={stale}
      data-stale={stale}
      sx={{
        opacity: stale ? 0.45 : 1,
        transition: 'opacity 120ms',
        // The room left in the panel, up to 256 px; the only scroll area of a window with room, and
        // not one at all in a window too short for that (QuotePanel: one scroll area at a time).
        flex: '0 1 auto',
        minHeight: 0,
        maxHeight: ROUTE_LIST_MAX_HEIGHT,
        overflowY: 'auto',
        [shortWindow]: { flex: 'none', maxHeight: 'none', overflowY: 'visible' },
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        alignContent: 'start',
        gap: 0.75,
      }}
    >
      {routes.map((route, i) => (
        <Box
          component="li"
          key={i}
          aria-label={`Route ${i + 1}`}
          sx={{ border: 1, borderColor: route.isBest ? 'success.main' : 'divider', borderRadius: 1, p: 0.75 }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', fontVariantNumeric: 'tabular-nums' }}>
            <Chip
              size="small"
              label={route.label}
              color={route.isBest ? 'success' : 'default'}
              variant={route.isBest ? 'filled' : 'outlined'}
            />
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="route-amount-out">
              {route.amountOutText} {toSymbol}
            </Typography>
            {/* On the amount's line, so a route takes one line less and the first fits the default window. */}
            <Typography variant="caption" color="text.secondary" title="Gas this route is estimated to use, in units of gas" sx={{ ml: 'auto', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
              {route.gasEstimate === null ? 'gas unknown' : `${formatCount(route.gasEstimate)} gas`}
            </Typography>
          </Stack>
          <Stack component="ol" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }} spacing={0.25} aria-label="Hops">
            {route.hops.map((hop, h) => (
              <Stack component="li" key={h} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <DexLogo dex={hop.dex} />
                <Typography variant="caption" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {hop.dex}
                </Typography>
                {hop.url ? (
                  <Link href={hop.url} target="_blank" rel="noopener noreferrer" variant="caption" title={hop.poolAddress}>
                    {hop.shortAddress}
                  </Link>
                ) : (
                  <Typography variant="caption" title={hop.poolAddress}>
                    {hop.shortAddress}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
});
