/**
 * §7/§9 profit sound: after a successful sell with expectedProfit >= 0.5, the trade is
 * fetched by id; if the sell's amountOut exceeds the sum of the trade's amountIn by more than 0.5,
 * the profit sound plays. A failed fetch is only logged (§8).
 */
import { PROFIT_MIN_EXPECTED, PROFIT_MIN_GAIN } from '../config/constants.ts';
import { Trade, type TxConfirmation } from '../contract/index.ts';

export type FetchTrade = (tradeId: string) => Promise<unknown>;

type Logger = Pick<Console, 'warn'>;

/** Whether a confirmed tx qualifies for the trade fetch at all. */
export function qualifiesForProfitCheck(tx: TxConfirmation): boolean {
  return tx.success && tx.txType === 'Sell' && tx.expectedProfit >= PROFIT_MIN_EXPECTED;
}

/** The gain rule on a fetched trade: amountOut − Σ amountIn > 0.5. */
export function isProfitable(amountOut: number, trade: Trade): boolean {
  const amountIn = trade.txs.reduce((sum, t) => sum + t.amountIn, 0);
  return amountOut - amountIn > PROFIT_MIN_GAIN;
}

/** Reads the trade out of a response body: either the trade itself or `{ data: trade }`. */
export function parseTradeResponse(body: unknown): Trade | null {
  const inner = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;
  const parsed = Trade.safeParse(inner);
  return parsed.success ? parsed.data : null;
}

export async function checkProfit(
  tx: TxConfirmation,
  fetchTrade: FetchTrade,
  onProfit: () => void,
  logger: Logger = console,
): Promise<void> {
  if (!qualifiesForProfitCheck(tx)) return;
  let body: unknown;
  try {
    body = await fetchTrade(tx.tradeId);
  } catch (err) {
    logger.warn(`[notifications] trade ${tx.tradeId} fetch failed:`, err);
    return;
  }
  const trade = parseTradeResponse(body);
  if (!trade) {
    logger.warn(`[notifications] trade ${tx.tradeId}: response has no txs with amountIn`);
    return;
  }
  if (isProfitable(tx.amountOut, trade)) onProfit();
}
