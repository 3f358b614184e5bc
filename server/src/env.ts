/** The environment, parsed once with zod; anything invalid stops the server with a clear message. */
import { z } from 'zod';
import { parseAllowedHosts } from '../../src/domain/addressPolicy.ts';
import { parseSecretsKey } from './alerts/secrets.ts';
import { ALERT_DELIVERY_BACKOFF_BASE_MS, ALERT_DELIVERY_MAX_ATTEMPTS, ALERT_DELIVERY_TIMEOUT_MS } from '../../src/config/alertDelivery.ts';
import { DEMO_TXS_DEFAULT } from './db/demoTxs.ts';
import { TX_READERS_DEFAULT, TX_READERS_MAX } from './db/txReaders.ts';
import { CONNECTION_LIMITS_DEFAULTS } from './lib/connectionLimits.ts';
import { parseHostList } from './lib/hosts.ts';
import { parseOriginList } from './lib/origins.ts';
import { WRITE_LIMITS_DEFAULTS } from './plugins/writeLimit.ts';
import { SOCKETS_PER_SESSION_DEFAULT } from './realtime/socket.ts';
import { STUCK_CHECK_MS_DEFAULT, STUCK_FACTOR_DEFAULT, STUCK_FLOOR_MS_DEFAULT } from './trades/watch.ts';

const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/**
 * TRUST_PROXY, as fastify's trustProxy takes it: off (default: the client address is the socket's),
 * on (whatever connects is the proxy), or the proxies' addresses and CIDR ranges, comma-separated.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (['0', 'false', 'off', 'no'].includes(lower)) return false;
    if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
    const addresses = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
    const bad = addresses.filter((part) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part));
    if (addresses.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `expected on, off or the proxies' addresses; not ${bad.join(', ') || value}` });
      return z.NEVER;
    }
    return addresses;
  });

const originList = z.string().transform((value, ctx) => {
  try {
    return parseOriginList(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
    return z.NEVER;
  }
});

const hostList = z.string().transform((value, ctx) => {
  try {
    return parseHostList(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
    return z.NEVER;
  }
});

/** ALERT_ALLOWED_HOSTS: host names, IPs and CIDR ranges (src/domain/addressPolicy.ts), normalised. */
const allowedDestinations = z.string().transform((value, ctx) => {
  try {
    return parseAllowedHosts(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
    return z.NEVER;
  }
});

/** SECRETS_KEY: 32 bytes as 64 hex characters or base64 (alerts/secrets.ts); anything else stops the server. */
const secretsKey = z.string().transform((value, ctx) => {
  try {
    return parseSecretsKey(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
    return z.NEVER;
  }
});

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, the access key "admin" (role Admin) is this key; upserted on every start. */
  ADMIN_KEY: z.string().min(12, 'must be at least 12 characters').max(512).optional(),
  /** When set, the access key "operator" (role Operator) is this key; upserted on every start. */
  OPERATOR_KEY: z.string().min(12, 'must be at least 12 characters').max(512).optional(),
  /** The simulator of live data. */
  SIM: z.enum(['on', 'off']).default('on'),
  SIM_SEED: z.coerce.number().int().optional(),
  SIM_RATE: z.coerce.number().positive().default(1),
  /** Benchmarks only: newBlock numbers carry their emit time so the page can measure event-to-paint. */
  SIM_BENCH_STAMP: z.enum(['on', 'off']).default('off'),
  /** Session-token secret; when unset one is generated on first start and kept in the database. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** Refused login attempts per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** init.devMode: the console marks the demo database (§1). */
  DEV_MODE: flag.default(true),
  /** Demo transactions written on the first start of an empty database (0: none). */
  DEMO_TXS: z.coerce.number().int().min(0).max(5_000_000).default(DEMO_TXS_DEFAULT),
  /** Threads reading the transaction list's pages on their own connections (0: the main thread reads them). */
  TX_READERS: z.coerce.number().int().min(0).max(TX_READERS_MAX).default(TX_READERS_DEFAULT),
  /** The proxy in front of the server (TLS), whose X-Forwarded-For names the real client address. */
  TRUST_PROXY: trustProxy.default(false),
  /**
   * The console's address as operators open it (https://console.example): alert messages link to
   * its /alerts/{id} (docs/protocol.md "Alerts lifecycle"). Unset: messages carry no link.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /**
   * Alert destinations' secrets (bot tokens, webhook and Slack URLs) are kept encrypted with this
   * key (AES-256-GCM, alerts/secrets.ts). Unset: as plain text in the database, as before. Plain
   * values already stored are encrypted when the server starts with it.
   */
  SECRETS_KEY: secretsKey.optional(),
  /**
   * Alerts delivery's timings (docs/protocol.md "Alerts delivery"; defaults in
   * src/config/alertDelivery.ts): one try's timeout, tries in all, the first retry's wait.
   */
  ALERT_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(ALERT_DELIVERY_TIMEOUT_MS),
  ALERT_DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(ALERT_DELIVERY_MAX_ATTEMPTS),
  ALERT_DELIVERY_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(ALERT_DELIVERY_BACKOFF_BASE_MS),
  /** Origins, besides the server's own, whose pages may call the API and open sockets. */
  ALLOWED_ORIGINS: originList.default([]),
  /** Host names, besides localhost, IP addresses, HOST and ALLOWED_ORIGINS' hosts, that requests may be sent to (DNS rebinding). */
  ALLOWED_HOSTS: hostList.default([]),
  /**
   * Private hosts alert destinations may be at (docs/protocol.md "Alerts delivery"): host names, IPs
   * or CIDR ranges, comma-separated. Loopback and public addresses need no entry; link-local,
   * metadata and unroutable ones are refused whatever it lists.
   */
  ALERT_ALLOWED_HOSTS: allowedDestinations.default([]),
  /** A request must have fully arrived within this many ms (lib/connectionLimits.ts). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(CONNECTION_LIMITS_DEFAULTS.requestTimeoutMs),
  /** Open connections at most, and from one client address (the latter not behind TRUST_PROXY). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(CONNECTION_LIMITS_DEFAULTS.maxConnections),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(CONNECTION_LIMITS_DEFAULTS.maxConnectionsPerAddress),
  /** Writes a second one signed-in user may keep up (after a burst of 12 seconds' worth); more are 429. */
  WRITE_RATE_LIMIT: z.coerce.number().min(0.1).max(1_000_000).default(WRITE_LIMITS_DEFAULTS.perSecond),
  /** Sockets one session may hold open at once; more are refused. */
  SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(SOCKETS_PER_SESSION_DEFAULT),
  /** A trade is stuck once a step has been pending longer than max(p95 of such steps × STUCK_FACTOR, STUCK_FLOOR_MS). */
  STUCK_FACTOR: z.coerce.number().min(1).max(1000).default(STUCK_FACTOR_DEFAULT),
  STUCK_FLOOR_MS: z.coerce.number().int().min(0).max(7 * 24 * 3600_000).default(STUCK_FLOOR_MS_DEFAULT),
  /** How often pending steps are checked for stuck trades. */
  STUCK_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(STUCK_CHECK_MS_DEFAULT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  NODE_ENV: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Empty variables count as unset, as in most deployment tools. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
