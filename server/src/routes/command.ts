/** POST /api/command {to, cmd}: a command for a service; the worker takes only WORKER_COMMANDS (§7). */
import { CommandRequest, OkResponse } from '../../../src/contract/index.ts';
import { sessionOf } from '../plugins/auth.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const commandRoutes: ZodPlugin = async (app) => {
  app.post('/command', { schema: { body: CommandRequest, response: { 200: OkResponse } } }, async (request) => {
    const { to, cmd } = request.body;
    const user = sessionOf(request).name;
    await app.mutate(user, 'command', async () => ({ result: undefined, details: { to, cmd } }));
    app.hub.broadcast('notify', { msg: `${user} sent ${cmd} to ${to}`, type: 'info', autoClose: 5000 });
    return { ok: true as const };
  });
};

export default commandRoutes;
