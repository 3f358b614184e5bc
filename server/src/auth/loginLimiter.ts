/**
 * Failed sign-ins per client address in a fixed window. Only refused keys count: a console or an
 * automated client that signs in correctly many times a minute is never locked out, while guessing
 * keys stops after `max` wrong ones a minute from one address.
 */
export interface LoginLimiter {
  // `now` is the caller's clock (the app's, plugins/clock.ts), so tests move the window on.
  /** Seconds until the address may try again, or 0 when it may try now. */
  retryAfter(address: string, now: number): number;
  /**
   * Counts an attempt as failed before its key is checked (so parallel guesses cannot all slip in
   * under the limit); `succeeded` takes it back once the key matched.
   */
  attempt(address: string, now: number): void;
  succeeded(address: string, now: number): void;
}

/** Addresses remembered at most; past it, expired windows are dropped, then the oldest. */
const MAX_ADDRESSES = 10_000;

export function createLoginLimiter(max: number, windowMs: number): LoginLimiter {
  const windows = new Map<string, { failures: number; endsAt: number }>();
  const current = (address: string, now: number) => {
    const entry = windows.get(address);
    if (entry && entry.endsAt <= now) {
      windows.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    retryAfter(address, now) {
      const entry = current(address, now);
      return entry && entry.failures >= max ? Math.ceil((entry.endsAt - now) / 1000) : 0;
    },
    succeeded(address, now) {
      const entry = current(address, now);
      if (entry) entry.failures -= 1;
    },
    attempt(address, now) {
      const entry = current(address, now);
      if (entry) {
        entry.failures += 1;
        return;
      }
      if (windows.size >= MAX_ADDRESSES) {
        for (const [key, value] of windows) if (value.endsAt <= now) windows.delete(key);
        // Map keeps insertion order: the first key is the oldest window.
        const oldest = windows.keys().next();
        if (windows.size >= MAX_ADDRESSES && !oldest.done) windows.delete(oldest.value);
      }
      windows.set(address, { failures: 1, endsAt: now + windowMs });
    },
  };
}
