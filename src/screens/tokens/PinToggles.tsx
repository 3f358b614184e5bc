/** Pin and autosell-pin switches of one token (PUT /txs/pins, /txs/pins/sell with the whole list). */
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';

export interface PinToggleProps {
  tokenName: string;
  kind: 'pin' | 'autosell';
  pinned: boolean;
  disabled: boolean;
  onToggle: (tokenName: string, kind: 'pin' | 'autosell', next: boolean) => void;
}

export function PinToggle({ tokenName, kind, pinned, disabled, onToggle }: PinToggleProps) {
  const label = kind === 'pin' ? `Pin ${tokenName}` : `Autosell pin ${tokenName}`;
  return (
    <Tooltip title={kind === 'pin' ? 'Pinned for trading' : 'Pinned for autosell'}>
      <Switch
        size="small"
        checked={pinned}
        disabled={disabled}
        onChange={(e) => onToggle(tokenName, kind, e.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </Tooltip>
  );
}
