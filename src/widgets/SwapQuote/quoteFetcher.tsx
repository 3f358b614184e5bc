import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { API_TIMEOUT_MS } from '../../config/constants.ts';
import type { QuoteQuery } from '../../contract/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { localErrorQuote } from '../../domain/quote.ts';

/** Fetches the quoteUi answer for a query (§7); resolves to the response body, unvalidated. */
export type QuoteFetcher = (query: QuoteQuery, signal: AbortSignal) => Promise<unknown>;

/** Injects a fetcher (tests, another backend); without one the data provider's quote method is used. */
export const QuoteFetcherContext = createContext<QuoteFetcher | null>(null);

export function QuoteFetcherProvider({ fetcher, children }: { fetcher: QuoteFetcher; children: ReactNode }) {
  return <QuoteFetcherContext.Provider value={fetcher}>{children}</QuoteFetcherContext.Provider>;
}

/**
 * The injected fetcher, else the console data provider's `quote`: GET
 * /api/proxy/worker/quoteUi?network=&tokenInAddress=&tokenOutAddress=&amountIn= with the session
 * token as x-api-key (docs/protocol.md "Quote").
 */
export function useQuoteFetcher(): QuoteFetcher {
  const injected = useContext(QuoteFetcherContext);
  const dataProvider = useConsoleDataProvider();
  return useMemo(() => injected ?? ((query, signal) => dataProvider.quote(query, signal)), [injected, dataProvider]);
}

class QuoteTimeoutError extends Error {
  constructor() {
    super(`request timed out after ${API_TIMEOUT_MS / 1000} s`);
  }
}

/**
 * One quote fetch with the §7 10 s timeout whatever the fetcher does. §8: a thrown error becomes an
 * error quote "Local err: <cause>" and is logged; a cancellation by react-query stays a cancellation.
 */
export async function runQuote(fetcher: QuoteFetcher, query: QuoteQuery, signal: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forwardAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new QuoteTimeoutError();
      controller.abort(error);
      reject(error);
    }, API_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fetcher(query, controller.signal), timeout]);
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('Quote fetch failed:', error);
    return localErrorQuote(error);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}
