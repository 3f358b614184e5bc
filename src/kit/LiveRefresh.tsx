/**
 * A list that refreshes itself on its resource's realtime events (react-admin's realtime API),
 * keeping page, sort, filters, selection and scroll; never more often than LIVE_LIST_REFRESH_MS.
 */
import { useRef } from 'react';
import { useListContext } from 'react-admin';
import { useSubscribeToRecordList } from './realtimeHooks.ts';

/** The least time between two refreshes of a list a busy socket keeps changing. */
export const LIVE_LIST_REFRESH_MS = 500;

/** Refetches on the resource's realtime events, at most every LIVE_LIST_REFRESH_MS. */
export function LiveRefresh({ resource }: { resource?: string }) {
  const { refetch } = useListContext();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useSubscribeToRecordList(() => {
    if (timer.current !== null) return;
    const wait = Math.max(0, last.current + LIVE_LIST_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void refetch();
    }, wait);
  }, resource);
  return null;
}
