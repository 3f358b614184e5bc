/** The simulation itself, without timers: simulated time moves only when the test says so. */
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../src/config/enums.ts';
import { staleThresholdMs } from '../../src/config/networks.ts';
import { ServerEvents, Trade, type BrainState, type ServerEventName } from '../../src/contract/index.ts';
import { poolKey } from '../../src/domain/keys.ts';
import { DEMO_BRAIN_STATE, DEMO_BRIDGES, DEMO_CONNECTED_SERVICES, DEMO_TOKENS } from '../../server/src/db/demoData.ts';
import { TradeDraft } from '../../server/src/db/repos/trades.ts';
import type { SimBrain, SimServices } from '../../server/src/sim/context.ts';
import type { OperationUpdate, QueuedOperation } from '../../server/src/sim/context.ts';
import { MIN_HEAD_INTERVAL_MS, SIM_NETWORKS, SLOW_STEP_MAX_MS, SLOW_STEP_MIN_MS, SLOW_TRADE_RATE } from '../../server/src/sim/profiles.ts';
import { createSimulation, type Simulation } from '../../server/src/sim/simulation.ts';

interface Emitted {
  at: number;
  event: ServerEventName;
  payload: unknown;
}

interface Run {
  sim: Simulation;
  events: Emitted[];
  brain: { at: number; fields: SimBrain; milestone: boolean }[];
  trades: TradeDraft[];
  /** The simulated time of each write of `trades`. */
  tradeTimes: number[];
  services: SimServices[];
  operations: { at: number; op: QueuedOperation; update: OperationUpdate }[];
  of(event: ServerEventName): Emitted[];
}

/** The seeded brain state with workers running: trades flow (the seed itself has them stopped). */
const WORKERS_RUNNING: BrainState = { ...DEMO_BRAIN_STATE, workersRunning: true, workersStartedBy: 'admin' };

function simulate(seed: number, simMs = 0, brainState: BrainState = WORKERS_RUNNING): Run {
  const events: Emitted[] = [];
  const brain: Run['brain'] = [];
  const trades: TradeDraft[] = [];
  const tradeTimes: number[] = [];
  const services: SimServices[] = [];
  const operations: Run['operations'] = [];
  // Output during construction (the first brain state) happens at simulated time 0.
  const built: { sim?: Simulation } = {};
  const now = () => built.sim?.now ?? 0;
  const sim = createSimulation({
    seed,
    brainState,
    connectedServices: DEMO_CONNECTED_SERVICES,
    catalog: { tokens: DEMO_TOKENS, bridges: DEMO_BRIDGES },
    tradeIdStream: 'trade-ids:0',
    sinks: {
      emit: (event, payload) => events.push({ at: now(), event, payload }),
      brainChanged: (fields, milestone) => brain.push({ at: now(), fields, milestone }),
      connectedServicesChanged: (value) => services.push(value),
      tradeChanged: (trade) => {
        trades.push(trade);
        tradeTimes.push(now());
      },
      operationChanged: (op, update) => operations.push({ at: now(), op, update }),
    },
  });
  built.sim = sim;
  sim.advanceTo(simMs);
  return { sim, events, brain, trades, tradeTimes, services, operations, of: (event) => events.filter((e) => e.event === event) };
}

const MINUTE = 60_000;

describe('simulator: determinism (SIM_SEED)', () => {
  it('the same seed gives the same first events, brain states and trades', () => {
    const a = simulate(7, 2 * MINUTE);
    const b = simulate(7, 2 * MINUTE);
    expect(a.events.length).toBeGreaterThan(1000);
    expect(b.events.slice(0, 1000)).toEqual(a.events.slice(0, 1000));
    expect(b.brain).toEqual(a.brain);
    expect(b.trades).toEqual(a.trades);
  });

  it('another seed gives other events', () => {
    const a = simulate(7, MINUTE);
    const b = simulate(8, MINUTE);
    expect(b.events.slice(0, 50)).not.toEqual(a.events.slice(0, 50));
  });

  it('an extra trade from the control route leaves block heads and gas untouched', () => {
    const a = simulate(7, 30_000);
    const b = simulate(7, 10_000);
    b.sim.trade({ fail: true });
    b.sim.advanceTo(30_000);
    const chainEvents = (run: Run) => run.events.filter((e) => ['newBlock', 'gas', 'balance'].includes(e.event));
    expect(chainEvents(b)).toEqual(chainEvents(a));
  });
});

describe('simulator: output', () => {
  const run = simulate(1, 30 * MINUTE);

  it('Server -> client events (protocol): every emitted payload parses with its contract schema, and every kind of feed appears', () => {
    for (const { event, payload } of run.events) {
      const parsed = ServerEvents[event].safeParse(payload);
      expect(parsed.success, `${event} ${JSON.stringify(payload)}`).toBe(true);
    }
    const kinds = new Set(run.events.map((e) => e.event));
    expect([...kinds].sort()).toEqual(
      [
        'newBlock', 'gas', 'balance', 'secondBalance', 'workerIterationResult', 'workerIterationError',
        'checkerAddResults', 'checkerDeleteResults', 'workerStats', 'analytics', 'events', 'lpStats',
        'eventerStats', 'txSent', 'txConfirmed', 'notify', 'sound',
      ].sort(),
    );
    for (const { fields } of run.brain) expect(ServerEvents.brainState.partial().safeParse(fields).success).toBe(true);
  });

  it('SIM_RATE=1 is a calm live feed: about 25 events per simulated second', () => {
    const perSecond = run.events.length / (30 * 60);
    expect(perSecond).toBeGreaterThan(12);
    expect(perSecond).toBeLessThan(30);
  });

  it('§9 block heads: about ten networks, rising numbers, realistic pace, at most one head a second', () => {
    const heads = run.of('newBlock').map((e) => ({ at: e.at, ...ServerEvents.newBlock.parse(e.payload) }));
    expect(new Set(heads.map((h) => h.network)).size).toBe(SIM_NETWORKS.length);
    expect(SIM_NETWORKS.length).toBeGreaterThanOrEqual(10);
    for (const { network, blockMs } of SIM_NETWORKS) {
      const mine = heads.filter((h) => h.network === network);
      for (let i = 1; i < mine.length; i++) {
        const [prev, cur] = [mine[i - 1]!, mine[i]!];
        expect(cur.num).toBeGreaterThan(prev.num);
        expect(cur.at - prev.at).toBeGreaterThanOrEqual(MIN_HEAD_INTERVAL_MS * 0.9 - 1);
      }
      const first = mine[0]!;
      const last = mine.at(-1)!;
      const pace = (last.at - first.at) / (last.num - first.num);
      expect(pace / blockMs, network).toBeGreaterThan(0.8);
      expect(pace / blockMs, network).toBeLessThan(1.25);
    }
  });

  it('§9 a stall now and then makes a network silent for longer than its threshold, then the head catches up', () => {
    const long = simulate(3, 3 * 60 * MINUTE);
    const heads = long.of('newBlock').map((e) => ({ at: e.at, ...ServerEvents.newBlock.parse(e.payload) }));
    let stalledNetworks = 0;
    for (const { network, blockMs } of SIM_NETWORKS) {
      const mine = heads.filter((h) => h.network === network);
      const gaps = mine.slice(1).map((cur, i) => ({ ms: cur.at - mine[i]!.at, blocks: cur.num - mine[i]!.num }));
      const stalls = gaps.filter((g) => g.ms > staleThresholdMs(network));
      if (stalls.length > 0) stalledNetworks += 1;
      for (const stall of stalls) expect(stall.blocks).toBeGreaterThanOrEqual(Math.floor((stall.ms / blockMs) * 0.8));
    }
    expect(stalledNetworks).toBeGreaterThanOrEqual(SIM_NETWORKS.length - 2);
  });

  it('gas and balances are positive, of realistic magnitude; two secondary wallets are watched', () => {
    for (const { payload } of run.of('gas')) {
      const { network, gasEstimate } = ServerEvents.gas.parse(payload);
      const typical = SIM_NETWORKS.find((p) => p.network === network)!.gasGwei;
      expect(gasEstimate).toBeGreaterThan(typical / 20);
      expect(gasEstimate).toBeLessThan(typical * 20);
    }
    for (const { payload } of run.of('balance')) expect(ServerEvents.balance.parse(payload).balance).toBeGreaterThan(0);
    const addresses = new Set(run.of('secondBalance').map((e) => ServerEvents.secondBalance.parse(e.payload).address));
    expect(addresses.size).toBe(2);
  });

  it('§5 iteration results are keyed TOKEN_networkA_networkB_lp with the networks sorted', () => {
    for (const { payload } of run.of('workerIterationResult')) {
      const result = payload as { key: string; tokenName: string; networkBuy: string; networkSell: string };
      expect(result.key).toBe(poolKey(result.tokenName, result.networkBuy, result.networkSell));
      const [, a, b] = /^.+_([A-Za-z]+)_([A-Za-z]+)_lp$/.exec(result.key) ?? [];
      expect([a, b]).toEqual([a, b].sort());
    }
  });

  it('§4 most iterations repeat a pool\'s last result, so an open quote panel refetches only now and then', () => {
    const results = run.of('workerIterationResult').map((r) => r.payload as { key: string });
    const last = new Map<string, string>();
    let changes = 0;
    for (const result of results) {
      const text = JSON.stringify(result);
      if (last.get(result.key) !== text) changes += 1;
      last.set(result.key, text);
    }
    expect(changes / results.length).toBeLessThan(0.15);
  });

  it('§4 checker results are added, then deleted by iterId', () => {
    const added = run.of('checkerAddResults').map((e) => ServerEvents.checkerAddResults.parse(e.payload).iterId);
    const deleted = run.of('checkerDeleteResults').map((e) => ServerEvents.checkerDeleteResults.parse(e.payload).iterId);
    expect(new Set(added).size).toBe(added.length);
    expect(deleted.every((id) => added.includes(id))).toBe(true);
    expect(deleted.length).toBeGreaterThanOrEqual(added.length - 2);
  });

  it('the statistics strings are JSON text', () => {
    for (const event of ['workerStats', 'analytics', 'events', 'lpStats', 'eventerStats'] as const) {
      const texts = run.of(event).map((e) => ServerEvents[event].parse(e.payload));
      expect(texts.length, event).toBeGreaterThan(100);
      expect(() => JSON.parse(texts.at(-1)!), event).not.toThrow();
    }
  });
});

const confirmedTradeIdOf = (e: Emitted) => Object.values(ServerEvents.txConfirmed.parse(e.payload).txs)[0]?.tradeId;

describe('simulator: trades', () => {
  const run = simulate(5, 4 * 60 * MINUTE);
  const sent = run.of('txSent').map((e) => ({ at: e.at, ...ServerEvents.txSent.parse(e.payload) }));
  const confirmed = run.of('txConfirmed').map((e) => ({ at: e.at, ...ServerEvents.txConfirmed.parse(e.payload) }));
  const tradeIdOf = (c: (typeof confirmed)[number]) => Object.values(c.txs)[0]?.tradeId;

  it('§7 txSent names a seeded token and bridge; txConfirmed follows 2 to 8 s later with the same tradeId (minutes for the few with a slow step)', () => {
    expect(sent.length).toBeGreaterThan(1000);
    const tokens = new Set(DEMO_TOKENS.map((t) => t.tokenName));
    const bridges = new Set(DEMO_BRIDGES.map((b) => b.bridgeName));
    for (const trade of sent) {
      expect(tokens).toContain(trade.tokenName);
      expect(bridges).toContain(trade.bridge.name);
      expect(trade.networkBuy).not.toBe(trade.networkSell);
      expect(trade.txTypes).toContain('Sell');
    }
    const sentAt = new Map(sent.map((s) => [s.tradeId, s.at]));
    let slow = 0;
    for (const c of confirmed) {
      const tradeId = tradeIdOf(c)!;
      const delay = c.at - sentAt.get(tradeId)!;
      expect(delay).toBeGreaterThanOrEqual(2000);
      if (delay > 8000) {
        expect(delay).toBeGreaterThanOrEqual(SLOW_STEP_MIN_MS);
        expect(delay).toBeLessThanOrEqual(SLOW_STEP_MAX_MS + 8000);
        slow += 1;
      }
      for (const tx of Object.values(c.txs)) expect(tx.tradeId).toBe(tradeId);
    }
    expect(slow).toBeGreaterThan(0);
    expect(slow / confirmed.length).toBeLessThan(2 * SLOW_TRADE_RATE);
  });

  it('Trades (protocol): each trade is stored step by step, each tx pending when sent and settled before the next is sent', () => {
    const writes = new Map<string, TradeDraft[]>();
    for (const draft of run.trades) writes.set(draft.tradeId, [...(writes.get(draft.tradeId) ?? []), draft]);
    for (const c of confirmed) {
      const drafts = writes.get(tradeIdOf(c)!)!;
      const final = drafts.at(-1)!;
      const sentSteps = drafts.slice(0, -1);
      expect(final.status).not.toBe('pending');
      expect(final.txs.map((tx) => tx.txType)).toEqual(final.txTypes);
      sentSteps.forEach((draft, i) => {
        expect(draft.status).toBe('pending');
        expect(draft.txs).toHaveLength(i + 1);
        expect(draft.txs.slice(0, i).every((tx) => tx.status === 'completed')).toBe(true);
        expect(draft.txs[i]).toMatchObject({ status: 'pending', txType: final.txTypes[i] });
      });
      expect(sentSteps.length).toBe(final.status === 'failed' ? final.txs.findIndex((tx) => tx.status === 'failed') + 1 : final.txs.length);
    }
  });

  it('§8 about 15 % fail, most with an errCode within 0..41; some sells succeed with expectedProfit >= 0.5', () => {
    const failed = confirmed.filter((c) => Object.values(c.txs).some((tx) => !tx.success));
    expect(failed.length / confirmed.length).toBeGreaterThan(0.1);
    expect(failed.length / confirmed.length).toBeLessThan(0.2);
    const codes = confirmed.flatMap((c) => (c.errCode === undefined || c.errCode === null ? [] : [c.errCode]));
    expect(codes.length).toBeGreaterThan(failed.length / 2);
    for (const code of codes) expect(code >= 0 && code <= 41).toBe(true);
    expect(confirmed.filter((c) => c.errCode !== undefined).every((c) => failed.includes(c))).toBe(true);
    const goodSells = confirmed.flatMap((c) => Object.values(c.txs)).filter((tx) => tx.txType === 'Sell' && tx.success && tx.expectedProfit >= 0.5);
    expect(goodSells.length).toBeGreaterThan(100);
  });

  it('§9 the stored trade agrees with txConfirmed: its amountIn sums to the capital the sell returns with profit', () => {
    const final = new Map(run.trades.map((t) => [t.tradeId, t]));
    for (const c of confirmed) {
      const trade = final.get(tradeIdOf(c)!)!;
      expect(Trade.safeParse(trade).success).toBe(true);
      expect(trade.status).toBe(Object.values(c.txs).every((tx) => tx.success) ? 'completed' : 'failed');
      const sell = Object.values(c.txs).find((tx) => tx.txType === 'Sell' && tx.success);
      if (!sell) continue;
      const amountIn = trade.txs.reduce((sum, tx) => sum + tx.amountIn, 0);
      const gain = sell.amountOut - amountIn;
      expect(gain).toBeGreaterThanOrEqual(sell.expectedProfit * 0.6 - 0.01);
      expect(gain).toBeLessThanOrEqual(sell.expectedProfit * 1.3 + 0.01);
    }
  });

  it('Trades (protocol), SIM_SEED: within a 15-minute demo a step is slow (minutes pending, then it moves on), the same for the same seed', () => {
    /** Each tx's time pending: from the write that sent it to the one that settled it. */
    const slowSteps = (r: Run) => {
      const sentAt = new Map<string, number>();
      const slow: { tradeId: string; txType: string; pendingMs: number }[] = [];
      for (const [i, draft] of r.trades.entries()) {
        const at = r.tradeTimes[i]!;
        for (const tx of draft.txs) {
          if (tx.status === 'pending' && !sentAt.has(tx.txId)) sentAt.set(tx.txId, at);
          const since = sentAt.get(tx.txId);
          if (tx.status !== 'pending' && since !== undefined) {
            sentAt.delete(tx.txId);
            if (at - since >= SLOW_STEP_MIN_MS) slow.push({ tradeId: draft.tradeId, txType: tx.txType, pendingMs: at - since });
          }
        }
      }
      return slow;
    };
    const demo = simulate(3, 15 * MINUTE);
    const slow = slowSteps(demo);
    expect(slow.length).toBeGreaterThan(0);
    for (const step of slow) expect(step.pendingMs).toBeLessThanOrEqual(SLOW_STEP_MAX_MS);
    expect(slowSteps(simulate(3, 15 * MINUTE))).toEqual(slow);
    // Asked for (the control route), a trade is quick unless told to be slow.
    const asked = simulate(9);
    asked.sim.trade({ slow: true });
    asked.sim.trade({ fail: false });
    asked.sim.advanceTo(SLOW_STEP_MAX_MS + MINUTE);
    const [slowOne, quickOne] = asked.of('txSent').map((e) => ServerEvents.txSent.parse(e.payload).tradeId);
    const mine = (tradeId: string | undefined) => tradeId === slowOne || tradeId === quickOne;
    expect(slowSteps(asked).map((step) => step.tradeId).filter(mine)).toEqual([slowOne]);
    expect(asked.of('txConfirmed').map(confirmedTradeIdOf).filter(mine)).toEqual([quickOne, slowOne]);
  });

  it('a forced failure carries the given errCode', () => {
    const forced = simulate(9);
    forced.sim.trade({ errCode: 17 });
    forced.sim.advanceTo(8001);
    const tradeId = ServerEvents.txSent.parse(forced.of('txSent')[0]!.payload).tradeId;
    const mine = forced.of('txConfirmed').map((e) => ServerEvents.txConfirmed.parse(e.payload)).find((c) => Object.values(c.txs)[0]?.tradeId === tradeId);
    expect(mine?.errCode).toBe(17);
  });
});

describe('simulator: trades follow the workers (§4)', () => {
  const tradeIdsSent = (run: Run) => run.of('txSent').map((e) => ServerEvents.txSent.parse(e.payload).tradeId);
  const confirmedTradeId = (e: Emitted) => Object.values(ServerEvents.txConfirmed.parse(e.payload).txs)[0]?.tradeId;
  /** Stopped as seeded for a minute, started for two, then stopped right after a trade is sent. */
  function startAndStop(seed: number) {
    const run = simulate(seed, MINUTE, DEMO_BRAIN_STATE);
    run.sim.workersStarted();
    run.sim.advanceTo(3 * MINUTE);
    const sent = tradeIdsSent(run).length;
    // Step on until a trade has just been sent: it is in flight when the workers stop.
    for (let at = run.sim.now; tradeIdsSent(run).length === sent; at += 100) run.sim.advanceTo(at);
    const stoppedAt = run.sim.now;
    run.sim.workersStopped();
    // Long enough for a trade with a slow step to end too.
    run.sim.advanceTo(stoppedAt + SLOW_STEP_MAX_MS + MINUTE);
    return { run, stoppedAt };
  }

  it('§4 workers stopped as seeded: over a simulated minute no txSent and no new pending buy; the control trade starts none; the rest of the feed goes on', () => {
    expect(DEMO_BRAIN_STATE.workersRunning).toBe(false);
    const run = simulate(12, MINUTE, DEMO_BRAIN_STATE);
    expect(run.sim.workersRunning).toBe(false);
    expect(run.of('txSent')).toEqual([]);
    expect(run.trades).toEqual([]);
    expect(run.sim.trade({ errCode: 17 })).toBeNull();
    run.sim.advanceTo(2 * MINUTE);
    expect(run.of('txSent')).toEqual([]);
    expect(run.of('txConfirmed')).toEqual([]);
    expect(run.trades).toEqual([]);
    expect(run.of('newBlock').length).toBeGreaterThan(100);
    expect(run.of('workerIterationResult').length).toBeGreaterThan(100);
  });

  it('§4 after a start trades flow; after a stop the trades in flight still confirm and no new one starts', () => {
    const { run, stoppedAt } = startAndStop(12);
    expect(run.sim.workersRunning).toBe(false);
    const sent = tradeIdsSent(run);
    expect(sent.length).toBeGreaterThan(5);
    expect(run.of('txSent').every((e) => e.at > MINUTE && e.at <= stoppedAt)).toBe(true);
    // The last trade was sent at the stop; its confirmation, and every other, comes all the same.
    expect(run.of('txConfirmed').filter((e) => e.at > stoppedAt).map(confirmedTradeId)).toContain(sent.at(-1));
    expect(run.of('txConfirmed').map(confirmedTradeId).sort()).toEqual([...sent].sort());
    // Pending trades are written as each step is sent, only of the trades sent, so none was added after the stop.
    expect([...new Set(run.trades.filter((trade) => trade.status === 'pending').map((trade) => trade.tradeId))]).toEqual(sent);
    expect(run.trades.at(-1)?.status).not.toBe('pending');
    expect(run.sim.trade()).toBeNull();
  });

  it('SIM_SEED the same seed with starts and stops at the same simulated times gives the same trades', () => {
    const a = startAndStop(13);
    const b = startAndStop(13);
    expect(b.stoppedAt).toBe(a.stoppedAt);
    expect(b.run.of('txSent')).toEqual(a.run.of('txSent'));
    expect(b.run.of('txConfirmed')).toEqual(a.run.of('txConfirmed'));
    expect(b.run.trades).toEqual(a.run.trades);
  });
});

describe('simulator: brain state', () => {
  it('§4 a workers start runs the route search: running with progress 0 → 100 over about 5 s, then not running', () => {
    const run = simulate(2, 10_000);
    const from = run.brain.length;
    run.sim.workersStarted();
    run.sim.advanceTo(20_000);
    const search = run.brain.slice(from);
    expect(search[0]).toMatchObject({ milestone: true, fields: { routeSearchRunning: true, routeSearchProgress: 0 } });
    const progress = search.filter((b) => b.fields.routeSearchRunning).map((b) => b.fields.routeSearchProgress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const full = search.find((b) => b.fields.routeSearchProgress === 100)!;
    expect(full).toMatchObject({ milestone: true, fields: { routeSearchRunning: true } });
    expect(full.at - 10_000).toBeGreaterThanOrEqual(4500);
    expect(full.at - 10_000).toBeLessThanOrEqual(5500);
    const done = search.find((b) => !b.fields.routeSearchRunning)!;
    expect(done).toMatchObject({ milestone: true, fields: { routeSearchProgress: 100 } });
    expect(done.at).toBeGreaterThan(full.at);
    expect(search.at(-1)!.fields.routeSearchRunning).toBe(false);
  });

  it('§4 a workers stop during the search ends it', () => {
    const run = simulate(2, 1000);
    run.sim.workersStarted();
    run.sim.advanceTo(2000);
    run.sim.workersStopped();
    run.sim.advanceTo(10_000);
    expect(run.brain.at(-1)?.fields.routeSearchRunning).toBe(false);
    expect(run.brain.some((b) => b.fields.routeSearchProgress === 100)).toBe(false);
  });

  it('§4 prices drift, a peer drops to 0 for a while, and one service goes missing now and then', () => {
    const run = simulate(4, 60 * MINUTE);
    const eth = run.brain.map((b) => b.fields.nativePriceUSD.ETH!);
    expect(new Set(eth).size).toBeGreaterThan(100);
    for (const price of eth) expect(price / DEMO_BRAIN_STATE.wethPriceUSD).toBeGreaterThan(0.5);
    for (const b of run.brain) expect(b.fields.wethPriceUSD).toBe(b.fields.nativePriceUSD.ETH);
    const peerCounts = run.brain.flatMap((b) => [...Object.values(b.fields.txPeerStatus), ...Object.values(b.fields.zmqPeerStatus)]);
    expect(peerCounts).toContain(0);
    expect(run.brain.at(-1)!.fields.txPeerStatus).toEqual(DEMO_BRAIN_STATE.txPeerStatus);
    const drops = run.services.filter((s) => s.numConnected < DEMO_CONNECTED_SERVICES.numExpected);
    expect(drops.length).toBeGreaterThan(2);
    // A missing service is named: the one not connected, and the count agrees.
    for (const drop of drops) expect(drop.services.filter((s) => !s.connected).length).toBe(drop.numExpected - drop.numConnected);
    const last = run.services.at(-1);
    expect({ numConnected: last?.numConnected, numExpected: last?.numExpected }).toEqual(DEMO_CONNECTED_SERVICES);
  });

  it('§4 the services are named, report in every 10 s, and one now and then stays connected but silent', () => {
    const run = simulate(4, 60 * MINUTE);
    expect(run.services[0]?.services.map((s) => s.name)).toEqual([...SERVICES]);
    // Reports come at least every 10 s of simulated time: 60 min gives 360 and more.
    expect(run.services.length).toBeGreaterThanOrEqual(360);
    const silent = run.services.flatMap((s) => s.services.filter((service) => service.connected && !service.reporting));
    expect(silent.length).toBeGreaterThan(0);
    expect(run.services.at(-1)?.services.every((s) => s.connected && s.reporting)).toBe(true);
  });

  it('a state left half-done by an earlier run (search running, a peer at 0) is put right at start', () => {
    const events: { fields: SimBrain; milestone: boolean }[] = [];
    createSimulation({
      seed: 1,
      brainState: { ...DEMO_BRAIN_STATE, routeSearchRunning: true, txPeerStatus: { 'tx-eu-1': 0 } },
      connectedServices: { numConnected: 7, numExpected: 8 },
      catalog: { tokens: [], bridges: [] },
      tradeIdStream: 'x',
      sinks: {
        emit: () => undefined,
        brainChanged: (fields, milestone) => events.push({ fields, milestone }),
        connectedServicesChanged: () => undefined,
        tradeChanged: () => undefined,
        operationChanged: () => undefined,
      },
    });
    expect(events[0]).toMatchObject({ milestone: true, fields: { routeSearchRunning: false, txPeerStatus: { 'tx-eu-1': 2 } } });
  });
});

describe('simulator: quiet (the control\'s quiet, for browser tests)', () => {
  const networkOf = (e: Emitted) => ServerEvents.newBlock.parse(e.payload).network;
  const sentTradeId = (e: Emitted) => ServerEvents.txSent.parse(e.payload).tradeId;

  it('quiet: no trade of its own, no stall, outage, notice or sound, every operator\'s tx completes; a trade asked for still starts and the feeds go on; not quiet, all of it again', () => {
    const run = simulate(4, 10 * MINUTE);
    run.sim.setQuiet(true);
    const quietAt = run.sim.now;
    const [eventsFrom, brainFrom, servicesFrom] = [run.events.length, run.brain.length, run.services.length];
    const ops = Array.from({ length: 30 }, (_, i): QueuedOperation => ({
      id: `quiet-op-${i}`, tradeId: null, txType: 'TransferNative', network: 'Base', tokenName: 'ETH', amountIn: 1, sell: false,
    }));
    for (const op of ops) run.sim.queueOperation(op);
    const asked = run.sim.trade({ fail: false });
    expect(asked).not.toBeNull();
    run.sim.advanceTo(quietAt + 60 * MINUTE);

    const quiet = run.events.slice(eventsFrom);
    expect(quiet.filter((e) => e.event === 'notify' || e.event === 'sound')).toEqual([]);
    expect(new Set(quiet.filter((e) => e.event === 'txSent').map(sentTradeId))).toEqual(new Set([asked, ...ops.map((op) => op.id)]));
    const settled = run.operations.filter((o) => o.op.id.startsWith('quiet-op-') && o.update.status !== 'pending');
    expect(settled.map((o) => o.update.status)).toEqual(ops.map(() => 'completed'));
    for (const { fields } of run.brain.slice(brainFrom)) {
      for (const count of [...Object.values(fields.txPeerStatus), ...Object.values(fields.zmqPeerStatus)]) expect(count).toBeGreaterThan(0);
    }
    for (const report of run.services.slice(servicesFrom)) {
      expect({ numConnected: report.numConnected, numExpected: report.numExpected }).toEqual(DEMO_CONNECTED_SERVICES);
      expect(report.services.every((s) => s.connected && s.reporting)).toBe(true);
    }
    // No head is silent past its threshold, and every feed goes on.
    for (const { network } of SIM_NETWORKS) {
      const heads = quiet.filter((e) => e.event === 'newBlock' && networkOf(e) === network).map((e) => e.at);
      expect(heads.length, network).toBeGreaterThan(100);
      for (let i = 1; i < heads.length; i++) expect(heads[i]! - heads[i - 1]!, network).toBeLessThanOrEqual(staleThresholdMs(network));
    }
    for (const event of ['gas', 'balance', 'workerIterationResult', 'workerStats'] as const) {
      expect(quiet.filter((e) => e.event === event).length, event).toBeGreaterThan(10);
    }

    run.sim.setQuiet(false);
    const loudFrom = run.events.length;
    run.sim.advanceTo(quietAt + 120 * MINUTE);
    const loud = run.events.slice(loudFrom);
    expect(loud.filter((e) => e.event === 'notify').length).toBeGreaterThan(3);
    expect(loud.filter((e) => e.event === 'txSent').length).toBeGreaterThan(100);
  });

  it('quiet ends a stall of its own under way: the silent head moves on at once', () => {
    const run = simulate(3);
    const lastHead = new Map<string, number>();
    let seen = 0;
    let silent: string | undefined;
    for (let at = 1000; silent === undefined && at <= 3 * 60 * MINUTE; at += 1000) {
      run.sim.advanceTo(at);
      for (; seen < run.events.length; seen++) {
        const e = run.events[seen]!;
        if (e.event === 'newBlock') lastHead.set(networkOf(e), e.at);
      }
      silent = SIM_NETWORKS.find(({ network }) => at - (lastHead.get(network) ?? at) > staleThresholdMs(network))?.network;
    }
    expect(silent).toBeDefined();
    const quietAt = run.sim.now;
    run.sim.setQuiet(true);
    run.sim.advanceTo(quietAt);
    expect(run.of('newBlock').filter((e) => e.at === quietAt).map(networkOf)).toContain(silent);
  });

  it('a stall from the control replaces its earlier one: a short one ends a long one', () => {
    const run = simulate(5, MINUTE);
    run.sim.stall('Base', 10 * MINUTE);
    run.sim.advanceTo(2 * MINUTE);
    expect(run.of('newBlock').filter((e) => e.at > MINUTE && networkOf(e) === 'Base')).toEqual([]);
    run.sim.stall('Base', 1);
    run.sim.advanceTo(2 * MINUTE + 10);
    expect(run.of('newBlock').filter((e) => e.at > 2 * MINUTE && networkOf(e) === 'Base')).toHaveLength(1);
  });
});
