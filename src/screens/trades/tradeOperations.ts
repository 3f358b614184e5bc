/**
 * The §7 operations one click from a stuck or failed trade: each a link to /tx/new with the
 * trade's fields typed in (domain/txNewLink.ts), where the operator reads them and confirms.
 */
import type { TradeJourneyDetail, TradeStep } from '../../contract/trades.ts';
import { txNewLink, type LinkedOperation } from '../../domain/txNewLink.ts';

export interface OperationLink {
  op: LinkedOperation;
  /** The link's text and accessible name. */
  label: string;
  href: string;
}

/**
 * What can be done about the trade, about its step in trouble (the stuck or failed one): refund it
 * (with why, as the reason), force it again over the same route, unlock the nonce on that step's
 * network, send that step's tx by hand, and edit it when it is an operator's sell (no bridge).
 */
export function operationLinks(trade: TradeJourneyDetail, step: TradeStep | undefined, reason: string): OperationLink[] {
  const { tradeId, tokenName, networkBuy, networkSell, bridge } = trade;
  const links: OperationLink[] = [{ op: 'refund', label: 'Refund', href: txNewLink('refund', { tradeId, reason }) }];
  if (bridge.name !== '') {
    const amount = trade.amountIn !== undefined && trade.amountIn > 0 ? trade.amountIn : undefined;
    links.push({ op: 'force', label: 'Force again', href: txNewLink('force', { tokenName, networkBuy, networkSell, bridgeName: bridge.name, amount }) });
  }
  if (step) {
    links.push({ op: 'unlock', label: `Unlock nonce on ${step.network}`, href: txNewLink('unlock', { network: step.network }) });
    links.push({
      op: 'manual',
      label: `Manual ${step.txType} on ${step.network}`,
      href: txNewLink('manual', { network: step.network, txType: step.txType, tokenName }),
    });
  }
  if (bridge.name === '') links.push({ op: 'sellEdit', label: 'Edit sell', href: txNewLink('sellEdit', { tradeId }) });
  return links;
}
