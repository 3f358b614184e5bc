/**
 * The operators' own txs (refund, force, manual, sell, unlock-nonce: recorded with status created by
 * the routes) are sent and settle like the system's: after a short wait in the queue each goes
 * pending (txSent), then completed or, now and then, failed (txConfirmed, a failure mostly with a §8
 * code that fits its network). An operator's sell waits for running workers, as its confirmation
 * says ("queued for the workers"); the others are sent by the tx service whatever the workers do.
 */
import type { TxConfirmation } from '../../../src/contract/index.ts';
import { errorCodesFor } from '../../../src/domain/errorCodeNetworks.ts';
import { jittered, type OperationUpdate, type QueuedOperation, type SimContext } from './context.ts';
import { CONFIRM_MAX_MS, CONFIRM_MIN_MS, OPERATION_FAIL_RATE, OPERATION_QUEUE_MS, OPERATION_RETRY_MS, SWAP_FEE_MAX, SWAP_FEE_MIN } from './profiles.ts';
import { txHash } from './trades.ts';
import { priceOf } from './worker.ts';

export interface Operations {
  /** Takes a created tx in hand (once per id: telling it again changes nothing). */
  queue(op: QueuedOperation): void;
  /** How many are waiting or under way. */
  readonly inHand: number;
}

/** Out per in of a settled tx: a swap or sell at the token's price less its fee; a transfer or refund delivers what it moves. */
function outPerIn(op: QueuedOperation, fee: number): number {
  if (op.txType === 'Swap') return (1 / priceOf(op.tokenName)) * (1 - fee);
  if (op.txType === 'Sell') return priceOf(op.tokenName) * (1 - fee);
  return 1;
}

export function simulateOperations(ctx: SimContext, workersRunning: () => boolean): Operations {
  const rng = ctx.stream('operations');
  const inHand = new Set<string>();
  /** Every id taken in hand: a tx read again while its write is on its way is not sent twice. */
  const known = new Set<string>();

  const settle = (op: QueuedOperation, hash: string) => {
    // Quiet, every one completes: an operator's tx a test makes ends as the test expects.
    const fails = !ctx.quiet() && rng.chance(OPERATION_FAIL_RATE);
    const codes = errorCodesFor(op.network);
    const errCode = fails && rng.chance(0.75) ? rng.pick(codes) : undefined;
    const ratio = fails ? 0 : outPerIn(op, rng.between(SWAP_FEE_MIN, SWAP_FEE_MAX));
    const update: OperationUpdate = { status: fails ? 'failed' : 'completed', hash, outPerIn: ratio, ...(errCode === undefined ? {} : { errCode }) };
    ctx.sinks.operationChanged(op, update);
    inHand.delete(op.id);
    const tradeId = op.tradeId ?? op.id;
    const confirmation: TxConfirmation = {
      tokenName: op.tokenName,
      txType: op.txType,
      bridge: { name: '' },
      networkBuy: op.network,
      networkSell: op.network,
      success: !fails,
      expectedProfit: 0,
      tradeId,
      amountOut: op.amountIn * ratio,
    };
    ctx.sinks.emit('txConfirmed', errCode === undefined ? { txs: { [hash]: confirmation } } : { txs: { [hash]: confirmation }, errCode });
  };

  const send = (op: QueuedOperation) => {
    if (op.sell && !workersRunning()) {
      ctx.scheduler.after(OPERATION_RETRY_MS, () => send(op));
      return;
    }
    const hash = txHash(rng, op.network);
    ctx.sinks.operationChanged(op, { status: 'pending', hash });
    ctx.sinks.emit('txSent', {
      tradeId: op.tradeId ?? op.id,
      tokenName: op.tokenName,
      txTypes: [op.txType],
      networkBuy: op.network,
      networkSell: op.network,
      bridge: { name: '' },
    });
    ctx.scheduler.after(rng.between(CONFIRM_MIN_MS, CONFIRM_MAX_MS), () => settle(op, hash));
  };

  return {
    queue: (op) => {
      if (known.has(op.id)) return;
      known.add(op.id);
      inHand.add(op.id);
      ctx.scheduler.after(jittered(rng, OPERATION_QUEUE_MS), () => send(op));
    },
    get inHand() {
      return inHand.size;
    },
  };
}
