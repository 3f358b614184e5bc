/**
 * POST /logs/more (§7): older user logs, newest first, filtered by user, action (or its dotted
 * prefix) and a time range (contract LogsMoreRequest). User logs are written only by
 * mutations (plugins/audit.ts) and cannot be edited or deleted through the API.
 */
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const logRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('moreLogs'), handler: async (request) => {
    const { before, limit, ...filter } = request.body ?? { limit: 100 };
    const [data, total] = await Promise.all([app.store.userLogs.list({ before, limit, ...filter }), app.store.userLogs.count(filter)]);
    return { data, total };
  } });
};

export default logRoutes;
