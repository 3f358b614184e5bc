export { SwapQuoteWindow, SwapWindowInit } from './SwapQuoteWindow.tsx';
export { QuotePanel, AMOUNT_SETTLE_MS, type QuotePanelProps } from './QuotePanel.tsx';
export { QuoteFetcherContext, QuoteFetcherProvider, runQuote, useQuoteFetcher, type QuoteFetcher } from './quoteFetcher.tsx';
export { DexLogo } from './DexLogo.tsx';
export { SEARCH_PLACEHOLDER } from './TokenPicker.tsx';
export { tokenListFor, useTokenList, type TokenList } from './useTokenList.ts';
