/**
 * The timeline extension (docs/protocol.md "Timeline") for screens and widgets, through react-query:
 * each page is `{ provided: true, data }`, or `{ provided: false }` when the backend answered 404
 * (it keeps no timeline: say so, no error toast). Any other failure is the query's error.
 */
import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { TIMELINE_REFRESH_MS } from '../config/timeline.ts';
import type { TimelineRequest } from './customMethods.ts';
import { useConsoleDataProvider } from './useConsoleDataProvider.ts';

export type TimelineFilter = Omit<TimelineRequest, 'before'>;

/**
 * The pages of GET /timeline for `filter`, newest first; fetchNextPage asks for the page before the
 * last one (`nextBefore`). `live`: asked again every TIMELINE_REFRESH_MS while the page is in view,
 * because what the server records on its own (a block head going stale, health) has no socket event
 * of its own to wait for; react-query stops asking while the browser tab is hidden.
 */
export function useTimelinePages(filter: TimelineFilter | null, live: boolean) {
  const api = useConsoleDataProvider();
  return useInfiniteQuery({
    queryKey: ['timeline', 'pages', filter],
    queryFn: filter === null ? skipToken : ({ pageParam, signal }) => api.getTimeline({ ...filter, before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.provided ? last.data.nextBefore : undefined),
    // Only while the newest page alone is shown: asking again refetches every loaded page, and an
    // operator who has paged back is reading history, not watching.
    refetchInterval: (query) => (live && (query.state.data?.pages.length ?? 0) <= 1 ? TIMELINE_REFRESH_MS : false),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/**
 * One page of GET /timeline for a window of time (a chart's range, a trade's life); null: nothing
 * asked. `live`: asked again every TIMELINE_REFRESH_MS, as useTimelinePages.
 */
export function useTimelineWindow(filter: TimelineFilter | null, live = false) {
  const api = useConsoleDataProvider();
  return useQuery({
    queryKey: ['timeline', 'window', filter],
    queryFn: filter === null ? skipToken : ({ signal }) => api.getTimeline(filter, signal),
    refetchInterval: live ? TIMELINE_REFRESH_MS : false,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
