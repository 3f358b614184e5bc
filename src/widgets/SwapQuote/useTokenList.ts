import { useMemo } from 'react';
import { BUILTIN_TOKENS } from '../../config/tokens.ts';
import { buildTokenEntries, createTokenIndex, type TokenEntry, type TokenIndex } from '../../domain/tokenSearch.ts';
import { useLive } from '../../realtime/index.ts';
import type { LiveState } from '../../realtime/index.ts';

export interface TokenList {
  entries: readonly TokenEntry[];
  /** Built on first use (the picker), not when a panel mounts. */
  readonly index: TokenIndex;
}

/** One list and index per allTokens object, shared by every panel. */
const lists = new WeakMap<object, TokenList>();

export function tokenListFor(allTokens: LiveState['allTokens']): TokenList {
  let list = lists.get(allTokens);
  if (!list) {
    const entries = buildTokenEntries(BUILTIN_TOKENS, allTokens);
    let index: TokenIndex | undefined;
    list = {
      entries,
      get index() {
        index ??= createTokenIndex(entries);
        return index;
      },
    };
    lists.set(allTokens, list);
  }
  return list;
}

const selectAllTokens = (s: LiveState) => s.allTokens;

/** §3 The quote widget's tokens: the built-in list merged with allTokens networkData. */
export function useTokenList(): TokenList {
  const allTokens = useLive(selectAllTokens);
  return useMemo(() => tokenListFor(allTokens), [allTokens]);
}
