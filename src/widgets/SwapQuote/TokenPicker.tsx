import { useMemo, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shortenAddress } from '../../domain/quote.ts';
import { searchTokens, type TokenEntry, type TokenIndex } from '../../domain/tokenSearch.ts';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';
import { TokenLogo } from '../../ui/logos/TokenLogo.tsx';

export const SEARCH_PLACEHOLDER = 'name/address [network]';

export interface TokenPickerProps {
  index: TokenIndex;
  onPick: (token: TokenEntry) => void;
  onCancel: () => void;
  /**
   * The window's overlay layer (useWindowOverlay): the picker covers the whole window body from
   * there. Null (outside a window) draws it over its panel instead.
   */
  host: HTMLElement | null;
}

/**
 * §2 Token picker overlay: "Select token", Cancel, a search box ("name/address [network]"), at most
 * 20 tokens and "Showing 20 of N tokens" when more match. Escape cancels, Enter picks the first. It
 * fits the window at any size: the title, Cancel and search stay at the top and the count at the
 * bottom, and only the list between them scrolls.
 */
export function TokenPicker({ index, onPick, onCancel, host }: TokenPickerProps) {
  const [search, setSearch] = useState('');
  const { shown, total } = useMemo(() => searchTokens(index, search), [index, search]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };

  const picker = (
    <Box
      role="dialog"
      aria-label="Select token"
      onKeyDown={onKeyDown}
      sx={{
        ...(host ? { flex: 1, minHeight: 0 } : { position: 'absolute', inset: 0, zIndex: 2 }),
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack spacing={0.5} sx={{ flex: 'none', p: 1, pb: 0.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3">
            Select token
          </Typography>
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
        <TextField
          autoFocus
          size="small"
          placeholder={SEARCH_PLACEHOLDER}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            const first = shown[0];
            if (event.key === 'Enter' && first) onPick(first);
          }}
          slotProps={{ htmlInput: { 'aria-label': 'Search tokens', spellCheck: false, autoComplete: 'off' } }}
        />
      </Stack>
      <List dense aria-label="Tokens" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 0, borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
        {/* Each button in a list item: a list holds only items (axe `list`). */}
        {shown.map((token) => (
          <li key={`${token.network_name}\u0000${token.address}`}>
            <ListItemButton onClick={() => onPick(token)}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <TokenLogo symbol={token.tokenName} size={22} badge={<NetworkIcon network={token.network_name} size={11} />} />
              </ListItemIcon>
              <ListItemText
                primary={token.tokenName}
                secondary={`${token.network_name} · ${shortenAddress(token.address)}`}
                slotProps={{ secondary: { title: token.address } }}
              />
            </ListItemButton>
          </li>
        ))}
      </List>
      {total > shown.length && (
        <Typography variant="caption" color="text.secondary" role="status" sx={{ flex: 'none', px: 1, py: 0.5 }}>
          {`Showing ${shown.length} of ${total} tokens`}
        </Typography>
      )}
      {total === 0 && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ flex: 'none', px: 1, py: 0.5 }}>
          No tokens match
        </Typography>
      )}
    </Box>
  );
  return host ? createPortal(picker, host) : picker;
}
