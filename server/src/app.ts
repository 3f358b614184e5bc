/** Builds the reference backend: plugins, routes, socket and static files. Listening is server.ts's job. */
import Fastify, { type FastifyReply, type FastifySchema, type FastifyServerOptions } from 'fastify';
import type { Operation } from '../../src/contract/operations.ts';
import { DEMO_TXS_DEFAULT } from './db/demoTxs.ts';
import alertsPlugin, { type AlertsOptions } from './alerts/plugin.ts';
import databasePlugin from './db/plugin.ts';
import type { SeedKeys } from './db/seed.ts';
import { TX_READERS_DEFAULT } from './db/txReaders.ts';
import { capConnections, CONNECTION_LIMITS_DEFAULTS, httpServerOptions, type ConnectionLimits } from './lib/connectionLimits.ts';
import { canonicalPath, isApiPath } from './lib/paths.ts';
import type { ZodTypeProvider } from './lib/zod.ts';
import auditPlugin from './plugins/audit.ts';
import { createKeyHasher, type KeyHasher } from './auth/keyHasher.ts';
import type { LoginGateLimits } from './auth/loginGate.ts';
import authPlugin from './plugins/auth.ts';
import clockPlugin from './plugins/clock.ts';
import { systemClock } from './lib/clock.ts';
import errorsPlugin from './plugins/errors.ts';
import hostsPlugin from './plugins/hosts.ts';
import originsPlugin from './plugins/origins.ts';
import securityPlugin from './plugins/security.ts';
import writeLimitPlugin, { WRITE_LIMITS_DEFAULTS, type WriteLimits } from './plugins/writeLimit.ts';
import staticPlugin from './plugins/static.ts';
import seriesRecorderPlugin, { SERIES_SAMPLE_MS_DEFAULT } from './stats/series.ts';
import { statsInFlightPlugin } from './stats/inFlight.ts';
import { STATS_IN_FLIGHT_PER_USER } from '../../src/config/stats.ts';
import hubPlugin from './realtime/hub.ts';
import socketPlugin, { SOCKETS_PER_SESSION_DEFAULT } from './realtime/socket.ts';
import loginRoutes from './routes/login.ts';
import quotePlugin from './plugins/quote.ts';
import { API_ROUTE_PLUGINS } from './routes/index.ts';
import simRoutes from './routes/sim.ts';
import simPlugin, { type SimOptions } from './sim/plugin.ts';
import refusalsPlugin from './sim/refusals.ts';
import timelinePlugin, { type TimelineOptions } from './timeline/plugin.ts';
import tradeWatchPlugin, {
  STUCK_CHECK_MS_DEFAULT,
  STUCK_FACTOR_DEFAULT,
  STUCK_FLOOR_MS_DEFAULT,
  type TradeWatchOptions,
} from './trades/watch.ts';

export interface AppOptions {
  /** Directory of the SQLite file; omitted: an in-memory database (tests). */
  dataDir?: string;
  /** Session-token secret; omitted: generated on first start and kept in the database. */
  jwtSecret?: string;
  /** Access keys to create or replace on start (admin -> role Admin, operator -> role Operator). */
  keys?: SeedKeys;
  /** Clock in ms since the epoch; tests inject their own. */
  now?: () => number;
  /** The built console; default ./dist. */
  staticDir?: string;
  /** Login attempts per client address per minute. */
  loginRateLimit?: number;
  /** Sign-ins worked on at once (auth/loginGate.ts); LOGIN_GATE_DEFAULTS when omitted. */
  loginGate?: Partial<LoginGateLimits>;
  /** init.devMode: the demo database is in use. */
  devMode?: boolean;
  /** Check every socket payload against the contract (tests and development). */
  validateEvents?: boolean;
  /** Demo txs written on the first start of an empty database (DEMO_TXS); default 100,000. */
  demoTxs?: number;
  /** Threads reading the transaction list's pages (TX_READERS); default TX_READERS_DEFAULT, none in memory. */
  txReaders?: number;
  /** The simulator of the trading system (SIM, SIM_SEED, SIM_RATE); off when omitted. */
  sim?: SimOptions;
  /** The proxy whose X-Forwarded-* headers are believed (TRUST_PROXY); none when omitted. */
  trustProxy?: boolean | string[];
  /** Origins besides the server's own that may call the API and open sockets (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Host names besides localhost, IP addresses and ALLOWED_ORIGINS' hosts that requests may name (ALLOWED_HOSTS, and HOST when a name). */
  allowedHosts?: readonly string[];
  /** Request timeouts and connection caps (lib/connectionLimits.ts); CONNECTION_LIMITS_DEFAULTS when omitted. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Writes per signed-in user (plugins/writeLimit.ts; WRITE_RATE_LIMIT is perSecond); WRITE_LIMITS_DEFAULTS when omitted. */
  writeLimits?: Partial<WriteLimits>;
  /** Sockets one session may hold open (SOCKETS_PER_SESSION). */
  socketsPerSession?: number;
  /** When a trade counts as stuck, and how often that is checked (STUCK_FACTOR, STUCK_FLOOR_MS, STUCK_CHECK_MS). */
  stuck?: Partial<TradeWatchOptions>;
  /** Ms between the network series' samples (GET /stats/series); 0: none unless a test flushes. */
  seriesSampleMs?: number;
  /** The timeline (docs/protocol.md "Timeline"): how often block heads are checked for staleness. */
  timeline?: TimelineOptions;
  /** SECRETS_KEY (32 bytes): alert destinations' secrets are kept encrypted with it (alerts/secrets.ts); omitted: as plain text. */
  secretsKey?: Buffer;
  /** Alerts delivery (docs/protocol.md "Alerts delivery"): evaluation period, delivery timings, the console's link. */
  alerts?: AlertsOptions;
  logger?: FastifyServerOptions['logger'];
}

/** A JSON error loads nothing, frames nothing and is never sniffed as something else. */
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export interface RouteEntry {
  method: string;
  url: string;
  /** The schemas the route declared (zod), so tests can hold them against the contract documents. */
  schema?: FastifySchema;
  /** The operations-table entry the route was made from (lib/operationRoute.ts); none for the console's files. */
  operation?: Operation;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, /api or not (HEAD left out: it is answered by GET), for tests that must cover them all. */
    routeTable: readonly RouteEntry[];
    /** Derives sign-in keys on a thread of its own (auth/keyHasher.ts). */
    keyHasher: KeyHasher;
  }
}

export async function buildApp(options: AppOptions = {}) {
  const limits: ConnectionLimits = { ...CONNECTION_LIMITS_DEFAULTS, ...options.connectionLimits };
  const app = Fastify({
    logger: options.logger ?? false,
    // No request is held forever, nor an idle connection (lib/connectionLimits.ts).
    http: httpServerOptions(limits),
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL or an over-long path parameter is refused before any route or hook runs;
    // its body follows docs/protocol.md "Errors", `{ error }`, like every other error (fastify's default does not).
    frameworkErrors: (error, request, reply) => {
      let status = error.statusCode ?? 500;
      let message = error.message;
      // An over-long parameter is 414 only on a real route: without a session that would tell which
      // API paths exist, so every /api request without one is 401 here too.
      // No public route has a parameter, so none is refused by this.
      if (isApiPath(canonicalPath(request.url)) && !app.sessions.verify(request.headers['x-api-key'])) {
        status = 401;
        message = 'unauthorized';
      }
      const clientError = status >= 400 && status < 500;
      // No hook runs for these (helmet's neither), so the headers a JSON error needs are set here.
      // The reply's generics are those of a route not yet found; it is an ordinary reply.
      return (reply as FastifyReply)
        .code(clientError ? status : 500)
        .headers(FRAMEWORK_ERROR_HEADERS)
        .send({ error: clientError ? message : 'internal server error' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Behind a trusted proxy every client arrives from the proxy's address: only the total is capped.
  capConnections(app.server, limits, (options.trustProxy ?? false) === false);

  // First of all, so it sees every route the plugins below register.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema, operation: route.config?.operation });
    }
  });

  const keyHasher = createKeyHasher();
  app.decorate('keyHasher', keyHasher);
  app.addHook('onClose', () => keyHasher.close());

  await app.register(clockPlugin, { now: options.now ?? systemClock.now });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Before anything reads the request: a name the server does not serve is a rebinding page (lib/hosts.ts).
  const hostRules = {
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    trustProxy: (options.trustProxy ?? false) !== false,
  };
  await app.register(hostsPlugin, hostRules);
  // Before auth: a page of another site is refused before its token is even looked at.
  await app.register(originsPlugin, { allowedOrigins: options.allowedOrigins ?? [] });
  await app.register(databasePlugin, {
    dataDir: options.dataDir,
    keys: options.keys ?? {},
    demoTxs: options.demoTxs ?? DEMO_TXS_DEFAULT,
    txReaders: options.txReaders ?? TX_READERS_DEFAULT,
    secretsKey: options.secretsKey,
  });
  await app.register(hubPlugin, { validateEvents: options.validateEvents ?? true });
  await app.register(tradeWatchPlugin, {
    factor: options.stuck?.factor ?? STUCK_FACTOR_DEFAULT,
    floorMs: options.stuck?.floorMs ?? STUCK_FLOOR_MS_DEFAULT,
    checkEveryMs: options.stuck?.checkEveryMs ?? STUCK_CHECK_MS_DEFAULT,
  });
  await app.register(seriesRecorderPlugin, { sampleMs: options.seriesSampleMs ?? SERIES_SAMPLE_MS_DEFAULT });
  await app.register(statsInFlightPlugin, { limit: STATS_IN_FLIGHT_PER_USER });
  await app.register(authPlugin, { jwtSecret: options.jwtSecret });
  // After auth: it counts by the session's user, before any handler runs.
  await app.register(writeLimitPlugin, { ...WRITE_LIMITS_DEFAULTS, ...options.writeLimits });
  await app.register(auditPlugin);
  // Before the routes: it follows workers start/stop through an onResponse hook.
  await app.register(simPlugin, options.sim ?? { enabled: false });
  // After auth, so only a request auth lets through is refused by the simulator's control.
  await app.register(refusalsPlugin, { enabled: options.sim?.enabled ?? false });

  await app.register(quotePlugin, { seed: options.sim?.seed ?? 1, drift: options.sim?.enabled ?? false });
  // Before the alerts, which record their events through it; after the audit plugin, whose user log
  // entries name who stopped the workers or switched sell only.
  await app.register(timelinePlugin, options.timeline ?? {});
  // After the simulator, so it starts from what the hub holds.
  await app.register(alertsPlugin, options.alerts ?? {});

  // The /api routes, each made from its entry in the operations table (lib/operationRoute.ts).
  await app.register(loginRoutes, { maxPerMinute: options.loginRateLimit ?? 10, gate: options.loginGate });
  for (const routes of API_ROUTE_PLUGINS) await app.register(routes);
  if (options.sim?.enabled) await app.register(simRoutes);

  await app.register(socketPlugin, {
    devMode: options.devMode ?? true,
    allowedOrigins: options.allowedOrigins ?? [],
    hostRules,
    socketsPerSession: options.socketsPerSession ?? SOCKETS_PER_SESSION_DEFAULT,
    trustProxy: (options.trustProxy ?? false) !== false,
  });
  await app.register(staticPlugin, { staticDir: options.staticDir ?? 'dist' });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
