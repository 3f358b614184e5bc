/** Keys of SPEC §3 and §5. */

/** §3 Pair flags: the two network names sorted alphabetically, joined with an underscore. */
export function pairKey(networkA: string, networkB: string): string {
  return [networkA, networkB].sort(compareStrings).join('_');
}

/** §5 Pool tracking key: token_networkA_networkB_lp with the networks sorted alphabetically. */
export function poolKey(tokenName: string, networkA: string, networkB: string): string {
  return `${tokenName}_${pairKey(networkA, networkB)}_lp`;
}

/** §3 Transaction history key: side:method:attempt[:txType]. */
export function txHistoryKey(side: string, method: string, attempt: number | string, txType?: string): string {
  const base = `${side}:${method}:${attempt}`;
  return txType ? `${base}:${txType}` : base;
}

/** Plain code-unit order, so the key is the same in every locale. */
function compareStrings(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
