/**
 * The simulator of the trading system (SIM=on): makes a fresh machine's dashboard live and gives
 * browser tests real traffic. Everything it emits goes through the hub; what the console reads
 * back later (brain state, connected services, trades) is stored first. `app.sim` pauses, resumes
 * and re-rates it, for benchmarks and the control route; it is null when the simulator is off.
 */
import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Network } from '../../../src/config/networks.ts';
import type { ConnectedServices, ServerEventName, ServerEventPayload } from '../../../src/contract/index.ts';
import { systemClock } from '../lib/clock.ts';
import { HttpError } from '../lib/httpError.ts';
import { tradeTxId, type TradeTx } from '../db/repos/trades.ts';
import { significant, type OperationUpdate, type QueuedOperation, type SimCatalog, type SimServices, type SimSinks } from './context.ts';
import { BrainStatePublisher } from './brainStatePublisher.ts';
import { Driver } from './driver.ts';
import { createSimulation, type Simulation } from './simulation.ts';
import type { TradeOptions } from './trades.ts';

export interface SimOptions {
  enabled: boolean;
  /** SIM_SEED: the same seed on a fresh database gives the same events. Random when omitted. */
  seed?: number;
  /** SIM_RATE: multiplies every event frequency (1 = a calm live feed). */
  rate?: number;
  /**
   * Benchmarks only (bench/firehose.bench.ts): every newBlock carries the wall-clock ms it was
   * emitted at, as `num = emitMs * 1000 + n`, so the page can tell how long an event took to be
   * painted. Still valid for docs/protocol.md "Server -> client events" (a non-negative integer,
   * increasing per network), but not a real block number. Off unless set (server.ts sets it from
   * SIM_BENCH_STAMP=on).
   */
  stampBlocks?: boolean;
}

/** The emit time a stamped block number carries (see SimOptions.stampBlocks). */
export const stampedBlockMs = (num: number): number => Math.floor(num / BLOCK_STAMP_SCALE);
const BLOCK_STAMP_SCALE = 1000;

export interface SimHandle {
  readonly seed: number;
  readonly rate: number;
  readonly paused: boolean;
  pause(): void;
  resume(): void;
  setRate(rate: number): void;
  /** The network's block head stops for `ms` wall-clock ms (at the current rate), in place of an earlier stall asked for. */
  stall(network: Network, ms: number): void;
  /**
   * Holds the network's balance at `balance`, sent now and in place of every simulated balance of it
   * until released with null (then the random walk goes on). Demos and browser tests of alert rules.
   */
  holdBalance(network: Network, balance: number | null): void;
  /**
   * Sends one trade now; its tradeId, or null when no token can be traded. While workers are stopped
   * it is refused (409), as no trade starts then (§4): a demo or test starts the workers first.
   */
  trade(options?: TradeOptions): string | null;
  /** Quiet or not (Simulation.setQuiet): nothing of the simulation's own happens by chance while quiet. */
  setQuiet(quiet: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sim: SimHandle | null;
  }
}

/** Tokens and bridges edited by admins reach the simulated trades within this. */
const CATALOG_REFRESH_MS = 10_000;
/** Stored trades kept; older ones are pruned every minute. */
const TRADES_KEPT = 10_000;
const PRUNE_EVERY_MS = 60_000;
/** How often the history is read for operators' txs just created, and how many at most at once. */
const OPERATIONS_EVERY_MS = 1000;
const OPERATIONS_READ = 200;
/** The methods of the txs the operations record (routes/txOperations.ts; an operator's sell is manual). */
const OPERATION_METHODS: ReadonlySet<string> = new Set(['refund', 'force', 'manual', 'unlock-nonce']);

function assertRate(rate: number): void {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`simulator rate must be a positive number, got ${rate}`);
}

export default fp<SimOptions>(
  async (app, options) => {
    if (!options.enabled) {
      app.decorate('sim', null);
      return;
    }
    const seed = options.seed ?? randomInt(2 ** 31);
    let rate = options.rate ?? 1;
    assertRate(rate);
    let paused = false;
    let simulation: Simulation | null = null;
    let driver: Driver | null = null;
    const timers: NodeJS.Timeout[] = [];
    const logError = (what: string) => (err: unknown) => app.log.error({ err }, `simulator: ${what}`);

    const stampBlocks = options.stampBlocks ?? false;
    const lastStamp = new Map<string, number>();
    /** Stamps a newBlock's number with now (SimOptions.stampBlocks), keeping it increasing per network. */
    const stamped = <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): ServerEventPayload<E> => {
      if (!stampBlocks || event !== 'newBlock') return payload;
      const block = payload as ServerEventPayload<'newBlock'>;
      // The system clock, not app.clock: the benchmark's page compares it with its own wall clock.
      const num = Math.max(systemClock.now() * BLOCK_STAMP_SCALE, (lastStamp.get(block.network) ?? 0) + 1);
      lastStamp.set(block.network, num);
      return { ...block, num } as ServerEventPayload<E>;
    };

    const heldBalances = new Map<string, number>();
    /** A held balance replaces the simulated one (SimHandle.holdBalance). */
    const held = <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): ServerEventPayload<E> => {
      if (event !== 'balance') return payload;
      const { network } = payload as ServerEventPayload<'balance'>;
      const balance = heldBalances.get(network);
      return balance === undefined ? payload : ({ network, balance } as ServerEventPayload<E>);
    };

    const publisher = new BrainStatePublisher(app);
    // When each service was last heard from (docs/protocol.md "Shapes"): now while it reports, and a
    // service that stops reporting or goes missing was last heard from when it last reported.
    const lastSeen = new Map<string, number>();
    const reported = new Map<string, boolean>();
    const heardFrom = (simulated: SimServices, now: number): ConnectedServices => ({
      numConnected: simulated.numConnected,
      numExpected: simulated.numExpected,
      services: simulated.services.map(({ name, connected, reporting }) => {
        // One that reported until this change was heard from now, as is one reporting now.
        if (reporting || reported.get(name) !== false) lastSeen.set(name, now);
        reported.set(name, reporting);
        return { name, connected, lastSeenAt: lastSeen.get(name) ?? now };
      }),
    });
    // Connected services are written, then announced, one change after the other.
    let servicesWrites: Promise<void> = Promise.resolve();
    let operationWrites: Promise<void> = Promise.resolve();
    const sinks: SimSinks = {
      emit: (event, payload) => app.hub.broadcast(event, held(event, stamped(event, payload))),
      brainChanged: (fields, milestone) => publisher.push(fields, milestone),
      connectedServicesChanged: (simulated) => {
        const value = heardFrom(simulated, app.clock.now());
        servicesWrites = servicesWrites
          .then(async () => {
            await app.store.settings.set('connectedServices', value);
            app.hub.broadcast('connectedServices', value);
          })
          .catch(logError('connected services not published'));
      },
      // The write is queued before the event goes out, so a fetch prompted by the event finds it.
      tradeChanged: (trade) => void app.store.trades.put(trade).catch(logError('trade not stored')),
      // One after the other: an operation's pending is stored before its settling.
      operationChanged: (op, update) => {
        operationWrites = operationWrites.then(() => storeOperation(op, update)).catch(logError('operation not stored'));
      },
    };

    /** An operator's tx as it was sent or settled: its row, or for a sell its trade (whose row follows). */
    const storeOperation = async (op: QueuedOperation, update: OperationUpdate) => {
      const amountOut = (amountIn: number) => (update.outPerIn === undefined ? undefined : significant(amountIn * update.outPerIn, 10));
      const errCode = update.status === 'failed' && update.errCode !== undefined ? { errCode: update.errCode } : {};
      if (op.sell && op.tradeId !== null) {
        const trade = await app.store.trades.get(op.tradeId);
        if (!trade) return;
        const { id: _id, createdAt: _created, updatedAt: _updated, ...draft } = trade;
        const txs = draft.txs.map((leg, i): TradeTx => {
          if (i !== 0) return leg;
          if (update.status === 'pending') return { ...leg, status: 'pending' };
          const out = amountOut(leg.amountIn);
          return { ...leg, status: update.status, success: update.status === 'completed', ...(out === undefined ? {} : { amountOut: out }) };
        });
        await app.store.trades.put({ ...draft, status: update.status, txs, ...errCode });
        return;
      }
      const row = await app.store.txs.get(op.id);
      if (!row) return;
      const { historyKey: _key, ...draft } = row;
      const out = amountOut(row.amountIn);
      await app.store.txs.upsert([
        { ...draft, status: update.status, hash: update.hash, updatedAt: app.clock.now(), ...(out === undefined ? {} : { amountOut: out }), ...errCode },
      ]);
    };

    /**
     * The operators' txs recorded with status created (routes/txOperations.ts, POST /txs/sell) are
     * handed to the simulation, which sends and settles them; read from the history, so those left
     * created by an earlier run are sent too.
     */
    const discoverOperations = async () => {
      if (!simulation) return;
      const { data } = await app.store.txs.list({ filter: { status: 'created' }, sort: 'createdAt', order: 'ASC', offset: 0, limit: OPERATIONS_READ });
      for (const row of data) {
        if (!OPERATION_METHODS.has(row.method)) continue;
        const tradeId = row.tradeId;
        // An operator's sell is its trade's first tx, made through the trades repository.
        const sell = tradeId !== null && row.id === tradeTxId(tradeId, 0) && (await app.store.trades.get(tradeId))?.sell !== undefined;
        driver?.sync();
        simulation?.queueOperation({
          id: row.id,
          tradeId,
          txType: row.txType,
          network: row.network,
          tokenName: row.tokenName,
          amountIn: row.amountIn,
          sell,
        });
      }
    };

    const running = (): Simulation => {
      if (!simulation) throw new Error('the simulator starts when the app is ready');
      driver?.sync();
      return simulation;
    };

    const handle: SimHandle = {
      seed,
      get rate() {
        return rate;
      },
      get paused() {
        return paused;
      },
      pause: () => {
        paused = true;
        driver?.stop();
      },
      resume: () => {
        paused = false;
        driver?.start();
      },
      setRate: (next) => {
        assertRate(next);
        driver?.setRate(next);
        rate = next;
      },
      stall: (network, ms) => running().stall(network, ms * rate),
      holdBalance: (network, balance) => {
        if (balance === null) {
          heldBalances.delete(network);
          return;
        }
        heldBalances.set(network, balance);
        app.hub.broadcast('balance', { network, balance });
      },
      trade: (tradeOptions) => {
        const sim = running();
        if (!sim.workersRunning) throw new HttpError(409, 'workers are stopped: no trade starts until POST /api/workers/start');
        return sim.trade(tradeOptions);
      },
      setQuiet: (quiet) => running().setQuiet(quiet),
    };
    app.decorate('sim', handle);

    // Workers start and stop are the routes' (routes/workers.ts); the route search and the trades
    // follow them, from the stored workersRunning the simulation was created with.
    app.addHook('onResponse', async (request, reply) => {
      if (!simulation || reply.statusCode !== 200) return;
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (route === 'POST /api/workers/start') simulation.workersStarted();
      else if (route === 'POST /api/workers/stop') simulation.workersStopped();
    });

    const loadCatalog = async (): Promise<SimCatalog> => {
      const [tokens, bridges] = await Promise.all([app.store.tokens.list(), app.store.bridges.list()]);
      return { tokens, bridges };
    };

    app.addHook('onReady', async () => {
      const [catalog, brainState, connectedServices, lastSeq] = await Promise.all([
        loadCatalog(),
        app.store.settings.get('brainState'),
        app.store.settings.get('connectedServices'),
        app.store.trades.lastSeq(),
      ]);
      const sim = createSimulation({
        seed,
        brainState,
        connectedServices,
        catalog,
        tradeIdStream: `trade-ids:${lastSeq}`,
        sinks,
      });
      simulation = sim;
      driver = new Driver(rate, (simMs) => sim.advanceTo(simMs), logError('tick failed'));
      if (!paused) driver.start();

      let catalogJson = JSON.stringify(catalog);
      timers.push(
        setInterval(() => {
          loadCatalog()
            .then((next) => {
              const json = JSON.stringify(next);
              if (json === catalogJson) return;
              catalogJson = json;
              sim.setCatalog(next);
            })
            .catch(logError('catalog not refreshed'));
        }, CATALOG_REFRESH_MS),
        setInterval(() => void app.store.trades.prune(TRADES_KEPT).catch(logError('trades not pruned')), PRUNE_EVERY_MS),
        setInterval(() => void discoverOperations().catch(logError('operations not read')), OPERATIONS_EVERY_MS),
      );
      app.log.info({ seed, rate }, 'simulator running');
    });

    app.addHook('onClose', async () => {
      driver?.stop();
      driver = null;
      simulation = null;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await publisher.close();
      await servicesWrites;
      await operationWrites;
    });
  },
  { name: 'sim', dependencies: ['database', 'hub'] },
);
