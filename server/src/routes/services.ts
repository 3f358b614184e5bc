/**
 * POST /api/services/:service/restart and /restart/scaling (§7). A scaling restart names the
 * deployment and namespace, which must be the service's own (scalingTarget).
 */
import { z } from 'zod';
import { SERVICES, scalingTarget } from '../../../src/config/enums.ts';
import { EmptyBody, OkResponse, ScalingRestartRequest, type ValidationIssue } from '../../../src/contract/index.ts';
import { invalidRequest } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

const ServiceParams = z.object({ service: z.enum(SERVICES) });

const serviceRoutes: ZodPlugin = async (app) => {
  const restart = async (user: string, details: Record<string, unknown>) => {
    await app.mutate(user, 'service.restart', async () => ({ result: undefined, details }));
    app.hub.broadcast('notify', { msg: `${user} restarted ${String(details.service)}`, type: 'warning', autoClose: 5000 });
  };

  app.post(
    '/services/:service/restart',
    { schema: { params: ServiceParams, body: EmptyBody, response: { 200: OkResponse } } },
    async (request) => {
      await restart(sessionOf(request).name, { service: request.params.service });
      return { ok: true as const };
    },
  );

  app.post(
    '/services/:service/restart/scaling',
    { schema: { params: ServiceParams, body: ScalingRestartRequest, response: { 200: OkResponse } } },
    async (request) => {
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
    },
  );
};

export default serviceRoutes;
