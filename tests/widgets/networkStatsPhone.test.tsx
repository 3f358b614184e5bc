// @vitest-environment jsdom
/**
 * Gas and balances on a phone (on call from a phone, 390×844): the five-column table would run 80
 * px past the screen (and at 600 px beside the docked menu, make the page 687 px wide), so below md
 * each network is a card of its own, with the same figures (§1) and the same low-balance warning.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkStats } from '../../src/widgets/NetworkStats/NetworkStats.tsx';
import { brainState, live, renderWidget, resetLive, screenOf } from './harness.tsx';

const FIGURES = { gasEstimate: { Ethereum: 12, Base: 20, Solana: 0.05 }, balance: { Ethereum: 3, Base: 0.05, Solana: 35 } };

describe('§1 gas and balances at phone width (on call from a phone)', () => {
  beforeEach(async () => {
    await resetLive();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([390, 600])('at %i px shows one card per network (no table), with gas, balance, USD and what the balance pays for, low ones flagged', async (width) => {
    screenOf(width);
    renderWidget(<NetworkStats />);
    await live({ ...FIGURES, brainState: brainState() });
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Gas and balances per network' });
    const ethereum = within(list).getByRole('listitem', { name: 'Ethereum' });
    expect(within(ethereum).getByRole('heading', { name: 'Ethereum' })).toBeInTheDocument();
    expect(within(ethereum).getByText('Gas, gwei').nextElementSibling).toHaveTextContent('12');
    expect(within(ethereum).getByText('Balance').nextElementSibling).toHaveTextContent('3.00 ETH');
    expect(ethereum).toHaveTextContent('pays for ≈ 833 txs');
    expect(within(list).getByRole('listitem', { name: 'Base' })).toHaveTextContent('pays for ≈ 8 txs (low)');
    expect(within(list).getByRole('listitem', { name: 'Solana' })).toHaveTextContent('pays for –');
  });

  it('from md up (900 px) keeps the table with its Pays for column', async () => {
    screenOf(1440);
    renderWidget(<NetworkStats />);
    await live({ ...FIGURES, brainState: brainState() });
    expect(screen.getByRole('table', { name: 'Gas and balances per network' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Pays for' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Gas and balances per network' })).toBeNull();
  });
});
