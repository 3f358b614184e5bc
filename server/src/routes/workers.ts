/** POST /api/workers/start and /stop (§2 worker controls, §4 workers running or stopped). */
import { type BrainState } from '../../../src/contract/index.ts';
import { sessionOf } from '../plugins/auth.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const workerRoutes: ZodPlugin = async (app) => {
  const setRunning = async (user: string, running: boolean): Promise<BrainState> => {
    const brainState = await app.mutate(user, running ? 'workers.start' : 'workers.stop', async (tx) => {
      const before = await tx.settings.get('brainState');
      const after: BrainState = { ...before, workersRunning: running, workersStartedBy: running ? user : '' };
      await tx.settings.set('brainState', after);
      return {
        result: after,
        before: { workersRunning: before.workersRunning, workersStartedBy: before.workersStartedBy },
        after: { workersRunning: after.workersRunning, workersStartedBy: after.workersStartedBy },
      };
    });
    app.hub.broadcast('brainState', brainState);
    return brainState;
  };

  app.route({ ...operationRoute('startWorkers'), handler: async (request) => ({
    ok: true as const,
    brainState: await setRunning(sessionOf(request).name, true),
  }) });
  app.route({ ...operationRoute('stopWorkers'), handler: async (request) => ({
    ok: true as const,
    brainState: await setRunning(sessionOf(request).name, false),
  }) });
};

export default workerRoutes;
