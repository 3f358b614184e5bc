/**
 * The operators' own transactions (§1 "create manual, refund, forced and unlock-nonce
 * operations"; §7): each is checked against what exists, recorded as a tx row with status created
 * for the system to pick up, logged, and announced. And the pins of §3 brain state.
 */
import { randomUUID } from 'node:crypto';
import {
  TRADE_ALREADY_REFUNDED,
  addressProblem,
  type BrainState,
  type TxRecord,
} from '../../../src/contract/index.ts';
import { NETWORK_INFO } from '../../../src/config/networks.ts';
import { movesValue } from '../../../src/domain/trades.ts';
import type { Repos } from '../db/store.ts';
import { BUY_SIDE_TX_TYPES } from '../db/repos/trades.ts';
import type { TxDraft } from '../db/repos/txs.ts';
import { HttpError } from '../lib/httpError.ts';
import { assertNoIssues, notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';

/** A refund that is under way (created, pending) or done (completed); a failed one refunded nothing. */
const REFUND_HOLDS: ReadonlySet<string> = new Set(['created', 'pending', 'completed']);

/** The latest refund of a trade that is under way or done, among its txs. */
export function earlierRefund(legs: readonly TxRecord[]): TxRecord | undefined {
  return legs.filter((leg) => leg.txType === 'Refund' && REFUND_HOLDS.has(leg.status)).at(-1);
}

/**
 * What a refund sends back: what the refunded tx moved, else what the trade's latest leg that
 * moved value put in (a skipped leg moved nothing).
 */
function refundAmount(refunded: TxRecord, legs: readonly TxRecord[]): number {
  if (refunded.amountIn > 0) return refunded.amountIn;
  const moved = legs.filter((leg) => leg.txType !== 'Refund' && movesValue(leg.txType) && leg.amountIn > 0).at(-1);
  return moved?.amountIn ?? 0;
}

/** Networks whose accounts have no nonces to unlock. */
const NONCELESS: ReadonlySet<string> = new Set(['Solana', 'TON', 'Tron', 'ATA']);

type Issue = { field: string; message: string };
type NewTx = Pick<TxDraft, 'tokenName' | 'method' | 'txType' | 'network' | 'amountIn'> & Partial<TxDraft>;

const txOperationRoutes: ZodPlugin = async (app) => {
  /** A tx row with status created, written in the caller's transaction. */
  const record = async (tx: Repos, fields: NewTx): Promise<TxDraft> => {
    const now = app.clock.now();
    const row: TxDraft = {
      id: randomUUID(),
      tradeId: null,
      side: BUY_SIDE_TX_TYPES.has(fields.txType) ? 'buy' : 'sell',
      attempt: 1,
      status: 'created',
      networkBuy: null,
      networkSell: null,
      bridgeName: null,
      amountOut: null,
      expectedProfit: null,
      hash: null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    };
    await tx.txs.insert(row);
    return row;
  };
  /** 404 unless the trade an operation names has txs. */
  const assertTradeExists = async (tx: Repos, tradeId: string | undefined) => {
    if (tradeId !== undefined && (await tx.txs.byTrade(tradeId)).length === 0) throw notFound('trade');
  };
  const notify = (msg: string) => app.hub.broadcast('notify', { msg, type: 'info', autoClose: 5000 });

  app.route({ ...operationRoute('manualTx'), handler: async (request) => {
    const user = sessionOf(request).name;
    const { network, txType, tokenName, amount, to, tradeId } = request.body;
    const row = await app.mutate(user, 'tx.manual', async (tx) => {
      await assertTradeExists(tx, tradeId);
      const token = await tx.tokens.get(tokenName);
      const native = NETWORK_INFO[network].native;
      const issues: Issue[] = [];
      if (tokenName !== native && !(token && Object.hasOwn(token.networkData, network))) {
        issues.push({ field: 'tokenName', message: `must be a token deployed on ${network} or its native coin ${native}` });
      }
      const problem = to === undefined ? null : addressProblem(network, to);
      if (problem) issues.push({ field: 'to', message: problem });
      assertNoIssues(issues);
      const row = await record(tx, {
        tokenName,
        method: 'manual',
        txType,
        network,
        amountIn: amount,
        ...(tradeId === undefined ? {} : { tradeId }),
        raw: { to, requestedBy: user },
      });
      return {
        result: row,
        after: { id: row.id, network, txType, tokenName, amount, to, ...(tradeId === undefined ? {} : { tradeId }) },
        details: { txId: row.id, network, txType, tokenName, amount, ...(to === undefined ? {} : { to }), ...(tradeId === undefined ? {} : { tradeId }) },
      };
    });
    notify(`${user} queued a manual ${txType} of ${amount} ${tokenName} on ${network}`);
    return { ok: true as const, id: row.id };
  } });

  app.route({ ...operationRoute('refund'), handler: async (request) => {
    const user = sessionOf(request).name;
    const { tradeId, txId, reason, force = false } = request.body;
    const row = await app.mutate(user, 'tx.refund', async (tx) => {
      let refunded: TxRecord | undefined;
      let legs: TxRecord[] = [];
      if (txId !== undefined) {
        refunded = await tx.txs.get(txId);
        if (!refunded) throw notFound('tx');
        if (refunded.tradeId !== null) legs = await tx.txs.byTrade(refunded.tradeId);
      } else if (tradeId !== undefined) {
        legs = await tx.txs.byTrade(tradeId);
        // The trade's latest leg that was sent is where its funds are (not a leg skipped after a
        // failure, nor an earlier refund).
        const sent = legs.filter((leg) => leg.txType !== 'Refund');
        refunded = sent.filter((leg) => leg.status !== 'skip').at(-1) ?? sent.at(-1) ?? legs.at(-1);
        if (!refunded) throw notFound('trade');
      }
      if (!refunded) throw new Error('the schema requires tradeId or txId');
      // docs/protocol.md "Guarded refunds": one refund of a trade under way or done is enough, unless forced.
      const earlier = earlierRefund(legs);
      if (earlier && !force) throw new HttpError(409, TRADE_ALREADY_REFUNDED, { txId: earlier.id });
      const row = await record(tx, {
        tradeId: refunded.tradeId,
        tokenName: refunded.tokenName,
        method: 'refund',
        txType: 'Refund',
        network: refunded.network,
        networkBuy: refunded.networkBuy,
        networkSell: refunded.networkSell,
        bridgeName: refunded.bridgeName,
        amountIn: refundAmount(refunded, legs),
        raw: {
          refundOf: txId === undefined ? { tradeId } : { txId },
          reason,
          requestedBy: user,
          ...(earlier && force ? { forcedOver: earlier.id } : {}),
        },
      });
      return {
        result: row,
        after: { id: row.id, tradeId: refunded.tradeId, txId, reason, ...(force ? { force } : {}) },
        details: {
          txId: row.id,
          tradeId: refunded.tradeId,
          ...(txId === undefined ? {} : { refundOf: txId }),
          ...(reason === undefined ? {} : { reason }),
          ...(force ? { force } : {}),
        },
      };
    });
    notify(`${user} asked for a refund of ${txId === undefined ? `trade ${tradeId}` : `tx ${txId}`}`);
    return { ok: true as const, id: row.id };
  } });

  app.route({ ...operationRoute('forceTrade'), handler: async (request) => {
    const user = sessionOf(request).name;
    const { tokenName, networkBuy, networkSell, bridgeName, amount } = request.body;
    const row = await app.mutate(user, 'tx.force', async (tx) => {
      const [token, bridge] = await Promise.all([tx.tokens.get(tokenName), tx.bridges.get(bridgeName)]);
      const issues: Issue[] = [];
      if (!token) issues.push({ field: 'tokenName', message: `unknown token ${tokenName}` });
      for (const field of ['networkBuy', 'networkSell'] as const) {
        const network = request.body[field];
        if (token && !Object.hasOwn(token.networkData, network)) issues.push({ field, message: `${tokenName} is not deployed on ${network}` });
      }
      if (!bridge) issues.push({ field: 'bridgeName', message: `unknown bridge ${bridgeName}` });
      else if (Array.isArray(bridge.networks) && bridge.networks.length > 0 && ![networkBuy, networkSell].every((n) => (bridge.networks as unknown[]).includes(n))) {
        issues.push({ field: 'bridgeName', message: `${bridgeName} does not connect ${networkBuy} and ${networkSell}` });
      }
      assertNoIssues(issues);
      const row = await record(tx, {
        tradeId: randomUUID(),
        tokenName,
        method: 'force',
        txType: 'Swap',
        network: networkBuy,
        networkBuy,
        networkSell,
        bridgeName,
        amountIn: amount,
        raw: { requestedBy: user },
      });
      return { result: row, after: { id: row.id, tradeId: row.tradeId, tokenName, networkBuy, networkSell, bridgeName, amount }, details: { txId: row.id, tradeId: row.tradeId, tokenName, networkBuy, networkSell, bridgeName, amount } };
    });
    notify(`${user} forced a trade of ${tokenName} ${networkBuy} -> ${networkSell} over ${bridgeName}`);
    return { ok: true as const, id: row.id };
  } });

  app.route({ ...operationRoute('unlockNonce'), handler: async (request) => {
    const user = sessionOf(request).name;
    const { network, nonce, tradeId } = request.body;
    if (NONCELESS.has(network)) assertNoIssues([{ field: 'network', message: `${network} accounts have no nonces` }]);
    const { row, brainState } = await app.mutate(user, 'tx.unlockNonce', async (tx) => {
      await assertTradeExists(tx, tradeId);
      const state = await tx.settings.get('brainState');
      const isThis = (entry: unknown) =>
        typeof entry === 'object' && entry !== null && (entry as { network?: unknown }).network === network && (entry as { nonce?: unknown }).nonce === nonce;
      const wasLocked = state.lockedNonces.some(isThis);
      let brainState: BrainState | null = null;
      if (wasLocked) {
        brainState = { ...state, lockedNonces: state.lockedNonces.filter((entry) => !isThis(entry)) };
        await tx.settings.set('brainState', brainState);
      }
      // A nonce is unlocked by sending the wallet a zero-value transfer with it.
      const row = await record(tx, {
        tokenName: NETWORK_INFO[network].native,
        method: 'unlock-nonce',
        txType: 'TransferNative',
        network,
        amountIn: 0,
        ...(tradeId === undefined ? {} : { tradeId }),
        raw: { nonce, to: state.walletAddress, requestedBy: user },
      });
      return { result: { row, brainState }, details: { id: row.id, txId: row.id, network, nonce, wasLocked, ...(tradeId === undefined ? {} : { tradeId }) } };
    });
    if (brainState) app.hub.broadcast('brainState', brainState);
    notify(`${user} unlocked nonce ${nonce} on ${network}`);
    return { ok: true as const, id: row.id };
  } });

  const setPins = async (user: string, field: 'pinnedTokens' | 'autosellPins', action: string, names: string[]) => {
    const brainState = await app.mutate(user, action, async (tx) => {
      const known = new Set((await tx.tokens.list()).map((token) => token.tokenName));
      assertNoIssues(names.flatMap((name, i) => (known.has(name) ? [] : [{ field: `pins.${i}`, message: `unknown token ${name}` }])));
      const before = await tx.settings.get('brainState');
      const after: BrainState = { ...before, [field]: names };
      await tx.settings.set('brainState', after);
      const added = names.filter((name) => !before[field].includes(name));
      const removed = before[field].filter((name) => !names.includes(name));
      return { result: after, before: { [field]: before[field] }, after: { [field]: names }, details: { pins: names, added, removed } };
    });
    app.hub.broadcast('brainState', brainState);
    return { ok: true as const, brainState };
  };
  app.route({ ...operationRoute('setPins'), handler: async (request) =>
    setPins(sessionOf(request).name, 'pinnedTokens', 'pins.update', request.body.pins) });
  app.route({ ...operationRoute('setSellPins'), handler: async (request) =>
    setPins(sessionOf(request).name, 'autosellPins', 'pins.sell.update', request.body.pins) });
};

export default txOperationRoutes;
