/**
 * Transactions (§7): the history list GET /txs/ (the list convention) and GET /txs/{id};
 * trades and sells by tradeId, GET /txs/sell/{id} (the §7 trade fetch: data.txs with txType and
 * amountIn); an operator's sells, POST /txs/sell and PUT /txs/sell/{tradeId}.
 */
import { randomUUID } from 'node:crypto';
import {
  SellRequest,
  TradeRecord,
  TxRecord,
  type BrainState,
  type SellDetails,
  type TradeTx,
} from '../../../src/contract/index.ts';
import { movesValue } from '../../../src/domain/trades.ts';
import type { Repos } from '../db/store.ts';
import { tradeTxId, type TradeDraft } from '../db/repos/trades.ts';
import { HttpError } from '../lib/httpError.ts';
import { listConvention } from '../lib/listConvention.ts';
import { assertNoIssues, notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

const UNSETTLED: ReadonlySet<string> = new Set(['created', 'pending']);
const GAVE_UP: ReadonlySet<string> = new Set(['failed', 'stale', 'sent-back', 'skip']);

/**
 * A trade read back from its rows in the history, for trades that have no trade record (the
 * seeded history): each leg's last attempt, in order.
 */
export function tradeFromTxs(rows: readonly TxRecord[]): TradeRecord | undefined {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return undefined;
  const legs = new Map<string, TxRecord>();
  for (const row of rows) {
    const leg = legs.get(row.txType);
    if (!leg || row.attempt >= leg.attempt) legs.set(row.txType, row);
  }
  const finals = [...legs.values()];
  const status = finals.some((row) => UNSETTLED.has(row.status)) ? 'pending' : GAVE_UP.has(last.status) ? 'failed' : 'completed';
  const errCode = finals.find((row) => row.errCode !== undefined)?.errCode;
  // A trade's txs carry the quote-asset value each puts in (TradeTx): the capital on the first leg
  // that moves value, nothing on the later ones, which the history shows in their own units.
  const capital = finals.find((row) => movesValue(row.txType));
  const txs = finals.map((row): TradeTx => {
    const amountIn = row === capital ? row.amountIn : 0;
    const tx: TradeTx = { txId: row.hash ?? row.id, txType: row.txType, network: row.network, status: row.status, amountIn };
    if (row.amountOut !== null) tx.amountOut = row.amountOut;
    if (row.status === 'completed') tx.success = true;
    else if (GAVE_UP.has(row.status) && row.status !== 'skip') tx.success = false;
    return tx;
  });
  return {
    id: first.tradeId ?? first.id,
    tradeId: first.tradeId ?? first.id,
    tokenName: first.tokenName,
    networkBuy: first.networkBuy ?? first.network,
    networkSell: first.networkSell ?? last.network,
    bridge: { name: first.bridgeName ?? '' },
    txTypes: finals.map((row) => row.txType),
    status,
    expectedProfit: first.expectedProfit ?? 0,
    ...(errCode === undefined ? {} : { errCode }),
    txs,
    createdAt: Math.min(...rows.map((row) => row.createdAt)),
    updatedAt: Math.max(...rows.map((row) => row.updatedAt)),
  };
}

/** 400 unless the token exists and is deployed on the network. */
async function assertSellable(tx: Repos, tokenName: string, network: string): Promise<void> {
  const token = await tx.tokens.get(tokenName);
  if (!token) assertNoIssues([{ field: 'tokenName', message: `unknown token ${tokenName}` }]);
  else if (!Object.hasOwn(token.networkData, network)) {
    assertNoIssues([{ field: 'network', message: `${tokenName} is not deployed on ${network}` }]);
  }
}

/** A sell as the user log tells it: what was asked for; who edited it when is the trade's (its operations). */
function withoutEdits(sell: SellDetails | undefined): Omit<SellDetails, 'edits'> | undefined {
  if (!sell) return undefined;
  const { edits: _edits, ...asked } = sell;
  return asked;
}

/** What brainState.pendingSells lists for a sell. */
function pendingSell(tradeId: string, body: SellRequest) {
  return { tradeId, tokenName: body.tokenName, network: body.network, amount: body.amount };
}

function isSellOf(tradeId: string) {
  return (entry: unknown) => typeof entry === 'object' && entry !== null && (entry as { tradeId?: unknown }).tradeId === tradeId;
}

function sellDraft(tradeId: string, body: SellRequest, createdBy: string, edits?: SellDetails['edits']): TradeDraft {
  const { tokenName, network, amount, minAmountOut, slippageBps, note } = body;
  const sell: SellDetails = { network, amount, createdBy };
  if (edits !== undefined) sell.edits = edits;
  if (minAmountOut !== undefined) sell.minAmountOut = minAmountOut;
  if (slippageBps !== undefined) sell.slippageBps = slippageBps;
  if (note !== undefined) sell.note = note;
  return {
    tradeId,
    tokenName,
    networkBuy: network,
    networkSell: network,
    bridge: { name: '' },
    txTypes: ['Sell'],
    status: 'pending',
    expectedProfit: 0,
    sell,
    txs: [{ txId: tradeTxId(tradeId, 0), txType: 'Sell', network, status: 'created', amountIn: amount }],
  };
}

const txRoutes: ZodPlugin = async (app) => {
  // The busiest read: the answer comes as JSON bytes from the store (TxRepo.listBody) and is sent
  // as it is, so no response schema re-serializes it. Its contract is TxListResponse:
  // tests/server/txs.test.ts parses every answer with it and compares it with TxRepo.list.
  // The simple-rest form (listConvention) is answered with a view of the same bytes.
  app.route({ ...operationRoute('listTxs'), ...listConvention('id'), handler: async (request, reply) => {
    const { sort, order, page, perPage, filter = {} } = request.query;
    const body = await app.store.txs.listBody({ filter, sort, order, offset: (page - 1) * perPage, limit: perPage });
    // Handed to the OS once the answer is finished: its memory can serve another page.
    reply.raw.once('finish', () => app.store.txs.releaseBody(body));
    return reply.type('application/json; charset=utf-8').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  } });

  app.route({ ...operationRoute('getTx'), handler: async (request) => {
    const tx = await app.store.txs.get(request.params.id);
    if (!tx) throw notFound('tx');
    const legs = tx.tradeId === null ? [tx] : await app.store.txs.byTrade(tx.tradeId);
    const history = Object.fromEntries(
      legs.map(({ historyKey, id, status, network, hash, amountIn, amountOut, createdAt, updatedAt, errCode }) => [
        historyKey,
        { id, status, network, hash, amountIn, amountOut, createdAt, updatedAt, ...(errCode === undefined ? {} : { errCode }) },
      ]),
    );
    return { ...tx, history };
  } });

  app.route({ ...operationRoute('getTrade'), handler: async (request) => {
    const { id } = request.params;
    const trade = (await app.store.trades.get(id)) ?? tradeFromTxs(await app.store.txs.byTrade(id));
    if (!trade) throw notFound('trade');
    return trade;
  } });

  /** Writes a sell and its pending-sell entry in one transaction, then announces the brain state. */
  const sellChanged = async (
    user: string,
    action: string,
    change: (tx: Repos, state: BrainState) => Promise<{ trade: TradeDraft; before?: Record<string, unknown>; pendingSells: unknown[] }>,
  ) => {
    const { trade, brainState } = await app.mutate(user, action, async (tx) => {
      const state = await tx.settings.get('brainState');
      const { trade: draft, before, pendingSells } = await change(tx, state);
      await tx.trades.put(draft);
      const trade = await tx.trades.get(draft.tradeId);
      if (!trade) throw new Error(`sell ${draft.tradeId} was not stored`);
      const brainState = { ...state, pendingSells };
      await tx.settings.set('brainState', brainState);
      const after = { tradeId: trade.tradeId, tokenName: trade.tokenName, ...withoutEdits(trade.sell) };
      // A new sell: what was asked; an edit: the fields that changed.
      // Both keep the whole sell in before/after (what was asked is worth keeping whole).
      const details = before === undefined ? after : { tradeId: trade.tradeId, ...updateLog(trade.tradeId, before, after).details };
      return { result: { trade, brainState }, before, after, details };
    });
    app.hub.broadcast('brainState', brainState);
    return trade;
  };

  app.route({ ...operationRoute('createSell'), handler: async (request) => {
    const user = sessionOf(request).name;
    const tradeId = randomUUID();
    return sellChanged(user, 'sell.create', async (tx, state) => {
      await assertSellable(tx, request.body.tokenName, request.body.network);
      return { trade: sellDraft(tradeId, request.body, user), pendingSells: [...state.pendingSells, pendingSell(tradeId, request.body)] };
    });
  } });

  app.route({ ...operationRoute('updateSell'), handler: async (request) => {
    const { tradeId } = request.params;
    const user = sessionOf(request).name;
    return sellChanged(user, 'sell.update', async (tx, state) => {
      const before = await tx.trades.get(tradeId);
      if (!before) throw notFound('sell');
      if (!before.sell) throw new HttpError(409, 'only sells made with POST /txs/sell can be edited');
      if (before.status !== 'pending' || before.txs.some((leg) => leg.status !== 'created')) {
        throw new HttpError(409, 'the sell has already been sent');
      }
      await assertSellable(tx, request.body.tokenName, request.body.network);
      const pendingSells = state.pendingSells.filter((entry) => !isSellOf(tradeId)(entry));
      return {
        // Who changed it and when, for the trade's page (GET /trades/{tradeId} operations).
        trade: sellDraft(tradeId, request.body, before.sell.createdBy, [...(before.sell.edits ?? []), { by: user, at: app.clock.now() }]),
        before: { tradeId, tokenName: before.tokenName, ...withoutEdits(before.sell) },
        pendingSells: [...pendingSells, pendingSell(tradeId, request.body)],
      };
    });
  } });
};

export default txRoutes;
