/** The one source of time for sessions, logs and expiry, injectable for tests (lib/clock.ts). */
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.ts';

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
