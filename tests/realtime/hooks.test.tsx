// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { deriveConnectionStatus, sampledSource, SILENT_AFTER_MS, useConnectionState, useLiveFrom } from '../../src/realtime/hooks.ts';
import type { LiveState } from '../../src/realtime/liveState.ts';
import type { LiveStore } from '../../src/realtime/liveStore.ts';
import { handlerContext, manualStore } from './fixtures.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function GasOf({ store, network, onRender }: { store: LiveStore; network: string; onRender: () => void }) {
  const gas = useLiveFrom(store, (s: LiveState) => s.gasEstimate[network]);
  onRender();
  return <span data-testid={`gas-${network}`}>{gas ?? '-'}</span>;
}

describe('per-slice subscriptions (docs/architecture.md Live data)', () => {
  it('a gas update on network A does not re-render a component selecting network B', () => {
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const renderA = vi.fn();
    const renderB = vi.fn();
    render(
      <>
        <GasOf store={store} network="Arbitrum" onRender={renderA} />
        <GasOf store={store} network="Base" onRender={renderB} />
      </>,
    );
    const a0 = renderA.mock.calls.length;
    const b0 = renderB.mock.calls.length;
    act(() => {
      dispatchServerEvent('gas', { network: 'Arbitrum', gasEstimate: 7 }, ctx);
      flushFrame();
    });
    expect(screen.getByTestId('gas-Arbitrum')).toHaveTextContent('7');
    expect(renderA.mock.calls.length).toBe(a0 + 1);
    expect(renderB.mock.calls.length).toBe(b0);
  });

  it('1000 events in one frame render the subscriber once, with the last value', () => {
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const renders = vi.fn();
    render(<GasOf store={store} network="Base" onRender={renders} />);
    const before = renders.mock.calls.length;
    act(() => {
      for (let i = 1; i <= 1000; i++) dispatchServerEvent('gas', { network: 'Base', gasEstimate: i }, ctx);
    });
    expect(renders.mock.calls.length).toBe(before);
    expect(screen.getByTestId('gas-Base')).toHaveTextContent('-');
    act(() => flushFrame());
    expect(renders.mock.calls.length).toBe(before + 1);
    expect(screen.getByTestId('gas-Base')).toHaveTextContent('1000');
  });

  it('an equality function keeps derived values from re-rendering', () => {
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const renders = vi.fn();
    function Networks() {
      const names = useLiveFrom(
        store,
        (s) => Object.keys(s.gasEstimate).sort(),
        (a, b) => a.join() === b.join(),
      );
      renders();
      return <span>{names.join(',')}</span>;
    }
    render(<Networks />);
    act(() => {
      dispatchServerEvent('gas', { network: 'Base', gasEstimate: 1 }, ctx);
      flushFrame();
    });
    const n = renders.mock.calls.length;
    act(() => {
      dispatchServerEvent('gas', { network: 'Base', gasEstimate: 2 }, ctx);
      flushFrame();
    });
    expect(renders.mock.calls.length).toBe(n);
  });
});

describe('connection state', () => {
  it('derives live / silent / reconnecting / offline / connecting', () => {
    expect(deriveConnectionStatus('connected', 1000, 1000 + SILENT_AFTER_MS)).toBe('live');
    expect(deriveConnectionStatus('connected', 1000, 1001 + SILENT_AFTER_MS)).toBe('silent');
    expect(deriveConnectionStatus('connected', null, 0)).toBe('silent');
    expect(deriveConnectionStatus('reconnecting', 1, 2)).toBe('reconnecting');
    expect(deriveConnectionStatus('offline', 1, 2)).toBe('offline');
    // Not started yet (a page just loaded): connecting, not a red "Offline" flash on every reload.
    expect(deriveConnectionStatus('idle', null, 2)).toBe('connecting');
    expect(deriveConnectionStatus('connecting', null, 2)).toBe('connecting');
  });

  it('useConnectionState turns silent by itself after 15 s without events, and live again on an event', () => {
    vi.useFakeTimers({ now: 100_000 });
    const { store, flushFrame } = manualStore();
    function Status() {
      const { status } = useConnectionState(store);
      return <span data-testid="status">{status}</span>;
    }
    render(<Status />);
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    act(() => {
      store.update(() => ({ connection: 'connected', lastEventAt: Date.now() }));
      flushFrame();
    });
    expect(screen.getByTestId('status')).toHaveTextContent('live');
    act(() => vi.advanceTimersByTime(SILENT_AFTER_MS - 10));
    expect(screen.getByTestId('status')).toHaveTextContent('live');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByTestId('status')).toHaveTextContent('silent');
    act(() => {
      store.update(() => ({ lastEventAt: Date.now() }));
      flushFrame();
    });
    expect(screen.getByTestId('status')).toHaveTextContent('live');
  });
});

describe('figures read through sampledSource change at most once per tick, the last change always shown', () => {
  it('sixty gas updates in a second (one a frame) re-render a reader four times, on the 250 ms ticks, and it ends on the last value', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const sampled = sampledSource(store, 250);
    const onRender = vi.fn();
    function SampledGas() {
      const gas = useLiveFrom(sampled, (s: LiveState) => s.gasEstimate.Arbitrum);
      onRender();
      return <span data-testid="sampled">{gas ?? '-'}</span>;
    }
    render(<SampledGas />);
    const before = onRender.mock.calls.length;
    for (let frame = 1; frame <= 60; frame++) {
      act(() => {
        dispatchServerEvent('gas', { network: 'Arbitrum', gasEstimate: frame }, ctx);
        flushFrame();
        vi.advanceTimersByTime(1000 / 60);
      });
    }
    act(() => {
      vi.advanceTimersByTime(250);
    });
    const renders = onRender.mock.calls.length - before;
    // One render a tick (1,000,000 is a tick: ticks at +250, +500, +750, +1000), not sixty.
    expect(renders).toBeGreaterThanOrEqual(4);
    expect(renders).toBeLessThanOrEqual(5);
    expect(screen.getByTestId('sampled')).toHaveTextContent('60');
  });

  it('every reader of one view is told from one timer, so a table of thirty readers commits once a tick', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const sampled = sampledSource(store, 250);
    const told: number[] = [];
    const stops = Array.from({ length: 30 }, (_, i) => sampled.subscribe(() => told.push(i)));
    dispatchServerEvent('gas', { network: 'Base', gasEstimate: 3 }, ctx);
    flushFrame();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(told).toHaveLength(30);
    // The last reader gone, the view lets go of the store and leaves no timer behind.
    dispatchServerEvent('gas', { network: 'Base', gasEstimate: 4 }, ctx);
    flushFrame();
    for (const stop of stops) stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a reader that unsubscribes is not told after (no timer left behind)', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    const listener = vi.fn();
    const stop = sampledSource(store, 250).subscribe(listener);
    dispatchServerEvent('gas', { network: 'Base', gasEstimate: 3 }, ctx);
    flushFrame();
    stop();
    vi.advanceTimersByTime(1000);
    expect(listener).not.toHaveBeenCalled();
  });
});
