// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from '../../src/ui/CrashBoundary.tsx';

describe('CrashBoundary: a render error in the signed-in frame is told in words, never a blank page', () => {
  it('shows the error with Try again and Reload page; Try again renders the frame again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = { broken: true };
    function Header() {
      if (state.broken) throw new RangeError('gas is not a number');
      return <p>header ok</p>;
    }
    render(
      <CrashBoundary>
        <Header />
      </CrashBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The console stopped on an error');
    expect(alert).toHaveTextContent('RangeError: gas is not a number');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    state.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('header ok')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
