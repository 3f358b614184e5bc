/**
 * POST /api/services/:service/restart and /restart/scaling (§7). A scaling restart names the
 * deployment and namespace, which must be the service's own (scalingTarget).
 */
import { scalingTarget } from '../../../src/config/enums.ts';
import { type ValidationIssue } from '../../../src/contract/index.ts';
import { invalidRequest } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';

const serviceRoutes: ZodPlugin = async (app) => {
  const restart = async (user: string, details: Record<string, unknown>) => {
    await app.mutate(user, 'service.restart', async () => ({ result: undefined, details }));
    app.hub.broadcast('notify', { msg: `${user} restarted ${String(details.service)}`, type: 'warning', autoClose: 5000 });
  };

  app.route({ ...operationRoute('restartService'), handler: async (request) => {
    await restart(sessionOf(request).name, { service: request.params.service });
    return { ok: true as const };
  } });

  app.route({ ...operationRoute('restartServiceScaling'), handler: async (request) => {
    const { service } = request.params;
    const expected = scalingTarget(service);
    const issues: ValidationIssue[] = [];
    for (const field of ['deploymentName', 'namespace'] as const) {
      if (request.body[field] !== expected[field]) {
        issues.push({ in: 'body', field, message: `must be "${expected[field]}" for ${service}` });
      }
    }
    if (issues.length > 0) throw invalidRequest(issues);
    await restart(sessionOf(request).name, { service, scaling: true, ...expected });
    return { ok: true as const };
  } });
};

export default serviceRoutes;
