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
 * The whole toast's look, once on its root: its parts are plain elements named by class. Trade
 * toasts come and go several times a second on a busy feed, and a styled element per part (eleven
 * of them) cost a style serialisation each on every toast (bench/README.md "firehose").
 */
const TOAST_SX = {
  display: 'flex',
  alignItems: 'center',
  columnGap: 0.75,
  minWidth: 0,
  fontSize: 13,
  '&[data-types-own-line]': { flexWrap: 'wrap' },
  '& .trade-what': { fontWeight: 700, whiteSpace: 'nowrap', flex: 'none' },
  '& .trade-route, & .trade-network': { display: 'inline-flex', alignItems: 'center', gap: 0.5, flex: 'none' },
  '& .trade-network': { whiteSpace: 'nowrap' },
  '& .trade-logo': { display: 'inline-flex', flex: 'none' },
  '& .trade-via': { ...CUT, flex: '0 1 auto', opacity: 0.92 },
  '& .trade-types': { ...CUT, flex: '0 1 auto', opacity: 0.92 },
  // On a line of its own when not even one type fits beside the rest: the types are never only counted.
  '&[data-types-own-line] .trade-types': { flex: '1 0 100%' },
  '& .trade-all-types': { opacity: 0.92 },
} as const;

/**
 * The network's icon, named for assistive technology and on hover, and its full name beside it (two
 * letters do not say which network); the name only unfolded when the folded line has no room for it.
 */
function Network({ network, nameFolded }: { network: string; nameFolded: boolean }) {
  return (
    <span className="trade-network">
      {/* The network's logo (its default logo while it loads). */}
      <span className="trade-logo" role="img" aria-label={network} title={network}>
        <NetworkIcon network={network} size={18} lettersDrawn />
      </span>
      {/* The icon already names it for assistive technology. */}
      <span aria-hidden data-fold={nameFolded ? undefined : 'full'}>
        {network}
      </span>
    </span>
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
    <Box sx={TOAST_SX} data-trade-state={state} data-types-own-line={line.typesOwnLine || undefined} title={tradeToastText(props)}>
      <span className="trade-what">
        {state} {tokenName}
      </span>
      <span className="trade-route">
        <Network network={networkBuy} nameFolded={line.names} />
        <span>→</span>
        <Network network={networkSell} nameFolded={line.names} />
      </span>
      {bridgeName ? <span className="trade-via">via {bridgeName}</span> : null}
      <span className="trade-types" data-fold="folded">
        {line.types.text}
      </span>
      <span className="trade-all-types" data-fold="full">
        {types}
      </span>
    </Box>
  );
}
