/**
 * socket.io on the app's HTTP server (docs/protocol.md "Socket connection"): origin- and token-checked
 * handshake, a bounded number of sockets per session, per-socket subscriptions and batched delivery
 * when asked for ("Batched delivery"), init + eventCache on connect, ping acks, connected users
 * (coalesced), and stopReconnect + disconnect when the session expires or is revoked.
 */
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { BATCH_EVENT, BATCH_QUERY, batchesOf, SERVER_EVENT_NAMES, type ConnectedUser } from '../../../src/contract/index.ts';
import type { Session } from '../auth/sessions.ts';
import { hostJudge, type HostRules } from '../lib/hosts.ts';
import { judgeOrigin } from '../lib/origins.ts';
import type { Delivery, Subscriber } from './hub.ts';

/** SOCKETS_PER_SESSION's default: a console holds one socket per tab; eight tabs is generous. */
export const SOCKETS_PER_SESSION_DEFAULT = 8;
/** connectedUsers is sent at most this often: a burst of connects costs one broadcast, not one each. */
export const CONNECTED_USERS_COALESCE_MS = 250;
/** The handshake error of a session that already holds its sockets (the console retries later). */
export const TOO_MANY_SOCKETS = 'too many connections for this session';

interface SocketData {
  session: Session;
  since: number;
}

export interface SocketOptions {
  devMode: boolean;
  allowedOrigins: readonly string[];
  /** The host names served (lib/hosts.ts), judged at the handshake as plugins/hosts.ts judges every other request. */
  hostRules: HostRules;
  socketsPerSession: number;
  /** X-Forwarded-Host names the host the browser asked for (TRUST_PROXY). */
  trustProxy: boolean;
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

/** The largest frame a socket may send; the handshake's token is a few hundred bytes. */
export const SOCKET_FRAME_MAX_BYTES = 16 * 1024;

/** The host the browser sent the handshake to. */
function requestedHost(request: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = request.headers['x-forwarded-host'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',')[0]?.trim();
  return request.headers.host;
}

/** The scheme the browser used: TLS on this socket, or the trusted proxy's X-Forwarded-Proto. */
function requestedScheme(request: IncomingMessage, trustProxy: boolean): 'http' | 'https' {
  const forwarded = request.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return 'encrypted' in request.socket && request.socket.encrypted === true ? 'https' : 'http';
}

export default fp<SocketOptions>(
  async (app, options) => {
    const servedHost = hostJudge(options.hostRules);
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // The console sends only pings: no frame, before or after the handshake, is decoded past this
      // (socket.io's default is 1 MB). A larger one closes the connection.
      maxHttpBufferSize: SOCKET_FRAME_MAX_BYTES,
      // A page of another site may not open a socket (lib/origins.ts); listed origins may, polling too.
      // Nor may a page that reached this server under another name (DNS rebinding, lib/hosts.ts).
      allowRequest: (request, callback) => {
        if (!servedHost(request.headers)) {
          callback('host not allowed', false);
          return;
        }
        const verdict = judgeOrigin(
          request.headers.origin,
          requestedHost(request, options.trustProxy),
          options.allowedOrigins,
          requestedScheme(request, options.trustProxy),
        );
        callback(verdict === 'refused' ? 'origin not allowed' : null, verdict !== 'refused');
      },
      ...(options.allowedOrigins.length > 0 ? { cors: { origin: [...options.allowedOrigins] } } : {}),
    });
    const users = new Map<string, ConnectedUser>();
    // Open sockets by session, to bound them and to end them when the session is revoked.
    const bySession = new Map<string, Set<string>>();
    const expiryTimers = new Map<string, NodeJS.Timeout>();
    const endSession = new Map<string, () => void>();
    // Broadcasts that arrive while a socket's init is being read are held and sent after it, in order.
    const held = new Map<string, Delivery[]>();
    // Each broadcast, and each run for batched sockets, is encoded once and the same frame written
    // to every ready socket.
    const readyOf = (ids: readonly string[], hold: (backlog: Delivery[]) => void): string[] => {
      const ready: string[] = [];
      for (const id of ids) {
        const backlog = held.get(id);
        if (backlog) hold(backlog);
        else ready.push(id);
      }
      return ready;
    };
    app.hub.setFanOut(
      (ids, event, payload) => {
        const ready = readyOf(ids, (backlog) => backlog.push([event, payload]));
        if (ready.length > 0) io.to(ready).emit(event, payload);
      },
      (ids, deliveries) => {
        const ready = readyOf(ids, (backlog) => backlog.push(...deliveries));
        if (ready.length > 0) io.to(ready).emit(BATCH_EVENT, deliveries);
      },
    );
    app.decorate('sockets', {
      endAllSessions: () => {
        for (const end of [...endSession.values()]) end();
      },
    } satisfies Sockets);

    let connectedUsersTimer: NodeJS.Timeout | undefined;
    const announceConnectedUsers = () => {
      connectedUsersTimer ??= setTimeout(() => {
        connectedUsersTimer = undefined;
        app.hub.broadcast('connectedUsers', connectedUsers());
      }, CONNECTED_USERS_COALESCE_MS);
    };

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
      // Counted here, not on connection, so that handshakes arriving together cannot all slip in.
      const open = bySession.get(session.sid) ?? new Set<string>();
      if (open.size >= options.socketsPerSession) {
        next(new Error(TOO_MANY_SOCKETS));
        return;
      }
      open.add(socket.id);
      bySession.set(session.sid, open);
      socket.data.session = session;
      socket.data.since = app.clock.now();
      next();
    });

    io.on('connection', (socket: ConsoleSocket) => {
      const { session, since } = socket.data;
      held.set(socket.id, []);
      const batched = socket.handshake.query[BATCH_QUERY] === '1';
      /** Broadcasts held while init was read, sent after it in the form the socket asked for. */
      const sendHeld = (backlog: readonly Delivery[]) => {
        if (batched) for (const part of batchesOf(backlog)) socket.emit(BATCH_EVENT, part);
        else for (const [event, payload] of backlog) socket.emit(event, payload);
      };
      const subscriber: Subscriber = {
        id: socket.id,
        role: session.role,
        events: subscriptionOf(socket.handshake.query.events),
        send: (event, payload) => {
          const backlog = held.get(socket.id);
          if (backlog) backlog.push([event, payload]);
          else socket.emit(event, payload);
        },
        ...(batched
          ? {
              sendBatch: (deliveries: readonly Delivery[]) => {
                const backlog = held.get(socket.id);
                if (backlog) backlog.push(...deliveries);
                else socket.emit(BATCH_EVENT, deliveries);
              },
            }
          : {}),
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
        const open = bySession.get(session.sid);
        open?.delete(socket.id);
        if (open?.size === 0) bySession.delete(session.sid);
        announceConnectedUsers();
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
          alerts: app.alerts.evaluator.active(),
        });
        app.hub.emitTo(subscriber, 'eventCache', app.hub.cachedFor(subscriber));
        sendHeld(backlog);
        users.set(socket.id, { name: session.name, role: session.role, since });
        announceConnectedUsers();
      })().catch((err: unknown) => {
        app.log.error({ err }, 'socket init failed');
        socket.disconnect(true);
      });
    });

    // Sign-out ends the session's sockets as an expiry does: stopReconnect, then disconnect
    // (docs/protocol.md "Login and the session token").
    app.sessions.onRevoke((sid) => {
      for (const id of bySession.get(sid) ?? []) endSession.get(id)?.();
    });

    // Sockets must go before the HTTP server closes, or open websockets would hold it open.
    app.addHook('preClose', async () => {
      app.hub.setFanOut(undefined);
      clearTimeout(connectedUsersTimer);
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      expiryTimers.clear();
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'socket', dependencies: ['auth', 'database', 'hub'] },
);
