/** The one source of time for sessions, logs and expiry, injectable for tests. */
import fp from 'fastify-plugin';

export interface Clock {
  now(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export default fp<{ now: () => number }>(
  async (app, options) => {
    app.decorate('clock', { now: options.now });
  },
  { name: 'clock' },
);
