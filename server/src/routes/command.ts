/** POST /api/command {to, cmd}: a command for a service; the worker takes only WORKER_COMMANDS (§7). */
import { sessionOf } from '../plugins/auth.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const commandRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('sendCommand'), handler: async (request) => {
    const { to, cmd } = request.body;
    const user = sessionOf(request).name;
    await app.mutate(user, 'command', async () => ({ result: undefined, details: { to, cmd } }));
    // A worker command is one of WORKER_COMMANDS; any other service's is free text, so its toast
    // says plainly that it is a user's text, not the system's.
    const msg = to === 'worker' ? `${user} sent ${cmd} to ${to}` : `${user} sent this command to ${to} (their own words): ${cmd}`;
    app.hub.broadcast('notify', { msg, type: 'info', autoClose: 5000 });
    return { ok: true as const };
  } });
};

export default commandRoutes;
