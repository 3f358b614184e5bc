import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { CEXES, NETWORKS } from '../../config/networks.ts';
import type { QuoteQuery } from '../../contract/index.ts';
import { interpretQuote, quoteQueryKey, trackedPoolKeys, type QuoteOutcome } from '../../domain/quote.ts';
import type { TokenEntry } from '../../domain/tokenSearch.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { runQuote, useQuoteFetcher } from './quoteFetcher.tsx';

export interface PanelQuote {
  outcome: QuoteOutcome | null;
  isFetching: boolean;
  /** The outcome is the same pair's previous quote, shown while the current one is fetched. */
  isPlaceholder: boolean;
  /** When the last quote without error arrived (ms since epoch). */
  lastSuccessAt: number | null;
  refresh: () => void;
}

const ALL_VENUES: readonly string[] = [...NETWORKS, ...CEXES];

const samePair = (a: QueryKey | undefined, b: QueryKey) => a !== undefined && a.slice(0, 4).every((part, i) => part === b[i]);

/**
 * §7 The panel's quote: useQuery keyed ['quoteUi', network, in, out, amountIn], run only when the
 * inputs are complete (query not null) and the window is showing. Refresh and changes of the
 * tracked pool results of the panel's tokens invalidate it.
 */
export function usePanelQuote(query: QuoteQuery | null, tokens: readonly (TokenEntry | null)[], active: boolean): PanelQuote {
  const fetcher = useQuoteFetcher();
  const queryClient = useQueryClient();
  const queryKey = useMemo<QueryKey>(() => (query ? quoteQueryKey(query) : ['quoteUi']), [query]);

  const result = useQuery({
    queryKey,
    queryFn: query ? ({ signal }) => runQuote(fetcher, query, signal) : skipToken,
    enabled: active,
    retry: false,
    refetchOnWindowFocus: false,
    // While a new amount is being quoted keep showing the same pair's last routes.
    placeholderData: (previous, previousQuery) => (samePair(previousQuery?.queryKey, queryKey) ? previous : undefined),
  });

  const outcome = useMemo(() => (result.data === undefined ? null : interpretQuote(result.data)), [result.data]);

  const [lastSuccessAt, setLastSuccessAt] = useState<number | null>(null);
  useEffect(() => {
    if (outcome?.kind === 'quote' && !result.isPlaceholderData) setLastSuccessAt(result.dataUpdatedAt);
  }, [outcome, result.dataUpdatedAt, result.isPlaceholderData]);

  const refresh = useCallback(() => {
    if (query) void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [query, queryClient, queryKey]);

  useTrackedPoolChanges(query, tokens, () => {
    if (query) void queryClient.invalidateQueries({ queryKey: queryKey.slice(0, 4) });
  });

  return { outcome, isFetching: result.isFetching, isPlaceholder: result.isPlaceholderData, lastSuccessAt, refresh };
}

/** trackingResults is a Map in the live store (a plain record in older snapshots of it). */
function trackingResult(results: LiveState['trackingResults'], key: string): unknown {
  if (results instanceof Map) return results.get(key);
  return (results as unknown as Readonly<Record<string, unknown>>)[key];
}

const sameEntries = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** §4 Calls onChange when a tracked pool result (token_networkA_networkB_lp) of the panel's tokens changes. */
function useTrackedPoolChanges(query: QuoteQuery | null, tokens: readonly (TokenEntry | null)[], onChange: () => void): void {
  const names = tokens.flatMap((t) => (t ? [t.tokenName] : []));
  const namesKey = names.join('\u0000');
  const network = query?.network ?? null;
  const keys = useMemo(
    () => (network === null || namesKey === '' ? [] : trackedPoolKeys(namesKey.split('\u0000'), network, ALL_VENUES)),
    [network, namesKey],
  );
  const select = useCallback((s: LiveState) => keys.map((key) => trackingResult(s.trackingResults, key)), [keys]);
  const results = useLive(select, sameEntries);

  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const previous = useRef<{ keys: readonly string[]; results: readonly unknown[] } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { keys, results };
    if (before && before.keys === keys && !sameEntries(before.results, results)) latest.current();
  }, [keys, results]);
}
