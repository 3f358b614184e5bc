// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockHeads } from '../../src/widgets/BlockHeads/BlockHeads.tsx';
import { SessionCountdown } from '../../src/widgets/SessionCountdown/SessionCountdown.tsx';
import { live, renderWidget, resetLive } from './harness.tsx';

describe('§2/§4 block-head buttons', () => {
  beforeEach(resetLive);
  afterEach(() => vi.useRealTimers());

  it('§2 a button per network showing the last 2 digits and the seconds since the change, opening the explorer block', async () => {
    const now = Date.now();
    renderWidget(<BlockHeads />);
    await live({ newHeads: { Arbitrum: { num: 987654321, changedAt: now - 2000 } } });
    const button = screen.getByRole('button', { name: 'Arbitrum block 987654321' });
    expect(button).toHaveTextContent('21');
    expect(button).toHaveTextContent(/2s/);
    expect(button).toHaveAttribute('href', 'https://arbiscan.io/block/987654321');
    expect(button).toHaveAttribute('target', '_blank');
    expect(button).toHaveAttribute('data-stale', 'false');
    // Space presses it like any button (Enter follows the link natively).
    const clicks = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener('click', clicks);
    fireEvent.keyDown(button, { key: ' ' });
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it("§4/§9 turns danger after the network's threshold and recovers on a new block", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = Date.now();
    renderWidget(<BlockHeads />);
    await live({ newHeads: { Base: { num: 100, changedAt: start }, Ethereum: { num: 200, changedAt: start } } });
    const base = () => screen.getByRole('button', { name: /^Base block/ });
    const eth = () => screen.getByRole('button', { name: /^Ethereum block/ });
    await act(async () => {
      vi.advanceTimersByTime(7000); // Base threshold 6000, Ethereum 15000
    });
    expect(base()).toHaveAttribute('data-stale', 'true');
    expect(eth()).toHaveAttribute('data-stale', 'false');
    await live({ newHeads: { Base: { num: 101, changedAt: Date.now() }, Ethereum: { num: 200, changedAt: start } } });
    expect(base()).toHaveAttribute('data-stale', 'false');
    await act(async () => {
      vi.advanceTimersByTime(9000);
    });
    expect(eth()).toHaveAttribute('data-stale', 'true');
  });
});

describe('§2/§4/§9 session countdown', () => {
  beforeEach(resetLive);
  afterEach(() => vi.useRealTimers());

  it('is neutral "--:--" until the first init tells the session length', async () => {
    renderWidget(<SessionCountdown />);
    const button = screen.getByRole('button', { name: /^Session time remaining/ });
    expect(button).toHaveTextContent('--:--');
    expect(button).toHaveAttribute('data-colour', 'light');
  });

  it('shows mm:ss, light at 10 min or more, warning under 10, danger under 5', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const now = Date.now();
    renderWidget(<SessionCountdown />);
    await live({ sessionDeadline: now + 10 * 60 * 1000 + 500, msRemainingBeforeDisconnect: 600_500 });
    const button = () => screen.getByRole('button', { name: /^Session time remaining/ });
    expect(button()).toHaveTextContent('10:00');
    expect(button()).toHaveAttribute('data-colour', 'light');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button()).toHaveTextContent('09:59');
    expect(button()).toHaveAttribute('data-colour', 'warning');
    await act(async () => {
      vi.advanceTimersByTime(5 * 60 * 1000);
    });
    expect(button()).toHaveTextContent('04:59');
    expect(button()).toHaveAttribute('data-colour', 'danger');
    await live({ msRemainingBeforeDisconnect: 0 });
    expect(button()).toHaveTextContent('00:00');
  });
});
