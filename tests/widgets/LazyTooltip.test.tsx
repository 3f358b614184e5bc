// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BlockHeads } from '../../src/widgets/BlockHeads/BlockHeads.tsx';
import { live, renderWidget, resetLive } from './harness.tsx';

describe('§2 block-head tooltips, mounted only when wanted', () => {
  beforeEach(resetLive);

  it('§2 no tooltip is rendered until the pointer enters a button; then it shows the block and its age', async () => {
    renderWidget(<BlockHeads />);
    await live({ newHeads: { Arbitrum: { num: 987654321, changedAt: Date.now() - 3000 } } });
    const link = screen.getByRole('button', { name: 'Arbitrum block 987654321' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Arbitrum block 987654321, changed [34] s ago/);
    await userEvent.unhover(link);
    await userEvent.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Arbitrum block 987654321');
  });

  it('§2 keyboard focus shows the tooltip too', async () => {
    renderWidget(<BlockHeads />);
    await live({ newHeads: { Base: { num: 25180001, changedAt: Date.now() } } });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Base block 25180001' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Base block 25180001');
    // Mounting the tooltip must not take the keyboard user's focus away from the button.
    expect(screen.getByRole('button', { name: 'Base block 25180001' })).toHaveFocus();
  });
});
