/**
 * Every SPEC §7 route without a handler yet is registered from the permission table and answers
 * 501, so the table, the auth hook and the console can be exercised before the resources land.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS } from '../auth/permissions.ts';

const notImplementedRoutes: FastifyPluginAsync = async (app) => {
  for (const { method, url } of PERMISSIONS) {
    if (app.hasRoute({ method, url })) continue;
    app.route({
      method,
      url,
      handler: async (_request, reply) => reply.code(501).send({ error: 'not implemented' }),
    });
  }
};

export default notImplementedRoutes;
