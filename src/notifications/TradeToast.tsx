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

/** The network's icon, named for assistive technology; its full name also shows on hover. */
function NetworkAvatar({ network }: { network: string }) {
  return (
    <Avatar
      role="img"
      aria-label={network}
      title={network}
      sx={{ width: 18, height: 18, fontSize: 9, bgcolor: `hsl(${networkHue(network)}, 55%, 40%)`, color: '#fff', flex: 'none' }}
    >
      {network.slice(0, 2)}
    </Avatar>
  );
}

const CUT = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/**
 * One line: what, which token, where from and to, which txs, which bridge. The tx types give way
 * first (cut with an ellipsis, whole in their title); the toast area unfolds them on hover.
 */
export function TradeToast({ state, tokenName, txTypes, networkBuy, networkSell, bridgeName }: TradeToastProps) {
  const types = txTypes.join(', ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, fontSize: 13 }} data-trade-state={state}>
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', flex: 'none' }}>
        {state} {tokenName}
      </Box>
      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flex: 'none' }}>
        <NetworkAvatar network={networkBuy} />
        <span aria-hidden>→</span>
        <NetworkAvatar network={networkSell} />
      </Box>
      <Box component="span" className="trade-types" sx={{ ...CUT, flex: '1 1 auto', opacity: 0.92 }} title={types}>
        {types}
      </Box>
      {bridgeName ? (
        <Box component="span" sx={{ ...CUT, flex: '0 1 auto', maxWidth: '40%', opacity: 0.92 }} title={`via ${bridgeName}`}>
          via {bridgeName}
        </Box>
      ) : null}
    </Box>
  );
}
