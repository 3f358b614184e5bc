/** How a trade's state reads: its colour (stuck in the danger colour, filled, so it stands out from failed) and words. */
import type { TradeState } from '../../contract/trades.ts';

export function tradeStateColor(state: TradeState): 'info' | 'success' | 'error' {
  switch (state) {
    case 'completed':
      return 'success';
    case 'failed':
    case 'stuck':
      return 'error';
    case 'running':
      return 'info';
  }
}

export const tradeStateVariant = (state: TradeState): 'filled' | 'outlined' => (state === 'stuck' ? 'filled' : 'outlined');

/** A long id cut for a table cell; whole in its title. */
export const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
