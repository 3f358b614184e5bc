/**
 * §2 trade toasts name the token, list the tx types, show both networks' icons and name the bridge.
 * Folded so no toast covers a control, the line keeps the state, the token, both icons and the
 * bridge whole, and the tx types come before the networks' names (their icons carry them on hover):
 * whole types ("ApproveSwap, Swap +1 more"), never cut mid-word, and on a second line of their own
 * when not even one fits beside the rest. "2 txs" named nothing an operator could act on. The
 * unfolded toast lists them all.
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
  /** The types go on a line of their own under the rest (not even one fit beside it). */
  typesOwnLine: boolean;
}

/**
 * What the folded toast shows. Always the state, the token, both network icons and the bridge
 * whole; then the tx types, all of them with the networks' names if everything fits, else without
 * the names as many whole types as fit beside the rest, else on a line of their own.
 */
export function foldTradeLine({ state, tokenName, networkBuy, networkSell, bridgeName, txTypes }: FoldedTradeParts, lineUnits = FOLDED_TRADE_LINE_UNITS): FoldedTradeLine {
  const head = Math.ceil(`${state} ${tokenName}`.length * BOLD);
  const bridge = bridgeName ? GAP + `via ${bridgeName}`.length : 0;
  const fixed = head + GAP + ROUTE_ICONS + bridge;
  const withNames = fixed + networkBuy.length + networkSell.length + 2 * GAP;
  const all = txTypes.join(', ');
  if (withNames + GAP + all.length <= lineUnits) return { names: true, types: { text: all, hidden: 0 }, typesOwnLine: false };
  const beside = foldTxTypes(txTypes, Math.max(0, lineUnits - fixed - GAP));
  if (beside.hidden < txTypes.length) return { names: false, types: beside, typesOwnLine: false };
  return { names: false, types: foldTxTypes(txTypes, lineUnits), typesOwnLine: true };
}
