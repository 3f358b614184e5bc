/**
 * Every request, the console's files and the API alike, is answered only when its Host names a
 * host the server serves (lib/hosts.ts; DNS rebinding): otherwise 421 before
 * any route, authentication or origin check runs. socket.io's handshake is judged by the same
 * rule in realtime/socket.ts (its requests never reach these hooks).
 */
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';
import { HOST_REFUSED_MESSAGE, HOST_REFUSED_STATUS, hostJudge, type HostRules } from '../lib/hosts.ts';

export default fp<HostRules>(
  async (app, options) => {
    const served = hostJudge(options);
    app.addHook('onRequest', async (request) => {
      if (!served(request.headers)) throw new HttpError(HOST_REFUSED_STATUS, HOST_REFUSED_MESSAGE);
    });
  },
  { name: 'hosts' },
);
