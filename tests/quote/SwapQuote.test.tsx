// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import { buildTokenEntries } from '../../src/domain/tokenSearch.ts';
import { SwapQuoteWindow, runQuote } from '../../src/widgets/SwapQuote/index.ts';
import {
  ARB_USDC, ARB_WETH, ETH_USDC, ETH_WETH, POOL_A, POOL_C, allowBackgroundUpdates, fakeFetcher, live, quoteFor,
  renderWithQuotes, resetLive, trackingResults,
} from './harness.tsx';

const panel = (n = 1) => within(screen.getByRole('region', { name: `Quote panel ${n}` }));
const amountInput = (n = 1) => panel(n).getByRole('textbox', { name: 'Amount' });
const lastQuery = (fetcher: ReturnType<typeof fakeFetcher>) => fetcher.mock.calls.at(-1)?.[0];

describe('§2/§4 swap quote window', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    await resetLive();
  });
  afterEach(() => vi.useRealTimers());

  it('§4 opens on the first token and the next one of its network, amount 1, and quotes it', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Ethereum' })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Choose To token: USDC on Ethereum' })).toBeInTheDocument();
    expect(amountInput()).toHaveValue('1');
    await waitFor(() =>
      expect(lastQuery(fetcher)).toEqual({ network: 'Ethereum', tokenInAddress: ETH_WETH, tokenOutAddress: ETH_USDC, amountIn: '1000000000000000000' }),
    );
  });

  it('§4 opens on the given network, tokens and amount; one token given puts WETH on the other side', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow initialState={{ network: 'Arbitrum', to: ARB_USDC.toUpperCase().replace('0X', '0x'), amount: '2' }} />, fetcher);
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Arbitrum' })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Choose To token: USDC on Arbitrum' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetcher)).toMatchObject({ network: 'Arbitrum', tokenInAddress: ARB_WETH, amountIn: '2000000000000000000' }));
  });

  it('§5/§7 sends the amount in exact base units: 1.5 with 18 decimals is 1500000000000000000', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '1.5');
    await waitFor(() => expect(lastQuery(fetcher)?.amountIn).toBe('1500000000000000000'));
    expect(fetcher.mock.calls.map(([q]) => q.amountIn)).not.toContain('');
  });

  it('§2 lists routes: Best first, others as negative percent, amounts to 12 significant digits, gas, explorer links', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    const routes = await panel().findByRole('list', { name: 'Routes' });
    const [best, second] = within(routes).getAllByRole('listitem', { name: /^Route/ });
    expect(within(best!).getByText('Best')).toBeInTheDocument();
    expect(within(best!).getByText('3012345678.91 USDC')).toBeInTheDocument();
    expect(within(best!).getByText('145,000 gas')).toBeInTheDocument();
    expect(within(second!).getByText('-0.41%')).toBeInTheDocument();
    expect(within(second!).getByText('sushi_v2')).toBeInTheDocument();
    expect(within(second!).getByText('curve_stable')).toBeInTheDocument();
    const link = within(best!).getByRole('link', { name: '0x88e6…5640' });
    expect(link).toHaveAttribute('href', `https://etherscan.io/address/${POOL_A}`);
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(second!).getByRole('link', { name: '0xbebc…f1c7' })).toHaveAttribute('href', `https://etherscan.io/address/${POOL_C}`);
    expect(routes.querySelector('[data-dex-logo="uni"]')).not.toBeNull();
    expect(routes.querySelector('[data-dex-logo="curve"]')).not.toBeNull();
    expect(panel().getByRole('textbox', { name: 'Amount out' })).toHaveValue('3012345678.91');
    expect(panel().getByText('block 21000123')).toBeInTheDocument();
  });

  it('§2 while a new amount is quoted the old routes are dimmed and their output is neither shown nor copied by swap', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    const routes = await panel().findByRole('list', { name: 'Routes' });
    expect(panel().getByRole('textbox', { name: 'Amount out' })).toHaveValue('3012345678.91');
    fetcher.mockImplementation((query) => new Promise((resolve) => (answer = () => resolve(quoteFor(query)))));
    await userEvent.type(amountInput(), '0');
    expect(panel().getByRole('textbox', { name: 'Amount out' })).toHaveValue('');
    expect(routes).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(lastQuery(fetcher)?.amountIn).toBe('10000000000000000000'));
    expect(panel().getByRole('list', { name: 'Routes' })).toHaveAttribute('aria-busy', 'true');
    expect(panel().getByRole('textbox', { name: 'Amount out' })).toHaveValue('');
    answer(undefined);
    await waitFor(() => expect(panel().getByRole('list', { name: 'Routes' })).toHaveAttribute('aria-busy', 'false'));
    expect(panel().getByRole('textbox', { name: 'Amount out' })).not.toHaveValue('');
  });

  it('§2 an unknown exchange gets the default logo', async () => {
    renderWithQuotes(
      <SwapQuoteWindow />,
      fakeFetcher((q) => quoteFor(q, { routes: [{ amountOut: '1', gasEstimate: 1, routeInfo: [{ dex: 'mystery_v1', poolAddress: POOL_A }] }] })),
    );
    const routes = await panel().findByRole('list', { name: 'Routes' });
    expect(routes.querySelector('[data-dex-logo="default"]')).not.toBeNull();
  });

  it('§4 the swap button exchanges sides and copies the best output, scaled by decimals, into the amount', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await panel().findByRole('list', { name: 'Routes' });
    await userEvent.click(panel().getByRole('button', { name: 'Swap direction' }));
    expect(panel().getByRole('button', { name: 'Choose From token: USDC on Ethereum' })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Choose To token: WETH on Ethereum' })).toBeInTheDocument();
    expect(amountInput()).toHaveValue('3012345678.912345');
    await waitFor(() =>
      expect(lastQuery(fetcher)).toEqual({ network: 'Ethereum', tokenInAddress: ETH_USDC, tokenOutAddress: ETH_WETH, amountIn: '3012345678912345' }),
    );
    // no intermediate quote of the old amount in the new token
    expect(fetcher.mock.calls.some(([q]) => q.tokenInAddress === ETH_USDC && q.amountIn === '1000000')).toBe(false);
  });

  it('§5 an empty amount gives "Enter an amount to quote" and no quote', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await userEvent.clear(amountInput());
    expect(panel().getByRole('alert')).toHaveTextContent('Enter an amount to quote');
    expect(panel().queryByRole('list', { name: 'Routes' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('§5 too many decimals or not a number give the conversion message', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    fireEvent.change(amountInput(), { target: { value: '1.0000000000000000001' } });
    expect(panel().getByRole('alert')).toHaveTextContent('Amount has more than 18 decimal places');
    fireEvent.change(amountInput(), { target: { value: 'abc' } });
    expect(panel().getByRole('alert')).toHaveTextContent('Amount must be a number');
  });

  it('§5 from and to on different networks: "From and To tokens must be on the same network"', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    // WETH is WETH: switching its network leaves the other side on Ethereum.
    await userEvent.click(panel().getByRole('button', { name: 'From WETH on Base' }));
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Base' })).toBeInTheDocument();
    expect(panel().getByRole('alert')).toHaveTextContent('From and To tokens must be on the same network');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('§4 a plain click on another network of a non-WETH token switches that side and puts WETH opposite', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await userEvent.click(panel().getByRole('button', { name: 'To USDC on Arbitrum' }));
    expect(panel().getByRole('button', { name: 'Choose To token: USDC on Arbitrum' })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Arbitrum' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetcher)).toMatchObject({ network: 'Arbitrum', tokenInAddress: ARB_WETH, tokenOutAddress: ARB_USDC }));
  });

  it('§2 a click on a network icon leaves the icons in their order, the clicked one now pressed', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    const icons = () => within(panel().getByRole('group', { name: "To token's networks" })).getAllByRole('button');
    const names = icons().map((icon) => icon.getAttribute('aria-label'));
    expect(names).toEqual(['To USDC on Arbitrum', 'To USDC on Base', 'To USDC on Binance', 'To USDC on Ethereum', 'To USDC on Optimism', 'To USDC on Polygon']);
    expect(panel().getByRole('button', { name: 'To USDC on Ethereum' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(panel().getByRole('button', { name: 'To USDC on Arbitrum' }));
    expect(panel().getByRole('button', { name: 'Choose To token: USDC on Arbitrum' })).toBeInTheDocument();
    expect(icons().map((icon) => icon.getAttribute('aria-label'))).toEqual(names);
    expect(icons().map((icon) => icon.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);
    // The chosen network's own icon changes nothing: the other side stays as it is.
    await userEvent.click(panel().getByRole('button', { name: 'To USDC on Arbitrum' }));
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Arbitrum' })).toBeInTheDocument();
  });

  it('§8 a response error shows its text, an empty one Unknown error', async () => {
    let error = 'No route found';
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher((q) => quoteFor(q, { error, routes: [] })));
    expect(await panel().findByRole('alert')).toHaveTextContent('No route found');
    error = '';
    await userEvent.click(panel().getByRole('button', { name: 'Refresh quote' }));
    await waitFor(() => expect(panel().getByRole('alert')).toHaveTextContent('Unknown error'));
  });

  it('§8 a time that is not a number shows "Quote res malformed?"', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher((q) => quoteFor(q, { time: 'soon' })));
    expect(await panel().findByRole('alert')).toHaveTextContent('Quote res malformed?');
    expect(panel().queryByRole('list', { name: 'Routes' })).toBeNull();
  });

  it('§8 a thrown fetch error becomes "Local err: <cause>" and is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithQuotes(
      <SwapQuoteWindow />,
      vi.fn(async () => {
        throw new Error('connection refused');
      }),
    );
    expect(await panel().findByRole('alert')).toHaveTextContent('Local err: connection refused');
    expect(logged).toHaveBeenCalledWith('Quote fetch failed:', expect.any(Error));
  });

  it('§7 Refresh fetches the quote again', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await userEvent.click(panel().getByRole('button', { name: 'Refresh quote' }));
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    expect(fetcher.mock.calls[1]?.[0]).toEqual(fetcher.mock.calls[0]?.[0]);
  });

  it('§4/§7 a change of a tracked pool result of the panel tokens fetches again; other pools do not', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await live({ trackingResults: trackingResults({ LINK_Arbitrum_Ethereum_lp: { profit: 1 } }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await live({ trackingResults: trackingResults({ USDC_Base_Ethereum_lp: { profit: 2 } }) });
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    await live({ trackingResults: trackingResults({ USDC_Base_Ethereum_lp: { profit: 3 } }) });
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(3));
  });

  it('§2 the timer shows seconds since the last successful fetch, updated every 300 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    await panel().findByRole('list', { name: 'Routes' });
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(panel().getByTestId('quote-timer')).toHaveTextContent('3.0 s ago');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(panel().getByTestId('quote-timer')).toHaveTextContent('3.3 s ago');
  });
});

describe('§7 quote fetch', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    await resetLive();
  });
  afterEach(() => vi.useRealTimers());

  it('§7 without an injected fetcher, asks the data provider\'s quote (GET /proxy/worker/quoteUi)', async () => {
    const quote = vi.fn(async (query: Parameters<typeof quoteFor>[0], _signal?: AbortSignal) => quoteFor(query));
    render(
      <AdminContext dataProvider={{ ...testDataProvider(), quote }}>
        <SwapQuoteWindow />
      </AdminContext>,
    );
    await waitFor(() =>
      expect(quote).toHaveBeenCalledWith(
        { network: 'Ethereum', tokenInAddress: ETH_WETH, tokenOutAddress: ETH_USDC, amountIn: '1000000000000000000' },
        expect.any(AbortSignal),
      ),
    );
    expect(await panel().findByText('3012345678.91 USDC')).toBeInTheDocument();
  });

  it('§7/§8 gives up after 10 s: "Local err: request timed out after 10 s", logged', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let seen: AbortSignal | undefined;
    const pending = runQuote(
      (_query, signal) => {
        seen = signal;
        return new Promise(() => {});
      },
      { network: 'Ethereum', tokenInAddress: ETH_WETH, tokenOutAddress: ETH_USDC, amountIn: '1' },
      new AbortController().signal,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ error: 'Local err: request timed out after 10 s', routes: [] });
    expect(seen?.aborted).toBe(true);
    expect(logged).toHaveBeenCalledOnce();
  });

  it('§7 a cancellation by react-query stays a cancellation, not an error quote', async () => {
    const controller = new AbortController();
    const pending = runQuote(
      (_query, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      { network: 'Ethereum', tokenInAddress: ETH_WETH, tokenOutAddress: ETH_USDC, amountIn: '1' },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
  });
});

describe('§2/§5 token picker', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    await resetLive();
  });
  const listed = buildTokenEntries(BUILTIN_TOKENS, {}).length;

  it('§2 is titled Select token, searches "name/address [network]", shows 20 and "Showing 20 of N tokens"', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    await userEvent.click(panel().getByRole('button', { name: /^Choose To token/ }));
    const picker = within(panel().getByRole('dialog', { name: 'Select token' }));
    expect(picker.getByRole('heading', { name: 'Select token' })).toBeInTheDocument();
    const search = picker.getByPlaceholderText('name/address [network]');
    expect(search).toHaveFocus();
    expect(within(picker.getByRole('list', { name: 'Tokens' })).getAllByRole('button')).toHaveLength(20);
    expect(picker.getByText(`Showing 20 of ${listed} tokens`)).toBeInTheDocument();

    await userEvent.type(search, 'usdc arb');
    expect(picker.queryByText(/^Showing/)).toBeNull();
    const names = within(picker.getByRole('list', { name: 'Tokens' })).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([expect.stringContaining('USDCArbitrum · 0xaf88…5831'), expect.stringContaining('USDC.eArbitrum · 0xff97…5cc8')]);
    await userEvent.click(picker.getByText('USDC.e'));
    expect(screen.queryByRole('dialog', { name: 'Select token' })).toBeNull();
    expect(panel().getByRole('button', { name: 'Choose To token: USDC.e on Arbitrum' })).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Arbitrum' })).toBeInTheDocument();
  });

  it('§5 searches by address; Cancel and Escape close without choosing', async () => {
    renderWithQuotes(<SwapQuoteWindow />, fakeFetcher());
    await userEvent.click(panel().getByRole('button', { name: /^Choose From token/ }));
    const picker = within(panel().getByRole('dialog', { name: 'Select token' }));
    await userEvent.type(picker.getByRole('textbox', { name: 'Search tokens' }), '0x514910');
    expect(picker.getByText('LINK')).toBeInTheDocument();
    await userEvent.click(picker.getByRole('button', { name: 'Cancel' }));
    expect(panel().queryByRole('dialog')).toBeNull();
    expect(panel().getByRole('button', { name: 'Choose From token: WETH on Ethereum' })).toBeInTheDocument();

    await userEvent.click(panel().getByRole('button', { name: /^Choose From token/ }));
    expect(panel().getByRole('textbox', { name: 'Search tokens' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(panel().queryByRole('dialog')).toBeNull();
  });

  it('§3 lists allTokens networkData beside the built-in list (ATA skipped); Enter picks the first match', async () => {
    await live({
      allTokens: {
        ZEBRA: {
          tokenName: 'ZEBRA',
          networkData: {
            Ethereum: { address: '0x00000000000000000000000000000000000ABCDE', decimals: 9 },
            ATA: { address: '0x1111111111111111111111111111111111111111', decimals: 9 },
          },
        },
      },
    });
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    await userEvent.click(panel().getByRole('button', { name: /^Choose From token/ }));
    const picker = within(panel().getByRole('dialog', { name: 'Select token' }));
    await userEvent.type(picker.getByRole('textbox', { name: 'Search tokens' }), 'zebra');
    expect(picker.getAllByText('ZEBRA')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(panel().getByRole('button', { name: 'Choose From token: ZEBRA on Ethereum' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetcher)).toMatchObject({ tokenInAddress: '0x00000000000000000000000000000000000abcde', amountIn: '1000000000' }));
  });
});

describe('§2 second panel', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    await resetLive();
  });

  it('§2 Ctrl/Cmd-click on another network opens a second panel beside the first', async () => {
    const fetcher = fakeFetcher();
    renderWithQuotes(<SwapQuoteWindow />, fetcher);
    fireEvent.click(panel().getByRole('button', { name: 'To USDC on Arbitrum' }), { ctrlKey: true });
    expect(panel(1).getByRole('button', { name: 'Choose To token: USDC on Ethereum' })).toBeInTheDocument();
    expect(panel(2).getByRole('button', { name: 'Choose From token: WETH on Arbitrum' })).toBeInTheDocument();
    expect(panel(2).getByRole('button', { name: 'Choose To token: USDC on Arbitrum' })).toBeInTheDocument();
    await waitFor(() => expect(fetcher.mock.calls.some(([q]) => q.network === 'Arbitrum' && q.tokenOutAddress === ARB_USDC)).toBe(true));

    fireEvent.click(panel(1).getByRole('button', { name: 'From WETH on Base' }), { metaKey: true });
    expect(panel(2).getByRole('button', { name: 'Choose From token: WETH on Base' })).toBeInTheDocument();
    await userEvent.click(panel(2).getByRole('button', { name: 'Close Quote panel 2' }));
    expect(screen.queryByRole('region', { name: 'Quote panel 2' })).toBeNull();
  });
});
