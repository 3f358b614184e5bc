// @vitest-environment jsdom
import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadBoundary, LoadError, retryableLazy } from '../../src/ui/retryableLazy.tsx';

function Screen({ label }: { label: string }) {
  return <p>{label} loaded</p>;
}

/** A loader that fails while the network is down, as the browser's import() does. */
function networkLoader(network: { up: boolean }) {
  return vi.fn(async () => {
    if (network.up) return { default: Screen };
    throw new TypeError('Failed to fetch dynamically imported module: /assets/Screen-x.js');
  });
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error === null ? this.props.children : <p>outer caught: {String(this.state.error)}</p>;
  }
}

describe('§8 retryableLazy + LoadBoundary: a chunk that fails to load is named, and Try again loads it again', () => {
  it('§8 a failed import is thrown as a LoadError, shown with its cause; Try again imports again and shows the screen', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const network = { up: false };
    const load = networkLoader(network);
    const Lazy = retryableLazy('this screen', load);
    render(
      <LoadBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Lazy label="Transactions" />
        </Suspense>
      </LoadBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this screen. Check the connection to the server, then try again.');
    expect(alert).toHaveTextContent('Failed to fetch dynamically imported module: /assets/Screen-x.js');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(logged.mock.calls.some((args) => args.some((arg) => arg instanceof LoadError))).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    // Nothing loads again by itself while the message shows (a fetch per render would loop offline).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).toHaveBeenCalledTimes(1);

    network.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Transactions loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('§8 once loaded, the code is not loaded again on the next mount', async () => {
    const load = networkLoader({ up: true });
    const Lazy = retryableLazy('this screen', load);
    const view = render(
      <Suspense fallback={null}>
        <Lazy label="One" />
      </Suspense>,
    );
    expect(await screen.findByText('One loaded')).toBeInTheDocument();
    view.unmount();
    render(
      <Suspense fallback={null}>
        <Lazy label="Two" />
      </Suspense>,
    );
    expect(await screen.findByText('Two loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('§8 mounted again before Try again, the failed code shows the message again and fetches nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = networkLoader({ up: false });
    const Lazy = retryableLazy('this screen', load);
    const tree = () => (
      <LoadBoundary>
        <Suspense fallback={null}>
          <Lazy label="Tokens" />
        </Suspense>
      </LoadBoundary>
    );
    const first = render(tree());
    await screen.findByRole('alert');
    first.unmount();
    render(tree());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this screen.');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a dense boundary (floating window, corner) offers Try again without Reload page or the cause', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = retryableLazy('the swap window', networkLoader({ up: false }));
    render(
      <LoadBoundary dense>
        <Suspense fallback={null}>
          <Lazy label="Swap" />
        </Suspense>
      </LoadBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the swap window.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload page' })).toBeNull();
  });

  it('an error that is not a load failure goes on to the boundary above, unchanged', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new RangeError('render bug');
    }
    render(
      <Outer>
        <LoadBoundary>
          <Broken />
        </LoadBoundary>
      </Outer>,
    );
    expect(await screen.findByText('outer caught: RangeError: render bug')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
