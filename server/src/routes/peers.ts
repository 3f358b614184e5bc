/** POST /api/txs/peers/:peer/restart: the peer must be one the brain state reports (§3). */
import { HttpError } from '../lib/httpError.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';

const peerRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('restartPeer'), handler: async (request) => {
    const { peer } = request.params;
    const user = sessionOf(request).name;
    await app.mutate(user, 'peer.restart', async (tx) => {
      const { txPeerStatus, zmqPeerStatus } = await tx.settings.get('brainState');
      if (!Object.hasOwn(txPeerStatus, peer) && !Object.hasOwn(zmqPeerStatus, peer)) {
        throw new HttpError(404, 'unknown peer');
      }
      return { result: undefined, details: { peer } };
    });
    app.hub.broadcast('notify', { msg: `${user} restarted peer ${peer}`, type: 'warning', autoClose: 5000 });
    return { ok: true as const };
  } });
};

export default peerRoutes;
