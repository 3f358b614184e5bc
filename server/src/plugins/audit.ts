/**
 * Every mutation writes a user log (who, what, before/after) in the same transaction as the
 * change, then announces it with `newUserLog` once committed.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { UserLog } from '../../../src/contract/index.ts';
import type { Repos } from '../db/store.ts';

export interface Change<T> {
  result: T;
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping, e.g. the service restarted. */
  details?: Record<string, unknown>;
}

export type Mutate = <T>(user: string, action: string, change: (tx: Repos) => Promise<Change<T>>) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    mutate: Mutate;
  }
}

export default fp(
  async (app) => {
    const mutate: Mutate = async (user, action, change) => {
      const { result, log } = await app.store.transaction(async (tx) => {
        const { result, before, after, details } = await change(tx);
        const log: UserLog = {
          id: randomUUID(),
          time: app.clock.now(),
          user,
          action,
          details: { ...details, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) },
        };
        await tx.userLogs.insert(log);
        return { result, log };
      });
      app.hub.broadcast('newUserLog', log);
      return result;
    };
    app.decorate('mutate', mutate);
  },
  { name: 'audit', dependencies: ['clock', 'database', 'hub'] },
);
