/** Builds the reference backend: plugins, routes, socket and static files. Listening is server.ts's job. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import { DEMO_TXS_DEFAULT } from './db/demoTxs.ts';
import databasePlugin from './db/plugin.ts';
import type { SeedKeys } from './db/seed.ts';
import type { ZodTypeProvider } from './lib/zod.ts';
import auditPlugin from './plugins/audit.ts';
import authPlugin from './plugins/auth.ts';
import clockPlugin from './plugins/clock.ts';
import errorsPlugin from './plugins/errors.ts';
import securityPlugin from './plugins/security.ts';
import staticPlugin from './plugins/static.ts';
import hubPlugin from './realtime/hub.ts';
import socketPlugin from './realtime/socket.ts';
import awsRoutes from './routes/aws.ts';
import bridgeRoutes from './routes/bridges.ts';
import commandRoutes from './routes/command.ts';
import configRoutes from './routes/configs.ts';
import logRoutes from './routes/logs.ts';
import loginRoutes from './routes/login.ts';
import peerRoutes from './routes/peers.ts';
import proxyRoutes from './routes/proxy.ts';
import quotePlugin from './plugins/quote.ts';
import serviceRoutes from './routes/services.ts';
import settingsRoutes from './routes/settings.ts';
import simRoutes from './routes/sim.ts';
import solanaBridgeRoutes from './routes/solanaBridge.ts';
import tokenRoutes from './routes/tokens.ts';
import txOperationRoutes from './routes/txOperations.ts';
import txRoutes from './routes/txs.ts';
import workerRoutes from './routes/workers.ts';
import simPlugin, { type SimOptions } from './sim/plugin.ts';

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
  /** init.devMode: the demo database is in use. */
  devMode?: boolean;
  /** Check every socket payload against the contract (tests and development). */
  validateEvents?: boolean;
  /** Demo txs written on the first start of an empty database (DEMO_TXS); default 100,000. */
  demoTxs?: number;
  /** The simulator of the trading system (SIM, SIM_SEED, SIM_RATE); off when omitted. */
  sim?: SimOptions;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(clockPlugin, { now: options.now ?? Date.now });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(databasePlugin, {
    dataDir: options.dataDir,
    keys: options.keys ?? {},
    demoTxs: options.demoTxs ?? DEMO_TXS_DEFAULT,
  });
  await app.register(hubPlugin, { validateEvents: options.validateEvents ?? true });
  await app.register(authPlugin, { jwtSecret: options.jwtSecret });
  await app.register(auditPlugin);
  // Before the routes: it follows workers start/stop through an onResponse hook.
  await app.register(simPlugin, options.sim ?? { enabled: false });

  const api = { prefix: '/api' };
  await app.register(loginRoutes, { ...api, maxPerMinute: options.loginRateLimit ?? 10 });
  await app.register(workerRoutes, api);
  await app.register(settingsRoutes, api);
  await app.register(commandRoutes, api);
  await app.register(serviceRoutes, api);
  await app.register(peerRoutes, api);
  await app.register(txRoutes, api);
  await app.register(txOperationRoutes, api);
  await app.register(tokenRoutes, api);
  await app.register(bridgeRoutes, api);
  await app.register(configRoutes, api);
  await app.register(logRoutes, api);
  await app.register(awsRoutes, api);
  await app.register(solanaBridgeRoutes, api);
  await app.register(quotePlugin, { seed: options.sim?.seed ?? 1, drift: options.sim?.enabled ?? false });
  await app.register(proxyRoutes, api);
  if (options.sim?.enabled) await app.register(simRoutes, api);

  await app.register(socketPlugin, { devMode: options.devMode ?? true });
  await app.register(staticPlugin, { staticDir: options.staticDir ?? 'dist' });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
