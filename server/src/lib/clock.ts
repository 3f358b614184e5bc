/**
 * The server's time, in ms since the epoch. Everything that stamps, expires or limits reads it from
 * one clock: the app's (`app.clock`, plugins/clock.ts), which tests replace with their own. The
 * system clock below is what runs when nobody replaced it: the app's default and the standalone
 * alert runner's, which has no app.
 */
export interface Clock {
  /** A function of its own (not a method), so it can be handed on as `clock.now`. */
  readonly now: () => number;
}

export const systemClock: Clock = { now: () => Date.now() };
