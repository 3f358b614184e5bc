/**
 * Stats queries in flight per user (docs/protocol.md "Stats": STATS_IN_FLIGHT_PER_USER). Each
 * answer walks part of an index on a reader thread; without a bound one user's script could keep
 * any number of them waiting for the readers, and everyone else's figures behind them. Users are
 * the session's name, as the write limit counts them, so signing in again gives no more.
 */
import fp from 'fastify-plugin';

export class InFlight {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  /**
   * A slot for `user`, or null when they already hold `limit`. The slot is freed by the function
   * returned, once however often it is called (an answer, an error and a client going away may all
   * call it).
   */
  take(user: string): (() => void) | null {
    const held = this.counts.get(user) ?? 0;
    if (held >= this.limit) return null;
    this.counts.set(user, held + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.counts.get(user) ?? 1) - 1;
      // A user with nothing in flight is forgotten: the table holds only users with a query on its way.
      if (left <= 0) this.counts.delete(user);
      else this.counts.set(user, left);
    };
  }

  /** How many `user` holds now. */
  held(user: string): number {
    return this.counts.get(user) ?? 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The stats queries each user has in flight (docs/protocol.md "Stats"; routes/stats.ts takes and frees the slots). */
    statsInFlight: InFlight;
  }
}

/** The app's one table of stats queries in flight, at the root so that tests and the routes see the same. */
export const statsInFlightPlugin = fp<{ limit: number }>(
  async (app, { limit }) => {
    app.decorate('statsInFlight', new InFlight(limit));
  },
  { name: 'statsInFlight' },
);
