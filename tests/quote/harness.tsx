import type { ReactNode } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { vi } from 'vitest';
import { liveStore } from '../../src/realtime/index.ts';
import type { LivePatch } from '../../src/realtime/liveStore.ts';
import type { QuoteQuery } from '../../src/contract/index.ts';
import { QuoteFetcherProvider, type QuoteFetcher } from '../../src/widgets/SwapQuote/index.ts';

export const ETH_WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
export const ETH_USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const ARB_WETH = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1';
export const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
export const POOL_A = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
export const POOL_B = '0x397ff1542f962076d0bfe58ea045ffa2d347aca0';
export const POOL_C = '0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7';

/** A quoteUi answer: the best route via uni_v3, the second via sushi then curve. */
export function quoteFor(query: QuoteQuery, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 1,
    network: query.network,
    from: query.tokenInAddress,
    to: query.tokenOutAddress,
    amountIn: query.amountIn,
    time: 4.2,
    block: 21_000_123,
    routes: [
      { amountOut: '3012345678912345', gasEstimate: 145000, routeInfo: [{ dex: 'uni_v3', poolAddress: POOL_A }] },
      {
        amountOut: '3000000000000000',
        gasEstimate: 250000,
        routeInfo: [
          { dex: 'sushi_v2', poolAddress: POOL_B },
          { dex: 'curve_stable', poolAddress: POOL_C },
        ],
      },
    ],
    ...overrides,
  };
}

export function fakeFetcher(answer: (query: QuoteQuery) => unknown = (q) => quoteFor(q)) {
  return vi.fn<QuoteFetcher>(async (query) => answer(query));
}

export function renderWithQuotes(ui: ReactNode, fetcher: QuoteFetcher): RenderResult {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <QuoteFetcherProvider fetcher={fetcher}>{ui}</QuoteFetcherProvider>
    </AdminContext>,
  );
}

/**
 * The quote timer ticks every 300 ms on its own (§2), so React sees updates no test step caused.
 * Testing Library's act() and waitFor() still switch the act environment on and off around what
 * the test does; between them, background ticks are normal and not warned about.
 */
export function allowBackgroundUpdates(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
}

/** Patch the live store and let its once-per-frame flush reach the components. */
export async function live(patch: LivePatch): Promise<void> {
  await act(async () => {
    liveStore.update(() => patch);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

export async function resetLive(): Promise<void> {
  await act(async () => {
    liveStore.reset();
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

/** trackingResults in whichever keyed shape the live store uses. */
export function trackingResults(entries: Record<string, Record<string, unknown>>): LivePatch['trackingResults'] {
  const current: unknown = liveStore.getState().trackingResults;
  const withKeys = Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, { key, ...value }]));
  return (current instanceof Map ? new Map(Object.entries(withKeys)) : withKeys) as LivePatch['trackingResults'];
}
