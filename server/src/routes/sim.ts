/**
 * POST /api/sim/control (Admin; registered only when the simulator runs, SIM=on: otherwise the
 * route does not exist and is 404 like any unknown path): puts a given situation on screen now, for
 * demos and browser tests, instead of waiting for the simulation to get there. Every use is written
 * to the user log as `sim.control` with its request.
 */
import { routeOptionsOf } from '../lib/operationRoute.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';
import { SIM_CONTROL } from '../sim/control.ts';

const simRoutes: ZodPlugin = async (app) => {
  const { sim, refusals } = app;
  if (!sim || !refusals) throw new Error('the simulator control route needs the simulator');

  app.route({ ...routeOptionsOf(SIM_CONTROL), handler: async (request) => {
    const body = request.body;
    // Every use is in the user log: it can reach every signed-in console.
    await app.mutate(sessionOf(request).name, 'sim.control', async () => ({ result: undefined, details: { ...body } }));
    switch (body.action) {
      case 'stall':
        sim.stall(body.network, body.ms);
        break;
      case 'balance':
        sim.holdBalance(body.network, body.balance);
        break;
      case 'trade': {
        const tradeId = sim.trade({ fail: body.fail, errCode: body.errCode, slow: body.slow, slowStep: body.slowStep, failStep: body.failStep });
        return tradeId === null ? { ok: true as const } : { ok: true as const, tradeId };
      }
      case 'notify':
        app.hub.broadcast('notify', { msg: body.msg, type: body.type, autoClose: body.autoClose });
        break;
      case 'background':
        app.hub.broadcast('command', body.seconds === undefined ? { name: 'background' } : { name: 'background', seconds: body.seconds });
        break;
      case 'stopReconnect':
        app.sockets.endAllSessions();
        break;
      case 'rate':
        sim.setRate(body.rate);
        break;
      case 'quiet':
        sim.setQuiet(body.quiet);
        break;
      case 'refuse':
        refusals.refuse(body);
        break;
    }
    return { ok: true as const };
  } });
};

export default simRoutes;
