/**
 * SPEC §2 trade toasts, folded into one line (issue 25 finding 1): the line keeps the state, the
 * token, both networks by name and the bridge whole, and gives the tx types what room is left, as
 * whole types ("ApproveSwap, Swap +1 more"), never cut mid-word; when not even one fits it says how
 * many there are ("3 txs"). The unfolded toast lists them all.
 */

export interface FoldedTxTypes {
  /** What the folded line shows for the tx types. */
  text: string;
  /** How many types the text leaves out (0: all are there). */
  hidden: number;
}

const SEPARATOR = ', ';

function countText(n: number): string {
  return `${n} ${n === 1 ? 'tx' : 'txs'}`;
}

/** The tx types in at most `maxChars` characters: as many whole types as fit, in order, then "+N more". */
export function foldTxTypes(types: readonly string[], maxChars: number): FoldedTxTypes {
  const all = types.join(SEPARATOR);
  if (all.length <= maxChars) return { text: all, hidden: 0 };
  let shown = '';
  let count = 0;
  for (const type of types) {
    const next = count === 0 ? type : `${shown}${SEPARATOR}${type}`;
    const rest = types.length - count - 1;
    if (`${next} +${rest} more`.length > maxChars) break;
    shown = next;
    count += 1;
  }
  return count === 0 ? { text: countText(types.length), hidden: types.length } : { text: `${shown} +${types.length - count} more`, hidden: types.length - count };
}

/**
 * Characters a folded trade toast's line holds (a 420 px toast, 13 px text) and how many each network
 * icon takes up.
 */
export const FOLDED_TRADE_LINE_CHARS = 56;
const ICON_CHARS = 3;

export interface FoldedTradeParts {
  state: string;
  tokenName: string;
  networkBuy: string;
  networkSell: string;
  bridgeName: string;
  txTypes: readonly string[];
}

/** The folded line's tx types, given what else the line holds. */
export function foldedTradeTypes({ state, tokenName, networkBuy, networkSell, bridgeName, txTypes }: FoldedTradeParts, lineChars = FOLDED_TRADE_LINE_CHARS): FoldedTxTypes {
  const head = `${state} ${tokenName}`.length;
  const route = ICON_CHARS + networkBuy.length + 3 + ICON_CHARS + networkSell.length;
  const bridge = bridgeName ? ` via ${bridgeName}`.length : 0;
  // The gaps between the parts.
  const used = head + 1 + route + bridge + 1;
  return foldTxTypes(txTypes, Math.max(0, lineChars - used));
}
