// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FloatingWindows } from '../../src/widgets/FloatingWindows/index.ts';
import { allowBackgroundUpdates, fakeFetcher, renderWithQuotes, resetLive } from '../quote/harness.tsx';

describe('§2 floating windows with the real react-rnd', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    localStorage.clear();
    await resetLive();
  });

  it('§2/§9 renders 360 × 500 at z-index 10000 in a fixed layer, dragged by its title bar', async () => {
    renderWithQuotes(<FloatingWindows />, fakeFetcher());
    await userEvent.click(screen.getByRole('button', { name: '#1 Swap', pressed: false }));
    // The window's frame loads lazily the first time a window shows.
    await screen.findByRole('heading', { name: '#1 Swap' }, { timeout: 10_000 });
    const frame = document.querySelector('[data-window-id="1"]') as HTMLElement;
    expect(frame).toHaveStyle({ width: '360px', height: '500px', zIndex: '10000', visibility: 'visible' });
    expect(screen.getByTestId('floating-windows-layer')).toHaveStyle({ position: 'fixed', zIndex: '10000', pointerEvents: 'none' });
    expect(screen.getByRole('heading', { name: '#1 Swap' }).closest('.floating-window-handle')).not.toBeNull();
  });
});
