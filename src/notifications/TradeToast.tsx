/**
 * SPEC §2 trade toast body: token name, tx types, buy and sell network icons, bridge name. All text,
 * never HTML. Folded, one readable line (network names and the bridge whole, tx types as many whole
 * ones as fit); unfolded, everything, wrapped.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { foldedTradeTypes } from '../domain/tradeToastText.ts';

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

/** Cut with an ellipsis if it still does not fit (a safety: the folded types are sized to fit). */
const CUT = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/** The network's icon and its full name (the icon alone, two letters, does not say which network). */
function Network({ network }: { network: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', flex: 'none' }}>
      <Avatar
        role="img"
        aria-label={network}
        sx={{ width: 18, height: 18, fontSize: 9, bgcolor: `hsl(${networkHue(network)}, 55%, 40%)`, color: '#fff', flex: 'none' }}
      >
        {network.slice(0, 2)}
      </Avatar>
      {/* The icon already names it for assistive technology. */}
      <span aria-hidden>{network}</span>
    </Box>
  );
}

/**
 * One line: what, which token, from which network to which, which bridge, which txs; all whole. The
 * tx types take what room is left, as whole types ("ApproveSwap +2 more", domain foldedTradeTypes);
 * the toast area shows the folded part while the stack is folded and the full list once it unfolds
 * (on hover or focus), where the line wraps instead (ToastStackView, `data-fold`).
 */
export function TradeToast(props: TradeToastProps) {
  const { state, tokenName, txTypes, networkBuy, networkSell, bridgeName } = props;
  const types = txTypes.join(', ');
  const folded = foldedTradeTypes(props);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', columnGap: 0.75, minWidth: 0, fontSize: 13 }}
      data-trade-state={state}
      title={tradeToastText(props)}
    >
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', flex: 'none' }}>
        {state} {tokenName}
      </Box>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flex: 'none' }}>
        <Network network={networkBuy} />
        <span>→</span>
        <Network network={networkSell} />
      </Box>
      {bridgeName ? (
        <Box component="span" sx={{ whiteSpace: 'nowrap', flex: 'none', opacity: 0.92 }}>
          via {bridgeName}
        </Box>
      ) : null}
      <Box component="span" data-fold="folded" sx={{ ...CUT, flex: '0 1 auto', opacity: 0.92 }}>
        {folded.text}
      </Box>
      <Box component="span" data-fold="full" sx={{ opacity: 0.92 }}>
        {types}
      </Box>
    </Box>
  );
}
