/** Starts the reference backend: parse the environment, build the app, listen, shut down cleanly. */
import { buildApp } from './app.ts';
import { parseEnv, type Env } from './env.ts';
import { parseHostList } from './lib/hosts.ts';
import { CONNECTION_LIMITS_DEFAULTS } from './lib/connectionLimits.ts';
import type { SeedKeys } from './db/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function keysBox(keys: SeedKeys): string | null {
  const parts = [keys.admin && `Admin: ${keys.admin}`, keys.operator && `Operator: ${keys.operator}`].filter(Boolean);
  if (parts.length === 0) return null;
  const lines = [`Demo access keys — ${parts.join('  ')}`, 'Shown once: only their hashes are stored.'];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}

async function main(env: Env): Promise<void> {
  const app = await buildApp({
    dataDir: env.DATA_DIR,
    jwtSecret: env.JWT_SECRET,
    keys: { admin: env.ADMIN_KEY, operator: env.OPERATOR_KEY },
    staticDir: env.STATIC_DIR,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    devMode: env.DEV_MODE,
    demoTxs: env.DEMO_TXS,
    txReaders: env.TX_READERS,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    // The bound address is served by its name too (an IP address always is).
    allowedHosts: [...env.ALLOWED_HOSTS, ...parseHostList(env.HOST)],
    socketsPerSession: env.SOCKETS_PER_SESSION,
    writeLimits: { perSecond: env.WRITE_RATE_LIMIT, burst: Math.max(1, Math.round(env.WRITE_RATE_LIMIT * 12)) },
    connectionLimits: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      // The headers come first: half the request's time, at most the default.
      headersTimeoutMs: Math.min(env.REQUEST_TIMEOUT_MS / 2, CONNECTION_LIMITS_DEFAULTS.headersTimeoutMs),
      maxConnections: env.MAX_CONNECTIONS,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    stuck: { factor: env.STUCK_FACTOR, floorMs: env.STUCK_FLOOR_MS, checkEveryMs: env.STUCK_CHECK_MS },
    validateEvents: env.NODE_ENV !== 'production',
    sim: { enabled: env.SIM === 'on', seed: env.SIM_SEED, rate: env.SIM_RATE, stampBlocks: env.SIM_BENCH_STAMP === 'on' },
    logger: { level: env.LOG_LEVEL },
    secretsKey: env.SECRETS_KEY,
    alerts: {
      publicUrl: env.PUBLIC_URL,
      allowedHosts: env.ALERT_ALLOWED_HOSTS,
      timings: { timeoutMs: env.ALERT_DELIVERY_TIMEOUT_MS, maxAttempts: env.ALERT_DELIVERY_MAX_ATTEMPTS, backoffBaseMs: env.ALERT_DELIVERY_BACKOFF_MS },
    },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      process.stderr.write(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms, exiting\n`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.stdout.write('stopped\n'),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.ready();
  const box = keysBox(app.generatedKeys);
  if (box) process.stdout.write(`${box}\n`);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  process.stdout.write(`listening on http://${host}:${port}\n`);
  // The seed is what it takes to replay this run's simulated feed (SIM_SEED).
  if (app.sim) process.stdout.write(`simulator on: SIM_SEED=${app.sim.seed} SIM_RATE=${app.sim.rate}\n`);
}

let env: Env;
try {
  env = parseEnv(process.env);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
main(env).catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
