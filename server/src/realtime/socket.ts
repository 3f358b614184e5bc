/**
 * socket.io on the app's HTTP server (PROTOCOL "Socket connection"): token-checked handshake,
 * per-socket subscriptions, init + eventCache on connect, ping acks, connected users, and
 * stopReconnect + disconnect when the session expires.
 */
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { SERVER_EVENT_NAMES, type ConnectedUser, type SessionClaims } from '../../../src/contract/index.ts';
import type { Subscriber } from './hub.ts';

interface SocketData {
  session: SessionClaims;
  since: number;
}

// Outgoing payloads are typed and checked by the hub, the only code that decides what is emitted.
type Outgoing = Record<string, (payload: unknown) => void>;
type Incoming = Record<string, (...args: unknown[]) => void>;
type ConsoleSocket = Socket<Incoming, Outgoing, Record<string, never>, SocketData>;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(SERVER_EVENT_NAMES);

export interface Sockets {
  /** Ends every open session as an expiry does: stopReconnect, then disconnect (the no-retry path, §4). */
  endAllSessions(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sockets: Sockets;
  }
}

/** The `events` handshake query: comma-separated event names; unknown names are ignored. */
function subscriptionOf(query: unknown): Set<string> {
  const raw = [query].flat().filter((part): part is string => typeof part === 'string').join(',');
  return new Set(raw.split(',').map((name) => name.trim()).filter((name) => KNOWN_EVENTS.has(name)));
}

export default fp<{ devMode: boolean }>(
  async (app, options) => {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false });
    const users = new Map<string, ConnectedUser>();
    const expiryTimers = new Map<string, NodeJS.Timeout>();
    const endSession = new Map<string, () => void>();
    // Broadcasts that arrive while a socket's init is being read are held and sent after it, in order.
    const held = new Map<string, [string, unknown][]>();
    // Each broadcast is encoded once and the same frame written to every ready socket.
    app.hub.setFanOut((ids, event, payload) => {
      const ready: string[] = [];
      for (const id of ids) {
        const backlog = held.get(id);
        if (backlog) backlog.push([event, payload]);
        else ready.push(id);
      }
      if (ready.length > 0) io.to(ready).emit(event, payload);
    });
    app.decorate('sockets', {
      endAllSessions: () => {
        for (const end of [...endSession.values()]) end();
      },
    } satisfies Sockets);

    const connectedUsers = (): ConnectedUser[] => {
      const byName = new Map<string, ConnectedUser>();
      for (const user of users.values()) {
        const seen = byName.get(user.name);
        if (!seen || user.since < seen.since) byName.set(user.name, user);
      }
      return [...byName.values()].sort((a, b) => a.since - b.since);
    };

    io.use((socket: ConsoleSocket, next) => {
      const auth: unknown = socket.handshake.auth;
      const token = typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
      const session = app.sessions.verify(token);
      if (!session) {
        next(new Error('unauthorized'));
        return;
      }
      socket.data.session = session;
      socket.data.since = app.clock.now();
      next();
    });

    io.on('connection', (socket: ConsoleSocket) => {
      const { session, since } = socket.data;
      held.set(socket.id, []);
      const subscriber: Subscriber = {
        id: socket.id,
        role: session.role,
        events: subscriptionOf(socket.handshake.query.events),
        send: (event, payload) => {
          const backlog = held.get(socket.id);
          if (backlog) backlog.push([event, payload]);
          else socket.emit(event, payload);
        },
      };
      app.hub.add(subscriber);

      socket.on('ping', (...args: unknown[]) => {
        const ack = args.at(-1);
        if (typeof ack === 'function') ack({ t: app.clock.now() });
      });
      socket.on('disconnect', () => {
        clearTimeout(expiryTimers.get(socket.id));
        expiryTimers.delete(socket.id);
        endSession.delete(socket.id);
        held.delete(socket.id);
        app.hub.remove(socket.id);
        users.delete(socket.id);
        app.hub.broadcast('connectedUsers', connectedUsers());
      });

      const end = () => {
        app.hub.emitTo(subscriber, 'stopReconnect', {});
        socket.disconnect(true);
      };
      endSession.set(socket.id, end);
      const msRemaining = session.exp * 1000 - app.clock.now();
      expiryTimers.set(socket.id, setTimeout(end, Math.max(0, msRemaining)));

      void (async () => {
        const [tokens, bridges, miscSettings, brainState, awsGroups, connectedServices] = await Promise.all([
          app.store.tokens.list(),
          app.store.bridges.list(),
          app.store.settings.get('miscSettings'),
          app.store.settings.get('brainState'),
          app.store.settings.get('awsGroups'),
          app.store.settings.get('connectedServices'),
        ]);
        if (socket.disconnected) return;
        const backlog = held.get(socket.id) ?? [];
        held.delete(socket.id);
        app.hub.emitTo(subscriber, 'init', {
          devMode: options.devMode,
          msRemainingBeforeDisconnect: msRemaining,
          allTokens: Object.fromEntries(tokens.map((token) => [token.tokenName, token])),
          competitors: [],
          bridges: Object.fromEntries(bridges.map((bridge) => [bridge.bridgeName, bridge])),
          miscSettings,
          brainState,
          awsGroups,
          connectedServices,
        });
        app.hub.emitTo(subscriber, 'eventCache', app.hub.cachedFor(subscriber));
        for (const [event, payload] of backlog) socket.emit(event, payload);
        users.set(socket.id, { name: session.name, role: session.role, since });
        app.hub.broadcast('connectedUsers', connectedUsers());
      })().catch((err: unknown) => {
        app.log.error({ err }, 'socket init failed');
        socket.disconnect(true);
      });
    });

    // Sockets must go before the HTTP server closes, or open websockets would hold it open.
    app.addHook('preClose', async () => {
      app.hub.setFanOut(undefined);
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      expiryTimers.clear();
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'socket', dependencies: ['auth', 'database', 'hub'] },
);
