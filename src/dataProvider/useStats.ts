/**
 * The stats extension (docs/protocol.md "Stats") for screens and widgets, through react-query: each
 * answer is `{ provided: true, data }`, or `{ provided: false }` when the backend answered 404 (it
 * does not have the extension: hide what depends on it and say so, no error toast). A failure of
 * any other kind is the query's error. The previous answer stays on screen while a new range loads.
 */
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { StatsSeriesQuery, TradeStatsQuery } from '../contract/index.ts';
import { useConsoleDataProvider } from './useConsoleDataProvider.ts';

/** GET /stats/trades for `query`; null: nothing asked yet. */
export function useTradeStats(query: TradeStatsQuery | null) {
  const api = useConsoleDataProvider();
  return useQuery({
    queryKey: ['stats', 'trades', query],
    queryFn: query === null ? skipToken : ({ signal }) => api.getTradeStats(query, signal),
    placeholderData: keepPreviousData,
    // A 404 is an answer (not provided); only a real failure is tried again, once.
    retry: 1,
  });
}

/** GET /stats/series for `query`; null: nothing asked yet. */
export function useStatsSeries(query: StatsSeriesQuery | null) {
  const api = useConsoleDataProvider();
  return useQuery({
    queryKey: ['stats', 'series', query],
    queryFn: query === null ? skipToken : ({ signal }) => api.getStatsSeries(query, signal),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
