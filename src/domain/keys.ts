/** Keys of §3 and §5. */

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

export interface TxHistoryKeyParts {
  side: string;
  method: string;
  attempt: string;
  txType?: string;
}

/** Reads a §3 history key back; null when it does not have 3 or 4 parts. */
export function parseTxHistoryKey(key: string): TxHistoryKeyParts | null {
  const parts = key.split(':');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [side = '', method = '', attempt = '', txType] = parts;
  return txType === undefined ? { side, method, attempt } : { side, method, attempt, txType };
}

export type TxHistoryGroup = 'Buy' | 'Sell' | 'Other';
export const TX_HISTORY_GROUPS: readonly TxHistoryGroup[] = ['Buy', 'Sell', 'Other'];

/**
 * §2 the transaction history popup groups entries into Buy, Sell and Other by the side part of
 * their key; keys that are not side:method:attempt[:txType] land in Other. Order within a group
 * follows attempt, then key.
 */
export function groupTxHistory<T>(history: Readonly<Record<string, T>>): Record<TxHistoryGroup, { key: string; parts: TxHistoryKeyParts | null; value: T }[]> {
  const groups: Record<TxHistoryGroup, { key: string; parts: TxHistoryKeyParts | null; value: T }[]> = { Buy: [], Sell: [], Other: [] };
  for (const [key, value] of Object.entries(history)) {
    const parts = parseTxHistoryKey(key);
    const group: TxHistoryGroup = parts?.side === 'buy' ? 'Buy' : parts?.side === 'sell' ? 'Sell' : 'Other';
    groups[group].push({ key, parts, value });
  }
  for (const list of Object.values(groups)) {
    list.sort((a, b) => Number(a.parts?.attempt ?? 0) - Number(b.parts?.attempt ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  return groups;
}
