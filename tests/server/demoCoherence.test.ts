/**
 * A demo that holds together, over the seeded history and the simulator's trades: §8 codes fit the
 * network of the tx that failed, every bridge a trade names is in the Bridges list, a tx that moves
 * value says how much in its own units, and a swap's out differs from its in by price and fee. And
 * the operators' own txs move on (§4): created, then pending with txSent, then completed or failed
 * with txConfirmed; a sell waits for running workers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ServerEvents, TxRecord, type BrainState, type ServerEventName } from '../../src/contract/index.ts';
import { errorCodeFits } from '../../src/domain/errorCodeNetworks.ts';
import { movesValue } from '../../src/domain/trades.ts';
import { DEMO_BRAIN_STATE, DEMO_BRIDGES, DEMO_CONNECTED_SERVICES, DEMO_TOKENS } from '../../server/src/db/demoData.ts';
import { demoTxs } from '../../server/src/db/demoTxs.ts';
import { tradeTxRows, type TradeDraft } from '../../server/src/db/repos/trades.ts';
import type { TxDraft } from '../../server/src/db/repos/txs.ts';
import type { OperationUpdate, QueuedOperation } from '../../server/src/sim/context.ts';
import { createSimulation, type Simulation } from '../../server/src/sim/simulation.ts';
import { START, makeApp, type TestApp } from './helpers.ts';

const BRIDGES = new Set(DEMO_BRIDGES.map((bridge) => bridge.bridgeName));
const MINUTE = 60_000;

/** Every way a tx breaks the demo's rules, as text (empty: coherent). */
function incoherences(rows: readonly TxDraft[]): string[] {
  const odd: string[] = [];
  for (const tx of rows) {
    if (tx.errCode !== undefined && !errorCodeFits(tx.errCode, tx.network)) odd.push(`${tx.id}: code ${tx.errCode} on ${tx.network}`);
    if (tx.tradeId !== null && (tx.bridgeName === null || !BRIDGES.has(tx.bridgeName))) odd.push(`${tx.id}: bridge ${tx.bridgeName}`);
    if (movesValue(tx.txType) && tx.status !== 'skip' && !(tx.amountIn > 0)) odd.push(`${tx.id}: ${tx.txType} ${tx.status} amountIn ${tx.amountIn}`);
    if (tx.txType === 'Swap' && tx.status === 'completed' && tx.amountOut === tx.amountIn) odd.push(`${tx.id}: swap out = in ${tx.amountIn}`);
    // A leg skipped after a failure was never sent: no hash to show or look up.
    if (tx.status === 'skip' && tx.hash !== null) odd.push(`${tx.id}: skipped with hash ${tx.hash}`);
  }
  return odd;
}

describe('demo coherence: the seeded history holds together', () => {
  const rows = [...demoTxs(20_000, START)];

  it('§8 no Solana code on an EVM tx: every failed tx\'s code fits its network; codes are there', () => {
    expect(rows.filter((tx) => tx.errCode !== undefined && !errorCodeFits(tx.errCode, tx.network))).toEqual([]);
    expect(rows.filter((tx) => tx.errCode !== undefined).length).toBeGreaterThan(100);
  });

  it('every bridge a trade uses is in the Bridges list (no "via cex-transfer")', () => {
    // A trade's rows: an operator's manual transfer outside any trade names no bridge.
    const used = new Set(rows.filter((tx) => tx.tradeId !== null).map((tx) => tx.bridgeName));
    expect([...used].filter((name) => name === null || !BRIDGES.has(name))).toEqual([]);
    expect(used.size).toBe(BRIDGES.size);
  });

  it('a tx that moves value has amountIn > 0 in its own units (bridge, claim and sell rows included); approvals and skipped legs 0', () => {
    expect(incoherences(rows)).toEqual([]);
    const bridges = rows.filter((tx) => tx.txType === 'Bridge' && tx.status === 'completed');
    expect(bridges.length).toBeGreaterThan(100);
    // A bridge carries what the swap bought, less its fee.
    for (const tx of bridges.slice(0, 200)) expect(tx.amountOut!).toBeLessThan(tx.amountIn);
    expect(rows.filter((tx) => tx.txType.startsWith('Approve')).every((tx) => tx.amountIn === 0)).toBe(true);
  });

  it("a swap's amount out differs from its amount in by price and fee, stablecoins included", () => {
    const swaps = rows.filter((tx) => tx.txType === 'Swap' && tx.status === 'completed');
    expect(swaps.filter((tx) => tx.amountOut === tx.amountIn)).toEqual([]);
    const stable = swaps.filter((tx) => tx.tokenName === 'USDC');
    expect(stable.length).toBeGreaterThan(10);
    for (const tx of stable) {
      expect(tx.amountOut! / tx.amountIn).toBeLessThan(1);
      expect(tx.amountOut! / tx.amountIn).toBeGreaterThan(0.99);
    }
  });
});

interface Run {
  sim: Simulation;
  trades: TradeDraft[];
  events: { at: number; event: ServerEventName; payload: unknown }[];
  operations: { at: number; op: QueuedOperation; update: OperationUpdate }[];
}

function simulate(seed: number, brainState: BrainState = { ...DEMO_BRAIN_STATE, workersRunning: true }): Run {
  const run: Omit<Run, 'sim'> = { trades: [], events: [], operations: [] };
  const built: { sim?: Simulation } = {};
  const now = () => built.sim?.now ?? 0;
  const sim = createSimulation({
    seed,
    brainState,
    connectedServices: DEMO_CONNECTED_SERVICES,
    catalog: { tokens: DEMO_TOKENS, bridges: DEMO_BRIDGES },
    tradeIdStream: 'trade-ids:0',
    sinks: {
      emit: (event, payload) => run.events.push({ at: now(), event, payload }),
      brainChanged: () => undefined,
      connectedServicesChanged: () => undefined,
      tradeChanged: (trade) => run.trades.push(trade),
      operationChanged: (op, update) => run.operations.push({ at: now(), op, update }),
    },
  });
  built.sim = sim;
  return { sim, ...run };
}

describe("demo coherence: the simulator's trades hold together", () => {
  it('§8 codes fit the failing tx\'s network, bridges are listed, value-moving legs say their amount, swaps out ≠ in, over an hour', () => {
    const run = simulate(11);
    run.sim.advanceTo(60 * MINUTE);
    const last = new Map(run.trades.map((trade) => [trade.tradeId, trade]));
    const rows = [...last.values()].flatMap((trade) => tradeTxRows(trade, 0));
    expect(last.size).toBeGreaterThan(200);
    expect(incoherences(rows)).toEqual([]);
    expect(rows.filter((tx) => tx.errCode !== undefined).length).toBeGreaterThan(5);
    // The trade keeps the §9 profit rule's convention: the capital on the swap, nothing on later legs.
    for (const trade of last.values()) expect(trade.txs.filter((tx) => tx.txType !== 'Swap').every((tx) => tx.amountIn === 0)).toBe(true);
  });

  it('with no bridge that fits, no trade starts (never over a bridge the list does not have)', () => {
    const run = createSimulation({
      seed: 2,
      brainState: { ...DEMO_BRAIN_STATE, workersRunning: true },
      connectedServices: DEMO_CONNECTED_SERVICES,
      catalog: { tokens: DEMO_TOKENS, bridges: [] },
      tradeIdStream: 'x',
      sinks: { emit: () => undefined, brainChanged: () => undefined, connectedServicesChanged: () => undefined, tradeChanged: () => undefined, operationChanged: () => undefined },
    });
    expect(run.trade()).toBeNull();
  });
});

describe("§4 the operators' own txs move on in the simulator", () => {
  const op = (id: string, over: Partial<QueuedOperation> = {}): QueuedOperation => ({
    id, tradeId: `trade-${id}`, txType: 'Refund', network: 'Base', tokenName: 'USDC', amountIn: 120, sell: false, ...over,
  });

  it('a refund, a manual tx, a forced swap and an unlock-nonce: created → pending (txSent) → completed or failed (txConfirmed), within seconds, workers stopped or not', () => {
    const run = simulate(4, DEMO_BRAIN_STATE);
    const ops = [op('r1'), op('m1', { tradeId: null, txType: 'TransferToken' }), op('f1', { txType: 'Swap', amountIn: 500 }), op('u1', { tradeId: null, txType: 'TransferNative', tokenName: 'ETH', amountIn: 0 })];
    for (const queued of ops) run.sim.queueOperation(queued);
    run.sim.queueOperation(op('r1'));
    run.sim.advanceTo(30_000);
    for (const queued of ops) {
      const mine = run.operations.filter((o) => o.op.id === queued.id);
      expect(mine.map((o) => o.update.status)).toEqual(['pending', expect.stringMatching(/^(completed|failed)$/)]);
      const [sent, settled] = mine;
      expect(sent!.at).toBeGreaterThan(0);
      expect(settled!.at - sent!.at).toBeGreaterThanOrEqual(2000);
      expect(settled!.update.hash).toBe(sent!.update.hash);
      const tradeId = queued.tradeId ?? queued.id;
      expect(run.events.some((e) => e.event === 'txSent' && ServerEvents.txSent.parse(e.payload).tradeId === tradeId)).toBe(true);
      const confirmed = run.events.filter((e) => e.event === 'txConfirmed').map((e) => ServerEvents.txConfirmed.parse(e.payload));
      const mineConfirmed = confirmed.find((c) => Object.values(c.txs)[0]?.tradeId === tradeId)!;
      expect(Object.values(mineConfirmed.txs)[0]!.success).toBe(settled!.update.status === 'completed');
      if (mineConfirmed.errCode !== undefined && mineConfirmed.errCode !== null) expect(errorCodeFits(mineConfirmed.errCode, queued.network)).toBe(true);
    }
    // The forced swap gives the token at its price less the fee.
    const swap = run.operations.find((o) => o.op.id === 'f1' && o.update.status === 'completed');
    if (swap) expect(swap.update.outPerIn).not.toBe(1);
  });

  it('over many, about one in ten fails, each failure code fitting its network', () => {
    const run = simulate(8, DEMO_BRAIN_STATE);
    for (let i = 0; i < 400; i++) run.sim.queueOperation(op(`o${i}`, { network: i % 2 === 0 ? 'Solana' : 'Ethereum' }));
    run.sim.advanceTo(60_000);
    const settled = run.operations.filter((o) => o.update.status !== 'pending');
    expect(settled).toHaveLength(400);
    const failed = settled.filter((o) => o.update.status === 'failed');
    expect(failed.length / 400).toBeGreaterThan(0.04);
    expect(failed.length / 400).toBeLessThan(0.2);
    for (const f of failed) if (f.update.errCode !== undefined) expect(errorCodeFits(f.update.errCode, f.op.network)).toBe(true);
  });

  it("an operator's sell waits in the queue while workers are stopped (it can still be edited), and is sent once they start", () => {
    const run = simulate(6, DEMO_BRAIN_STATE);
    run.sim.queueOperation(op('s1', { txType: 'Sell', sell: true, amountIn: 10 }));
    run.sim.advanceTo(5 * MINUTE);
    expect(run.operations).toEqual([]);
    run.sim.workersStarted();
    run.sim.advanceTo(5 * MINUTE + 15_000);
    expect(run.operations.map((o) => o.update.status)).toEqual(['pending', expect.stringMatching(/^(completed|failed)$/)]);
  });
});

describe('§4 the reference server moves the created txs of operations', () => {
  let t: TestApp | undefined;
  afterAll(async () => t?.app.close());

  it('a refund recorded as created reads pending, then completed or failed, in GET /api/txs/{id}; its trade page too', async () => {
    t = await makeApp({ sim: { enabled: true, seed: 3, rate: 20 } });
    await t.app.ready();
    const failed = (await t.app.store.txs.list({ filter: { status: 'failed' }, sort: 'createdAt', order: 'DESC', offset: 0, limit: 1 })).data[0]!;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t!.app.inject({ method, url, headers: { 'x-api-key': t!.adminToken }, ...(payload ? { payload } : {}) });
    const answer = await call('POST', '/api/txs/refund', { tradeId: failed.tradeId });
    expect(answer.statusCode).toBe(200);
    const { id } = answer.json<{ id: string }>();
    const seen = new Set<string>();
    const deadline = Date.now() + 20_000;
    let status = 'created';
    while (Date.now() < deadline && (status === 'created' || status === 'pending')) {
      status = TxRecord.parse((await call('GET', `/api/txs/${id}`)).json()).status;
      seen.add(status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(['completed', 'failed']).toContain(status);
    const settled = TxRecord.parse((await call('GET', `/api/txs/${id}`)).json());
    expect(settled.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled.updatedAt).toBeGreaterThanOrEqual(settled.createdAt);
    if (status === 'completed') expect(settled.amountOut).toBe(settled.amountIn);
  });
});
