import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { LiveState } from './liveState.ts';
import { liveStore, type LiveStore } from './liveStore.ts';

/** A connection is 'silent' when nothing has arrived for longer than this. */
export const SILENT_AFTER_MS = 15_000;

export type ConnectionStatus = 'connecting' | 'live' | 'silent' | 'reconnecting' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
  lastEventAt: number | null;
}

/**
 * Subscribe to a slice of the live state. The component re-renders only when the selected value
 * changes according to isEqual (Object.is by default); at most once per frame.
 */
export function useLive<T>(selector: (s: LiveState) => T, isEqual?: (a: T, b: T) => boolean): T {
  return useLiveFrom(liveStore, selector, isEqual);
}

/** What useLiveFrom reads: a live store, or a view of one (sampledSource). */
export type LiveSource = Pick<LiveStore, 'subscribe' | 'getSnapshot'>;

/**
 * A view of `store` whose subscribers are told of changes at most once per `everyMs`, on the ticks of
 * one clock (multiples of `everyMs`), so that every figure read through it changes in the same
 * repaint. For figures a person reads, where a change every frame is a flicker that costs the page
 * a repaint each time. The last change is always told, `everyMs` later at most.
 *
 * One timer for all of the view's subscribers, told together in its one callback: with a timer
 * each (thirty readers in a ten-network table) a tick was thirty tasks, and React commits once per
 * task, so the table committed thirty times a tick instead of once (bench/README.md "firehose").
 */
export function sampledSource(store: LiveSource, everyMs: number): LiveSource {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribeStore: (() => void) | undefined;
  const tell = () => {
    timer = undefined;
    for (const listener of [...listeners]) listener();
  };
  const onStoreChange = () => {
    timer ??= setTimeout(tell, everyMs - (Date.now() % everyMs));
  };
  return {
    getSnapshot: store.getSnapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      unsubscribeStore ??= store.subscribe(onStoreChange);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribeStore?.();
        unsubscribeStore = undefined;
        clearTimeout(timer);
        timer = undefined;
      };
    },
  };
}

/** useLive against a given store (tests and storybook-like harnesses) or a view of one. */
export function useLiveFrom<T>(
  store: LiveSource,
  selector: (s: LiveState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  // Mutable holder of the last rendered value, stable for the component's life (as in
  // use-sync-external-store/with-selector): lets a new inline selector keep the old identity.
  const [last] = useState<{ has: boolean; value: T | undefined }>(() => ({ has: false, value: undefined }));
  const getSelection = useMemo(() => {
    let memoState: LiveState | undefined;
    let memoValue: T;
    return (): T => {
      const state = store.getSnapshot();
      if (memoState === state) return memoValue;
      const next = selector(state);
      memoState = state;
      memoValue = last.has && isEqual(last.value as T, next) ? (last.value as T) : next;
      return memoValue;
    };
  }, [store, selector, isEqual, last]);
  const value = useSyncExternalStore(store.subscribe, getSelection, getSelection);
  useEffect(() => {
    last.has = true;
    last.value = value;
  }, [last, value]);
  return value;
}

export function deriveConnectionStatus(phase: LiveState['connection'], lastEventAt: number | null, now: number): ConnectionStatus {
  switch (phase) {
    case 'connected':
      return lastEventAt !== null && now - lastEventAt <= SILENT_AFTER_MS ? 'live' : 'silent';
    case 'reconnecting':
      return 'reconnecting';
    // Idle: the socket has not started yet (a page just loaded) or is about to start again (a new
    // token). Told as connecting: "Offline" in the danger colour flashed on every reload.
    case 'idle':
    case 'connecting':
      return 'connecting';
    case 'offline':
      return 'offline';
  }
}

/** Connection state for a status indicator; re-evaluates by itself when 'live' turns 'silent'. */
export function useConnectionState(store: LiveStore = liveStore): ConnectionState {
  const phase = useLiveFrom(store, selectPhase);
  const lastEventAt = useLiveFrom(store, selectLastEventAt);
  const [now, setNow] = useState(() => Date.now());
  const status = deriveConnectionStatus(phase, lastEventAt, now);
  useEffect(() => {
    if (status !== 'live' || lastEventAt === null) return;
    // Wake up just after the silence threshold would be crossed if nothing else arrives.
    const wait = Math.max(0, lastEventAt + SILENT_AFTER_MS + 1 - Date.now());
    const id = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(id);
  }, [status, lastEventAt]);
  return useMemo(() => ({ status, lastEventAt }), [status, lastEventAt]);
}

const selectPhase = (s: LiveState) => s.connection;
/** Whole seconds are all an indicator shows: re-render once a second, not once per event. */
const selectLastEventAt = (s: LiveState) => (s.lastEventAt === null ? null : Math.floor(s.lastEventAt / 1000) * 1000);
