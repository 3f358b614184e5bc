/**
 * The standalone alerts process: signs in to any backend speaking the wire protocol, listens to its
 * socket like a console, evaluates the shared rules with the same evaluator, and delivers with the
 * same dispatcher; destinations come from a config file, delivery state (what fires, the delivery
 * log) from a local SQLite file.
 *
 *   npm run alerts -- --backend https://console.example --key <access key> --config alerts.config.json
 *
 * The key may come from ALERTS_KEY instead of --key (kept out of the process list).
 */
import { readFileSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import { ALERT_EVALUATE_MS } from '../../../src/config/alerts.ts';
import { DestinationInput } from '../../../src/contract/alertDelivery.ts';
import { eventCachePayloads, isServerEventName, LoginResponse, ServerEvents, summarizeIssues } from '../../../src/contract/index.ts';
import { z } from '../../../src/contract/zod.ts';
import { Gate } from '../db/gate.ts';
import { systemClock } from '../lib/clock.ts';
import { applyAlertsTables } from '../db/migrations.ts';
import { allowListOf, judgeUrl, parseAllowedHosts, refusedText } from '../../../src/domain/addressPolicy.ts';
import { preparePrivateDatabaseFile } from '../db/store.ts';
import { DELIVERY_TIMINGS_DEFAULT, Dispatcher, type DeliveryTimings } from './dispatcher.ts';
import { destinationPolicy } from './outbound.ts';
import { AlertEvaluator } from './evaluator.ts';
import { rulesOf } from './plugin.ts';
import { sqliteAlertRepo, type StoredDestination } from './repo.ts';

/**
 * The config file: the destinations (each with its id), and where the delivery state is kept. Its
 * destinations are held to the destination policy as the server's are (docs/protocol.md "Alerts
 * delivery"): one at a refused address stops the process at start, naming it.
 */
export const StandaloneConfig = z
  .object({
    destinations: z.array(DestinationInput.required({ id: true })).max(20),
    dataFile: z.string().min(1).default('alerts-state.db'),
    /** The console's address: each message links to its /alerts/{id}. */
    link: z.string().optional(),
    /** The private hosts, IPs and CIDR ranges destinations may be at, as the server's ALERT_ALLOWED_HOSTS. */
    allowedHosts: z
      .array(z.string())
      .default([])
      .transform((entries, ctx) => {
        try {
          return parseAllowedHosts(entries.join(','));
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
          return z.NEVER;
        }
      }),
  })
  .strict()
  .superRefine((config, ctx) => {
    const allow = allowListOf(config.allowedHosts);
    config.destinations.forEach((destination, i) => {
      for (const field of ['url', 'apiBase'] as const) {
        const value = destination[field];
        const judgement = value === undefined ? ({ allowed: true } as const) : judgeUrl(value, allow);
        if (!judgement.allowed) ctx.addIssue({ code: 'custom', path: ['destinations', i, field], message: refusedText(judgement.reason) });
      }
    });
  });
export type StandaloneConfig = z.infer<typeof StandaloneConfig>;

export interface StandaloneOptions {
  backend: string;
  key: string;
  config: StandaloneConfig;
  evaluateEveryMs?: number;
  timings?: Partial<DeliveryTimings>;
  log?: (message: string) => void;
}

/** docs/protocol.md "Socket connection": the client pings every 4500 ms. */
const PING_MS = 4500;
/** A backend sending the same malformed event many times a second gets one log line per event name per minute. */
const MALFORMED_LOG_EVERY_MS = 60_000;

/**
 * The payload as the contract defines it, or null: any backend may send anything, and what the
 * agent passes on is read as typed (a text where a number belongs crashed it once). Events the
 * contract does not name are not the agent's business.
 */
export function checkedPayload(event: string, payload: unknown): { ok: true; payload: unknown } | { ok: false; reason: string } | null {
  if (!isServerEventName(event)) return null;
  const parsed = ServerEvents[event].safeParse(payload);
  // Worded as the console's socket layer words a malformed event.
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, reason: summarizeIssues(parsed.error) };
}

async function signIn(backend: string, key: string): Promise<string> {
  const response = await fetch(new URL('/api/login', backend), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey: key }),
  });
  if (!response.ok) throw new Error(`sign-in to ${backend} refused: ${response.status}`);
  return LoginResponse.parse(await response.json()).token;
}

export async function startStandalone(options: StandaloneOptions) {
  const log = options.log ?? ((message: string) => console.log(message));
  // Its state names the alerts and the delivery log holds their texts: only this user reads it.
  preparePrivateDatabaseFile(options.config.dataFile);
  const db = new BetterSqlite3(options.config.dataFile);
  db.pragma('journal_mode = WAL');
  applyAlertsTables(db);
  const repo = sqliteAlertRepo(db, new Gate(db));
  const { now } = systemClock;
  const dispatcher = new Dispatcher({
    repo,
    now,
    timings: { ...DELIVERY_TIMINGS_DEFAULT, ...options.timings },
    policy: destinationPolicy(options.config.allowedHosts),
    onError: (err, destinationId) => log(`delivery bookkeeping to ${destinationId} failed: ${String(err)}`),
  });
  dispatcher.setDestinations(options.config.destinations as StoredDestination[]);
  await dispatcher.resume();
  const evaluator = new AlertEvaluator({ repo, dispatcher, now, publicUrl: options.config.link, onError: (err) => log(`alert state not kept: ${String(err)}`) });
  await evaluator.load();

  const token = await signIn(options.backend, options.key);
  const socket: Socket = io(options.backend, {
    auth: { token },
    query: { events: Object.keys(ServerEvents).join(',') },
    transports: ['websocket'],
  });
  const lastMalformedLog = new Map<string, number>();
  /** One event, checked against the contract; a malformed one is logged (at most once a minute per name) and dropped. */
  const take = (event: string, payload: unknown) => {
    const checked = checkedPayload(event, payload);
    if (checked === null) return;
    if (!checked.ok) {
      const at = now();
      if (at - (lastMalformedLog.get(event) ?? -Infinity) >= MALFORMED_LOG_EVERY_MS) {
        lastMalformedLog.set(event, at);
        log(`dropped a malformed ${event} event (${checked.reason})`);
      }
      return;
    }
    try {
      if (event === 'miscSettingsUpdateDone') evaluator.setRules(rulesOf(checked.payload));
      evaluator.onEvent(event, checked.payload);
    } catch (err) {
      log(`event ${event} not applied: ${String(err)}`);
    }
  };
  // init is read piece by piece: a backend whose init differs elsewhere still gives its rules and state.
  socket.on('init', (payload: unknown) => {
    const init = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    evaluator.setRules(rulesOf(init.miscSettings));
    if (init.brainState !== undefined) take('brainState', init.brainState);
    if (init.connectedServices !== undefined) take('connectedServices', init.connectedServices);
  });
  socket.on('eventCache', (cache: unknown) => {
    if (typeof cache !== 'object' || cache === null || Array.isArray(cache)) return void log('dropped a malformed eventCache event (not an object)');
    for (const [event, value] of Object.entries(cache)) {
      if (!isServerEventName(event) || event === 'init' || event === 'eventCache') continue;
      for (const payload of eventCachePayloads(event, value)) take(event, payload);
    }
  });
  socket.onAny((event: string, payload: unknown) => {
    if (event === 'init' || event === 'eventCache') return;
    take(event, payload);
  });
  // A session that ends (stopReconnect, or refused on reconnect) is signed in again.
  const renew = async () => {
    try {
      socket.auth = { token: await signIn(options.backend, options.key) };
      socket.connect();
    } catch (err) {
      log(String(err));
      setTimeout(() => void renew(), 30_000).unref();
    }
  };
  socket.on('stopReconnect', () => void renew());
  socket.on('connect_error', (err) => {
    if (err.message === 'unauthorized') void renew();
  });
  socket.on('connect', () => log(`listening to ${options.backend}`));

  const ping = setInterval(() => socket.emit('ping', {}), PING_MS);
  const every = options.evaluateEveryMs ?? ALERT_EVALUATE_MS;
  const tick = setInterval(() => {
    try {
      evaluator.evaluate();
    } catch (err) {
      // Under Restart=always an exit would loop; the next tick tries again.
      log(`evaluation failed: ${String(err)}`);
    }
  }, every);
  return {
    evaluator,
    dispatcher,
    async close() {
      clearInterval(ping);
      clearInterval(tick);
      socket.close();
      await dispatcher.close();
      await evaluator.settled();
      db.close();
    },
  };
}

function argument(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The command line: --backend, --key (or ALERTS_KEY), --config. */
export async function main(args: readonly string[]): Promise<void> {
  const backend = argument(args, 'backend');
  const key = argument(args, 'key') ?? process.env.ALERTS_KEY;
  const configFile = argument(args, 'config') ?? 'alerts.config.json';
  if (!backend || !key) throw new Error('usage: npm run alerts -- --backend https://… --key <access key> [--config alerts.config.json]');
  const config = StandaloneConfig.parse(JSON.parse(readFileSync(configFile, 'utf8')));
  // The config holds the destinations' secrets: say so when others can read it (the agent cannot fix a file it did not create).
  if ((statSync(configFile).mode & 0o077) !== 0) console.warn(`${configFile} is readable by other users: chmod 600 ${configFile} (it holds the destinations' secrets)`);
  const running = await startStandalone({ backend, key, config });
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
