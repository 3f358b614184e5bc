/**
 * docs/protocol.md "Guarded refunds": while a refund of a trade is under way or done, a
 * second POST /api/txs/refund for the same trade is refused 409 naming the earlier refund's tx,
 * unless the body says force: true; and the trade's page (GET /api/trades/{tradeId}) lists the
 * operations done on it, who did each and when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_ALREADY_REFUNDED, TradeJourneyDetail, TxListResponse, TxRecord } from '../../src/contract/index.ts';
import { fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
/** Failed seeded txs, one per trade, newest first. */
let failedTrades: TxRecord[];
beforeAll(async () => {
  t = await makeApp();
  const page = TxListResponse.parse(
    json(await t.app.inject({ method: 'GET', url: `/api/txs/?${new URLSearchParams({ perPage: '500', filter: JSON.stringify({ status: 'failed' }) })}`, headers: { 'x-api-key': t.adminToken } })),
  );
  const seen = new Set<string>();
  failedTrades = page.data.filter((tx) => tx.tradeId !== null && !seen.has(tx.tradeId) && Boolean(seen.add(tx.tradeId)));
  expect(failedTrades.length).toBeGreaterThan(6);
});
afterAll(() => t.app.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, headers: { 'x-api-key': token }, ...(payload ? { payload } : {}) });
}
const refundsOf = async (tradeId: string) => (await t.app.store.txs.byTrade(tradeId)).filter((tx) => tx.txType === 'Refund');
const tradeOf = (i: number) => failedTrades[i]!.tradeId!;

describe('Guarded refunds (protocol): POST /api/txs/refund', () => {
  it('a second refund of the same trade is refused 409 {error: "trade already refunded", details: {txId}} naming the earlier refund; nothing is recorded or logged', async () => {
    const tradeId = tradeOf(0);
    const first = await call('POST', '/api/txs/refund', { tradeId, reason: 'bridge failed' });
    expect(first.statusCode).toBe(200);
    const earlier = first.json<{ id: string }>().id;

    const logs = await logsWrittenBy(t.app, async () => {
      const again = await call('POST', '/api/txs/refund', { tradeId });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: TRADE_ALREADY_REFUNDED, details: { txId: earlier } });
      // The same trade named by one of its txs is the same trade.
      const byTx = await call('POST', '/api/txs/refund', { txId: failedTrades[0]!.id });
      expect(byTx.statusCode).toBe(409);
      expect(byTx.json()).toEqual({ error: 'trade already refunded', details: { txId: earlier } });
      expect((await call('POST', '/api/txs/refund', { tradeId, force: false })).statusCode).toBe(409);
    });
    expect(logs).toEqual([]);
    expect((await refundsOf(tradeId)).map((tx) => tx.id)).toEqual([earlier]);
  });

  it('force: true sends another refund anyway, recorded beside the first; a third without force names the latest', async () => {
    const tradeId = tradeOf(1);
    const first = (await call('POST', '/api/txs/refund', { tradeId })).json<{ id: string }>().id;
    const forced = await call('POST', '/api/txs/refund', { tradeId, reason: 'first one stuck', force: true });
    expect(forced.statusCode).toBe(200);
    const second = forced.json<{ id: string }>().id;
    expect(second).not.toBe(first);
    const refunds = await refundsOf(tradeId);
    expect(refunds.map((tx) => tx.id).sort()).toEqual([first, second].sort());
    expect(refunds.find((tx) => tx.id === second)).toMatchObject({ status: 'created', raw: { forcedOver: first, reason: 'first one stuck', requestedBy: 'admin' } });
    expect(json(await call('POST', '/api/txs/refund', { tradeId }))).toEqual({ error: 'trade already refunded', details: { txId: second } });
  });

  it('a refund moves value: its amount is what the refunded leg moved, not 0', async () => {
    const [refund] = await refundsOf(tradeOf(1));
    expect(refund!.amountIn).toBeGreaterThan(0);
  });

  it('a refund that failed refunded nothing: the trade may be refunded again without force', async () => {
    const tradeId = tradeOf(2);
    const first = (await call('POST', '/api/txs/refund', { tradeId })).json<{ id: string }>().id;
    const row = (await t.app.store.txs.get(first))!;
    const { historyKey: _key, ...draft } = row;
    await t.app.store.txs.upsert([{ ...draft, status: 'failed', updatedAt: row.updatedAt + 1 }]);
    expect((await call('POST', '/api/txs/refund', { tradeId })).statusCode).toBe(200);
  });

  it('a refund of another trade is accepted', async () => {
    expect((await call('POST', '/api/txs/refund', { tradeId: tradeOf(3) })).statusCode).toBe(200);
    expect((await call('POST', '/api/txs/refund', { txId: failedTrades[4]!.id })).statusCode).toBe(200);
  });

  it('§6 an Operator is refused 403, force or not; nothing is recorded', async () => {
    const tradeId = tradeOf(5);
    expect((await call('POST', '/api/txs/refund', { tradeId }, t.operatorToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/txs/refund', { tradeId, force: true }, t.operatorToken)).statusCode).toBe(403);
    expect(await refundsOf(tradeId)).toEqual([]);
  });

  it('400 naming the field for bad bodies: force not a boolean, no id, both ids, an unknown field', async () => {
    const tradeId = tradeOf(6);
    expect(fieldsOf(await call('POST', '/api/txs/refund', { tradeId, force: 'yes' }))).toEqual(['force']);
    expect(fieldsOf(await call('POST', '/api/txs/refund', { force: true }))).toEqual(['tradeId']);
    expect(fieldsOf(await call('POST', '/api/txs/refund', { tradeId, txId: 'x', force: true }))).toEqual(['txId']);
    expect((await call('POST', '/api/txs/refund', { tradeId, forced: true })).statusCode).toBe(400);
    expect(await refundsOf(tradeId)).toEqual([]);
  });
});

describe("Trades (protocol, console extension): the trade's page says what operators did on it", () => {
  const detail = async (tradeId: string) => {
    const response = await call('GET', `/api/trades/${tradeId}`, undefined, t.operatorToken);
    expect(response.statusCode).toBe(200);
    return TradeJourneyDetail.parse(response.json());
  };

  it('refunds, a manual tx and an unlock-nonce for the trade: kind, who, when and the tx, oldest first', async () => {
    const tradeId = tradeOf(7);
    expect((await detail(tradeId)).operations).toBeUndefined();
    const refund = (await call('POST', '/api/txs/refund', { tradeId })).json<{ id: string }>().id;
    t.clock.advance(1000);
    const forced = (await call('POST', '/api/txs/refund', { tradeId, force: true })).json<{ id: string }>().id;
    t.clock.advance(1000);
    const manual = await call('POST', '/api/txs/manual', { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01, tradeId });
    expect(manual.statusCode).toBe(200);
    t.clock.advance(1000);
    const unlock = await call('POST', '/api/txs/unlock-nonce', { network: 'Base', nonce: 12, tradeId });
    expect(unlock.statusCode).toBe(200);
    const { operations } = await detail(tradeId);
    const at = (await t.app.store.txs.get(refund))!.createdAt;
    expect(operations).toEqual([
      { kind: 'refund', by: 'admin', at, txId: refund },
      { kind: 'refund', by: 'admin', at: at + 1000, txId: forced },
      { kind: 'manual', by: 'admin', at: at + 2000, txId: manual.json<{ id: string }>().id },
      { kind: 'unlockNonce', by: 'admin', at: at + 3000, txId: unlock.json<{ id: string }>().id },
    ]);
  });

  it('a manual or unlock-nonce tx for a trade that does not exist is 404', async () => {
    expect((await call('POST', '/api/txs/manual', { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 1, tradeId: 'no-such-trade' })).statusCode).toBe(404);
    expect((await call('POST', '/api/txs/unlock-nonce', { network: 'Base', nonce: 1, tradeId: 'no-such-trade' })).statusCode).toBe(404);
  });

  it("an operator's sell and its edits, each with who and when; a forced trade lists its force", async () => {
    const made = await call('POST', '/api/txs/sell', { tokenName: 'USDC', network: 'Base', amount: 10 });
    expect(made.statusCode).toBe(200);
    const { tradeId } = made.json<{ tradeId: string }>();
    const createdAt = t.clock.now();
    t.clock.advance(5000);
    expect((await call('PUT', `/api/txs/sell/${tradeId}`, { tokenName: 'USDC', network: 'Base', amount: 12 })).statusCode).toBe(200);
    const { operations } = await detail(tradeId);
    expect(operations).toEqual([
      { kind: 'sell', by: 'admin', at: createdAt, txId: `${tradeId}:1` },
      { kind: 'sellEdit', by: 'admin', at: createdAt + 5000, txId: `${tradeId}:1` },
    ]);
    // The sell's own answer keeps its shape; the log says what was asked for, not who edited when.
    const stored = json(await call('GET', `/api/txs/sell/${tradeId}`));
    expect(stored).toMatchObject({ sell: { amount: 12, createdBy: 'admin', edits: [{ by: 'admin', at: createdAt + 5000 }] } });

    const force = await call('POST', '/api/txs/force', { tokenName: 'USDC', networkBuy: 'Base', networkSell: 'Ethereum', bridgeName: 'ccip-eth-base', amount: 500 });
    const forcedTx = (await t.app.store.txs.get(force.json<{ id: string }>().id))!;
    expect((await detail(forcedTx.tradeId!)).operations).toEqual([{ kind: 'force', by: 'admin', at: forcedTx.createdAt, txId: forcedTx.id }]);
  });
});
