/**
 * §2 trade toasts, folded into one line so no toast covers a control: the line keeps the state, the
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
 * How much a folded trade toast's line holds (a 420 px toast, 13 px text), in widths of an average
 * character (about 7 px), with a little to spare; what each fixed part takes in the same unit.
 */
export const FOLDED_TRADE_LINE_UNITS = 54;
/** Bold capitals are wider than average text. */
const BOLD = 1.35;
/** The two network icons and the arrow between them. */
const ROUTE_ICONS = 8;
/** The gap between two parts of the line. */
const GAP = 1;

export interface FoldedTradeParts {
  state: string;
  tokenName: string;
  networkBuy: string;
  networkSell: string;
  bridgeName: string;
  txTypes: readonly string[];
}

export interface FoldedTradeLine {
  /** Whether the networks' names fit beside their icons (else the icons alone, named on hover). */
  names: boolean;
  types: FoldedTxTypes;
}

/**
 * What the folded line shows. Always the state, the token, both network icons and the bridge whole;
 * then the networks' names if they fit with at least the count of txs after them; the tx types get
 * the rest, as whole types.
 */
export function foldTradeLine({ state, tokenName, networkBuy, networkSell, bridgeName, txTypes }: FoldedTradeParts, lineUnits = FOLDED_TRADE_LINE_UNITS): FoldedTradeLine {
  const head = Math.ceil(`${state} ${tokenName}`.length * BOLD);
  const bridge = bridgeName ? GAP + `via ${bridgeName}`.length : 0;
  const fixed = head + GAP + ROUTE_ICONS + bridge;
  const withNames = fixed + networkBuy.length + networkSell.length + 2 * GAP;
  const least = GAP + countText(txTypes.length).length;
  const names = withNames + least <= lineUnits;
  return { names, types: foldTxTypes(txTypes, Math.max(0, lineUnits - (names ? withNames : fixed) - GAP)) };
}
