import { useSyncExternalStore } from 'react';

/**
 * One shared clock per period for every widget that shows elapsed time, so fifty block buttons
 * tick from a single timer instead of fifty.
 */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const clocks = new Map<number, Clock>();

function clockFor(periodMs: number): Clock {
  let clock = clocks.get(periodMs);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(periodMs, clock);
  }
  return clock;
}

function subscribe(periodMs: number, listener: () => void): () => void {
  const clock = clockFor(periodMs);
  clock.listeners.add(listener);
  if (clock.timer === null) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const l of clock.listeners) l();
    }, periodMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer !== null) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

/** Stable subscribe/getSnapshot pairs per period, so React never re-subscribes on render. */
const bindings = new Map<number, { sub: (listener: () => void) => () => void; get: () => number }>();

function bindingFor(periodMs: number) {
  let binding = bindings.get(periodMs);
  if (!binding) {
    binding = { sub: (listener) => subscribe(periodMs, listener), get: () => clockFor(periodMs).now };
    bindings.set(periodMs, binding);
  }
  return binding;
}

/** The current time, refreshed every periodMs while any component uses it. */
export function useNow(periodMs = 1000): number {
  const { sub, get } = bindingFor(periodMs);
  return useSyncExternalStore(sub, get, get);
}
