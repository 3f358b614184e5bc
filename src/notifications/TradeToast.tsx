/**
 * SPEC §2 trade toast body: token name, tx types, buy and sell network icons, bridge name. All text,
 * never HTML. Compact (two lines, each cut with an ellipsis and whole in its title), so the stack
 * covers as little of the page as it can.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';

export type TradeToastState = 'SENDING' | 'CONFIRM' | 'FAIL';

export interface TradeToastProps {
  state: TradeToastState;
  tokenName: string;
  txTypes: readonly string[];
  networkBuy: string;
  networkSell: string;
  bridgeName: string;
}

/** The toast in words, for the notification centre and for telling identical toasts apart. */
export function tradeToastText({ state, tokenName, txTypes, networkBuy, networkSell, bridgeName }: TradeToastProps): string {
  return `${state} ${tokenName}: ${networkBuy} → ${networkSell}${bridgeName ? ` via ${bridgeName}` : ''}; ${txTypes.join(', ')}`;
}

/** A stable colour per network name, so the same network always looks the same. */
function networkHue(network: string): number {
  let h = 0;
  for (let i = 0; i < network.length; i++) h = (h * 31 + network.charCodeAt(i)) % 360;
  return h;
}

/** The network's icon; its name is written beside it, so the icon itself is not read out. */
function NetworkAvatar({ network }: { network: string }) {
  return (
    <Avatar
      aria-hidden
      sx={{ width: 18, height: 18, fontSize: 9, bgcolor: `hsl(${networkHue(network)}, 55%, 40%)`, color: '#fff', flex: 'none' }}
    >
      {network.slice(0, 2)}
    </Avatar>
  );
}

const LINE = { display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', minWidth: 0 } as const;
const CUT = { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 } as const;

export function TradeToast({ state, tokenName, txTypes, networkBuy, networkSell, bridgeName }: TradeToastProps) {
  const types = txTypes.join(', ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', fontSize: 13 }} data-trade-state={state}>
      <Box sx={LINE}>
        <Box component="span" sx={{ fontWeight: 700, ...CUT, flex: '0 1 auto' }} title={`${state} ${tokenName}`}>
          {state} {tokenName}
        </Box>
        <Box component="span" sx={{ ml: 'auto', pl: 1, display: 'flex', alignItems: 'center', gap: 0.5, flex: 'none' }}>
          <NetworkAvatar network={networkBuy} />
          <span>{networkBuy}</span>
          <span aria-hidden>→</span>
          <NetworkAvatar network={networkSell} />
          <span>{networkSell}</span>
        </Box>
      </Box>
      <Box sx={{ ...LINE, fontSize: 12, opacity: 0.92 }}>
        <Box component="span" sx={CUT} title={types}>
          {types}
        </Box>
        {bridgeName ? (
          <Box component="span" sx={{ ml: 'auto', pl: 1, flex: 'none' }}>
            via {bridgeName}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
