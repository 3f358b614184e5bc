// @vitest-environment jsdom
import { fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { TxHistoryDialog, compareTxHistoryEntries, txHistorySummary } from '../../src/ui/dialogs/TxHistoryDialog.tsx';
import { formatTime } from '../../src/domain/time.ts';

const theme = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider> });

const HASH = '0x64dbc86ff5b473ffa3b5901347b4eea63db04cdd14cbd8605a1ed17b68195af5';
const entry = (createdAt: number, extra: Record<string, unknown> = {}) => ({ id: `id-${createdAt}`, status: 'completed', network: 'Arbitrum', hash: HASH, amountIn: 1, amountOut: 2, createdAt, updatedAt: createdAt + 5, ...extra });

describe('§2/§5 transaction history popup', () => {
  it('§2 within a group entries run oldest first by createdAt, then by key; entries without a time go last', () => {
    // The Swap came first, the Bridge leg after it, though "buy:cex-transfer" sorts before "buy:lp".
    const history = {
      'buy:cex-transfer:1:Bridge': entry(2_000),
      'buy:lp:1:Swap': entry(1_000),
      'buy:lp:1:Approve': entry(1_000),
      'buy:lp:2:Swap': { note: 'no time' },
      'sell:lp:1:Sell': entry(3_000),
    };
    render(<TxHistoryDialog open title="History of t1" history={history} onClose={() => {}} />);
    const buy = screen.getByRole('region', { name: 'Buy' });
    const keys = within(buy)
      .getAllByRole('row')
      .map((row) => row.querySelectorAll('td')[1]?.getAttribute('title'));
    expect(keys).toEqual(['buy:lp:1:Approve', 'buy:lp:1:Swap', 'buy:cex-transfer:1:Bridge', 'buy:lp:2:Swap']);
    expect(within(buy).getByRole('heading')).toHaveTextContent('Buy (4)');
    expect(within(screen.getByRole('region', { name: 'Sell' })).getAllByRole('row')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Other' })).getByText('none')).toBeInTheDocument();
    expect(compareTxHistoryEntries({ key: 'b', value: entry(5) }, { key: 'a', value: entry(5) })).toBeGreaterThan(0);
  });

  it('§2 each entry is one summary row (the step in words, status, whole time, hash on the explorer, error in words); its fields in words on expand, amounts in their unit, never raw JSON', () => {
    const failed = entry(1_792_718_769_128, { status: 'failed', errCode: 34 });
    render(<TxHistoryDialog open title="History of t2" history={{ 'buy:lp:1:Swap': failed }} tokenName="PEPE" onClose={() => {}} />);
    const row = within(screen.getByRole('region', { name: 'Buy' })).getByRole('row');
    // The step in words, the backend's key on hover: "buy:lp:1:Swap" read as machine text.
    expect(within(row).getByText('Buy, attempt 1, Swap, via lp')).toHaveAttribute('title', 'buy:lp:1:Swap');
    expect(within(row).queryByText('buy:lp:1:Swap')).toBeNull();
    expect(within(row).getByText('failed')).toBeInTheDocument();
    expect(within(row).getByText(formatTime(1_792_718_769_128, 'local'))).toBeInTheDocument();
    const hash = within(row).getByRole('link', { name: '0x64dbc8…195af5' });
    expect(hash).toHaveAttribute('href', `https://arbiscan.io/tx/${HASH}`);
    expect(hash.getAttribute('title')).toContain(HASH);
    expect(within(row).getByText('failed to reduce solana swap amount by slippage (error code 34)')).toBeInTheDocument();
    const toggle = within(row).getByRole('button', { name: 'Details of Buy, attempt 1, Swap, via lp' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    const pairs = [...details.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Status', 'failed'],
      ['Network', 'Arbitrum'],
      ['Created', formatTime(1_792_718_769_128, 'local')],
      ['Updated', formatTime(1_792_718_769_133, 'local')],
      // The swap spends USD and buys the tx's token (docs/protocol.md "Trades").
      ['Amount in', '1.00 USD'],
      ['Amount out', '2.00 PEPE'],
      ['Hash', HASH],
      ['Error', 'failed to reduce solana swap amount by slippage (error code 34)'],
      ['Transaction', 'id-1792718769128'],
    ]);
    // No raw JSON anywhere: no braces, no epoch milliseconds.
    expect(screen.getByRole('dialog').textContent).not.toMatch(/[{}]|1792718769128\b/);
    fireEvent.click(toggle);
    expect(screen.queryByText('Amount out')).toBeNull();
  });

  it('§2 a leg skipped after a failure shows no hash, in its row or its details: it was never sent', () => {
    render(<TxHistoryDialog open title="History of t4" history={{ 'sell:odos:1:Sell': entry(5, { status: 'skip' }) }} onClose={() => {}} />);
    const row = within(screen.getByRole('region', { name: 'Sell' })).getByRole('row');
    expect(within(row).getByText('skip')).toBeInTheDocument();
    expect(within(row).queryAllByRole('link')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Details of Sell, attempt 1, Sell, via odos' }));
    expect(screen.getByRole('dialog').textContent).not.toContain(HASH.slice(0, 10));
  });

  it('§2 the summary reads only what is there: markup stays text, odd values give empty parts', () => {
    expect(txHistorySummary('<b>x</b>')).toEqual({ status: null, createdAt: null, hash: null, errorCode: null });
    expect(txHistorySummary({ status: '', createdAt: Number.NaN, hash: null, errorCode: 'E_SLIPPAGE' })).toEqual({ status: null, createdAt: null, hash: null, errorCode: 'E_SLIPPAGE' });
    render(<TxHistoryDialog open title="History of t3" history={{ odd: '<img src=x onerror=alert(1)>' }} onClose={() => {}} />);
    const other = screen.getByRole('region', { name: 'Other' });
    fireEvent.click(within(other).getByRole('button', { name: 'Details of odd' }));
    expect(within(other).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(other.querySelector('img')).toBeNull();
  });
});
