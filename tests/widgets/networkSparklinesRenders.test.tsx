// @vitest-environment jsdom
/**
 * Sparkline redraw at 2,500 events/s no worse than without them: a row of Gas and balances
 * re-renders whenever its gas or balance changes, up to once a frame per network on a busy feed.
 * Its three sparklines follow their own series and draw on their canvas (src/charts), so that
 * re-render must not render them again: 66 charts rendered through React every frame would make
 * Home's event-to-paint p95 215 ms against 131 ms without them (bench/sparklines.bench.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SparklineProps } from '../../src/charts/types.ts';
import { NetworkStats } from '../../src/widgets/NetworkStats/NetworkStats.tsx';
import { brainState, live, renderWidget, resetLive, screenOf } from './harness.tsx';

/** Renders of each sparkline, by its accessible name. */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../src/charts/Sparkline.tsx', () => ({
  default: ({ label }: SparklineProps) => {
    renders.set(label, (renders.get(label) ?? 0) + 1);
    return <span role="img" aria-label={label} />;
  },
}));

describe('Gas and balances: a network row follows its gas and balance without rendering its sparklines again', () => {
  beforeEach(async () => {
    renders.clear();
    await resetLive();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['the table (1440 px)', 1440],
    ['the phone cards (390 px)', 390],
  ])('in %s, ten gas and balance changes update the figures and leave the three charts as first rendered', async (_where, width) => {
    screenOf(width);
    renderWidget(<NetworkStats />);
    await live({ gasEstimate: { Ethereum: 12, Base: 20 }, balance: { Ethereum: 3, Base: 1 }, brainState: brainState() });
    const region = width >= 900 ? screen.getByRole('table', { name: 'Gas and balances per network' }) : screen.getByRole('list', { name: 'Gas and balances per network' });
    const names = ['Gas on Ethereum, last hour', 'Balance on Ethereum, last hour', 'Block interval on Ethereum, last hour'];
    for (const name of names) expect(within(region).getByRole('img', { name })).toBeInTheDocument();
    const before = names.map((name) => renders.get(name) ?? 0);
    expect(before.every((n) => n >= 1)).toBe(true);

    for (let i = 1; i <= 10; i++) await live({ gasEstimate: { Ethereum: 12 + i, Base: 20 }, balance: { Ethereum: 3 + i, Base: 1 } });

    // The operator sees the new figures (the table's figures change at most four times a second)...
    await waitFor(() => expect(region).toHaveTextContent('22'), { timeout: 2000 });
    expect(region).toHaveTextContent('13.00 ETH');
    // ...and the charts were not rendered again (they redraw their canvas from their series).
    expect(names.map((name) => renders.get(name) ?? 0)).toEqual(before);
  });
});
