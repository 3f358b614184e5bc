import type { MouseEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Side } from '../../domain/quote.ts';
import type { TokenEntry } from '../../domain/tokenSearch.ts';
import { WindowTooltip } from '../FloatingWindows/WindowTooltip.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';

export const sideLabel = (side: Side): string => (side === 'from' ? 'From' : 'To');

export interface TokenBoxProps {
  side: Side;
  token: TokenEntry | null;
  /** §4 The same token on other networks. */
  alternatives: readonly TokenEntry[];
  onOpenPicker: () => void;
  /** Plain click switches this side; Ctrl/Cmd-click opens a panel beside (the caller decides). */
  onAlternative: (token: TokenEntry, event: MouseEvent) => void;
  /** The amount input (from) or the read-only output (to). */
  children: ReactNode;
}

/** §2 A from-token or to-token box: the token (opens the picker), its other networks, and an amount. */
export function TokenBox({ side, token, alternatives, onOpenPicker, onAlternative, children }: TokenBoxProps) {
  const label = sideLabel(side);
  return (
    <Paper variant="outlined" sx={{ p: 1 }} aria-label={`${label} token`} role="group">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ width: 32 }}>
          {label}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={onOpenPicker}
          endIcon={<ExpandMoreIcon />}
          startIcon={token ? <NetworkIcon network={token.network_name} /> : undefined}
          aria-label={`Choose ${label} token (${token ? `${token.tokenName} on ${token.network_name}` : 'none'})`}
          sx={{ textTransform: 'none', minWidth: 0 }}
        >
          {token ? token.tokenName : 'Select token'}
        </Button>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1 }}>
          {token?.network_name}
        </Typography>
      </Stack>
      {alternatives.length > 0 && (
        <Stack direction="row" useFlexGap spacing={0.25} sx={{ flexWrap: 'wrap', mb: 1 }} role="group" aria-label={`${label} token on other networks`}>
          {alternatives.map((alt) => (
            <WindowTooltip key={alt.network_name} title={`${alt.tokenName} on ${alt.network_name} — Ctrl/Cmd-click opens a second panel`}>
              <IconButton size="small" aria-label={`${label} ${alt.tokenName} on ${alt.network_name}`} onClick={(event) => onAlternative(alt, event)}>
                <NetworkIcon network={alt.network_name} />
              </IconButton>
            </WindowTooltip>
          ))}
        </Stack>
      )}
      {children}
    </Paper>
  );
}
