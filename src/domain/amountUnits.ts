/**
 * What a tx's or a trade's amounts are counted in, so each figure is shown with its unit
 * (domain/numberFormat.ts formatAmount). docs/protocol.md "Trades": each tx's amountIn is in its own
 * unit (the buy swap's USD, the bridge's, claim's and sell's token), the trade's amountIn is the
 * capital (its first leg that moves value) and its amountOut the last leg's output (the sell's USD).
 */
import type { TxType } from '../config/enums.ts';
import { NETWORK_INFO, isNetwork } from '../config/networks.ts';
import { movesValue } from './trades.ts';

/** The unit the buy swap spends and the sell returns. */
export const USD_UNIT = 'USD';

type Side = 'in' | 'out';

/**
 * Where each kind of tx takes from and gives to: 'usd', the trade's 'token', the network's 'native'
 * coin. An approval is an allowance of what the leg it approves spends. A refund's unit is not
 * fixed by the protocol: its amounts are shown without one rather than with a guess.
 */
const UNITS: Partial<Record<TxType, Record<Side, 'usd' | 'token' | 'native'>>> = {
  ApproveSwap: { in: 'usd', out: 'usd' },
  Swap: { in: 'usd', out: 'token' },
  ApproveBridge: { in: 'token', out: 'token' },
  Bridge: { in: 'token', out: 'token' },
  Claim: { in: 'token', out: 'token' },
  ApproveSell: { in: 'token', out: 'token' },
  Sell: { in: 'token', out: 'usd' },
  TransferNative: { in: 'native', out: 'native' },
  TransferToken: { in: 'token', out: 'token' },
  TransferFrom: { in: 'token', out: 'token' },
};

/** The unit of a tx's amountIn or amountOut; undefined when it cannot be named. */
export function txAmountUnit(tx: Readonly<Record<string, unknown>>, side: Side): string | undefined {
  const kind = typeof tx.txType === 'string' ? UNITS[tx.txType as TxType]?.[side] : undefined;
  if (kind === 'usd') return USD_UNIT;
  if (kind === 'native') return typeof tx.network === 'string' && isNetwork(tx.network) ? NETWORK_INFO[tx.network].native : undefined;
  if (kind === 'token') return typeof tx.tokenName === 'string' && tx.tokenName !== '' ? tx.tokenName : undefined;
  return undefined;
}

/**
 * The unit of a trade's amountIn or amountOut. With its steps (GET /trades/{tradeId}) exactly: the
 * capital's is that of the first leg that moves value, the output's that of the last leg. A list
 * row has no steps: its capital is the buy swap's USD, or the token for an operator's sell (a trade
 * without a bridge, whose first leg is the sell); its output is the sell's USD.
 */
export function tradeAmountUnit(
  trade: { tokenName: string; bridge: { name: string }; steps?: readonly { txType: TxType; network: string }[] },
  side: Side,
): string | undefined {
  if (trade.steps !== undefined && trade.steps.length > 0) {
    const leg = side === 'in' ? trade.steps.find((step) => movesValue(step.txType)) : trade.steps.at(-1);
    return leg === undefined ? undefined : txAmountUnit({ ...leg, tokenName: trade.tokenName }, side);
  }
  if (side === 'out') return USD_UNIT;
  return trade.bridge.name === '' ? trade.tokenName : USD_UNIT;
}
