/** The trade screens, one lazy chunk: the list leads to trade pages, a trade page back to the list. */
export { TradesList } from './TradesList.tsx';
export { TradeShow } from './TradeShow.tsx';
