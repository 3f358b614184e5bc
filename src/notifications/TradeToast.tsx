/**
 * §2 trade toast body: token name, tx types, buy and sell network icons, bridge name. All text,
 * never HTML. Folded, one readable line (network names and the bridge whole, tx types as many whole
 * ones as fit); unfolded, everything, wrapped.
 */
import Box from '@mui/material/Box';
import { foldTradeLine } from '../domain/tradeToastText.ts';
import { NetworkIcon } from '../ui/NetworkIcon.tsx';

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

/** Cut with an ellipsis if it still does not fit: a safety for an unusually long bridge name (the folded line is sized to fit). */
const CUT = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/**
 * The network's icon, named for assistive technology and on hover, and its full name beside it (two
 * letters do not say which network); the name only unfolded when the folded line has no room for it.
 */
function Network({ network, nameFolded }: { network: string; nameFolded: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', flex: 'none' }}>
      {/* The network's logo (its default logo while it loads). */}
      <Box component="span" role="img" aria-label={network} title={network} sx={{ display: 'inline-flex', flex: 'none' }}>
        <NetworkIcon network={network} size={18} lettersDrawn />
      </Box>
      {/* The icon already names it for assistive technology. */}
      <span aria-hidden data-fold={nameFolded ? undefined : 'full'}>
        {network}
      </span>
    </Box>
  );
}

/**
 * One line: what, which token, from which network to which, which bridge, which txs; all whole. The
 * networks' names and the tx types take what room is left, the types as whole types ("ApproveSwap
 * +2 more", or "3 txs"; domain foldTradeLine), and the whole toast is in its title;
 * the toast area shows the folded part while the stack is folded and the full list once it unfolds
 * (on hover or focus), where the line wraps instead (ToastStackView, `data-fold`).
 */
export function TradeToast(props: TradeToastProps) {
  const { state, tokenName, txTypes, networkBuy, networkSell, bridgeName } = props;
  const types = txTypes.join(', ');
  const line = foldTradeLine(props);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', columnGap: 0.75, minWidth: 0, fontSize: 13, ...(line.typesOwnLine ? { flexWrap: 'wrap' } : {}) }}
      data-trade-state={state}
      title={tradeToastText(props)}
    >
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', flex: 'none' }}>
        {state} {tokenName}
      </Box>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flex: 'none' }}>
        <Network network={networkBuy} nameFolded={line.names} />
        <span>→</span>
        <Network network={networkSell} nameFolded={line.names} />
      </Box>
      {bridgeName ? (
        <Box component="span" sx={{ ...CUT, flex: '0 1 auto', opacity: 0.92 }}>
          via {bridgeName}
        </Box>
      ) : null}
      {/* On a line of its own when not even one type fits beside the rest: the types are never only counted. */}
      <Box component="span" data-fold="folded" sx={{ ...CUT, flex: line.typesOwnLine ? '1 0 100%' : '0 1 auto', opacity: 0.92 }}>
        {line.types.text}
      </Box>
      <Box component="span" data-fold="full" sx={{ opacity: 0.92 }}>
        {types}
      </Box>
    </Box>
  );
}
