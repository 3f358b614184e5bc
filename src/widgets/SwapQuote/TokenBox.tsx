import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Side } from '../../domain/quote.ts';
import type { TokenEntry } from '../../domain/tokenSearch.ts';
import { WindowTooltip } from '../FloatingWindows/WindowTooltip.tsx';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';
import { TokenLogo } from '../../ui/logos/TokenLogo.tsx';

export const sideLabel = (side: Side): string => (side === 'from' ? 'From' : 'To');

export interface TokenBoxProps {
  side: Side;
  token: TokenEntry | null;
  /** §2/§4 The token on each network it is listed on, its own included, in a fixed order (domain tokenNetworks). */
  networks: readonly TokenEntry[];
  onOpenPicker: () => void;
  /** Plain click switches this side; Ctrl/Cmd-click opens a panel beside (the caller decides). The chosen network's icon is pressed. */
  onAlternative: (token: TokenEntry, event: MouseEvent) => void;
  /** The amount input (from) or the read-only output (to), beside the token. */
  children: ReactNode;
}

/**
 * §2 A from-token or to-token box: its side and network with the token's networks on one line,
 * then the amount and the token (which opens the picker) on the next. Two lines, not four: at the
 * default 360 × 500 both boxes and the first route fit in the window without scrolling.
 */
export function TokenBox({ side, token, networks, onOpenPicker, onAlternative, children }: TokenBoxProps) {
  const label = sideLabel(side);
  return (
    <Paper variant="outlined" sx={{ p: 1 }} aria-label={`${label} token`} role="group">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, minHeight: 26, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
          {label}
          {token && ` · ${token.network_name}`}
        </Typography>
        {networks.length > 1 && (
          <Stack
            direction="row"
            useFlexGap
            sx={{ flex: 1, flexWrap: 'wrap', justifyContent: 'flex-end', minWidth: 0 }}
            role="group"
            aria-label={`${label} token's networks`}
          >
            {/*
              Every network keeps its icon and its place (the chosen one is
              pressed rather than dropped), so after a click the same spot still picks the same network.
            */}
            {networks.map((alt) => {
              const chosen = alt.network_name === token?.network_name;
              return (
                <WindowTooltip
                  key={alt.network_name}
                  title={chosen ? `${alt.tokenName} on ${alt.network_name} (chosen)` : `${alt.tokenName} on ${alt.network_name} — Ctrl/Cmd-click opens a second panel`}
                >
                  <IconButton
                    size="small"
                    aria-label={`${label} ${alt.tokenName} on ${alt.network_name}`}
                    aria-pressed={chosen}
                    onClick={(event) => onAlternative(alt, event)}
                    sx={{ p: '2px', border: 2, borderColor: chosen ? 'primary.main' : 'transparent' }}
                  >
                    <NetworkIcon network={alt.network_name} lettersDrawn />
                  </IconButton>
                </WindowTooltip>
              );
            })}
          </Stack>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <Button
          size="small"
          variant="outlined"
          onClick={onOpenPicker}
          endIcon={<ExpandMoreIcon />}
          startIcon={token ? <TokenLogo symbol={token.tokenName} badge={<NetworkIcon network={token.network_name} size={10} lettersDrawn />} /> : undefined}
          // Names what it shows, so a person saying what they see finds it (axe label-content-name-mismatch).
          aria-label={token ? `Choose ${label} token: ${token.tokenName} on ${token.network_name}` : `Select token for ${label}`}
          sx={{ textTransform: 'none', minWidth: 0, flexShrink: 0, maxWidth: '50%', '& .MuiButton-endIcon': { ml: 0.25 } }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {token ? token.tokenName : 'Select token'}
          </Box>
        </Button>
      </Stack>
    </Paper>
  );
}
