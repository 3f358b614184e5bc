import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { defaultFrameScheduler } from '../../src/realtime/frameQueue.ts';
import { handlerContext, manualStore } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('live values are coalesced (docs/architecture.md Live data): at most one notification per frame', () => {
  it('1000 events in one frame -> one notification to subscribers', () => {
    const { store, flushFrame, pending } = manualStore();
    const { ctx } = handlerContext(store);
    const listener = vi.fn();
    store.subscribe(listener);
    for (let i = 0; i < 1000; i++) dispatchServerEvent('gas', { network: i % 2 ? 'Base' : 'Ethereum', gasEstimate: i }, ctx);
    expect(listener).not.toHaveBeenCalled();
    expect(pending()).toBe(1);
    expect(store.getState().gasEstimate).toEqual({ Ethereum: 998, Base: 999 }); // applied immediately
    expect(store.getSnapshot().gasEstimate).toEqual({}); // not yet published
    flushFrame();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getSnapshot().gasEstimate).toEqual({ Ethereum: 998, Base: 999 });
  });

  it('an update that changes nothing schedules no frame', () => {
    const { store, pending } = manualStore();
    store.update(() => ({ devMode: false }));
    store.update(() => null);
    expect(pending()).toBe(0);
  });

  it('uses a timer fallback outside the DOM (no requestAnimationFrame)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    expect(typeof globalThis.requestAnimationFrame).toBe('undefined');
    const store = new LiveStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.update(() => ({ devMode: true }));
    store.update(() => ({ workerStats: 'x' }));
    vi.advanceTimersByTime(16);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a Map written in one frame is copied before the next: published snapshots never change', () => {
    const { store, flushFrame } = manualStore();
    const { ctx } = handlerContext(store);
    dispatchServerEvent('workerIterationResult', { key: 'a', v: 1 }, ctx);
    dispatchServerEvent('workerIterationResult', { key: 'b', v: 1 }, ctx);
    flushFrame();
    const published = store.getSnapshot().trackingResults;
    expect(published.size).toBe(2);
    dispatchServerEvent('workerIterationResult', { key: 'c', v: 1 }, ctx);
    dispatchServerEvent('workerIterationError', { key: 'a', error: 'e' }, ctx);
    dispatchServerEvent('checkerAddResults', { iterId: 'i' }, ctx);
    expect(published.size).toBe(2);
    expect(store.getState().trackingResults).not.toBe(published);
    expect(store.getState().trackingResults.size).toBe(3);
    const listener = vi.fn();
    store.subscribe(listener);
    flushFrame();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('reset() returns to the initial state', () => {
    const { store, flushFrame } = manualStore();
    store.update(() => ({ devMode: true }));
    store.reset();
    flushFrame();
    expect(store.getSnapshot().devMode).toBe(false);
  });
});

describe('one frame callback for everything asked for before the frame (one React commit, not one per store)', () => {
  it('flushes asked for before a frame run together in its one callback, in order, a failing one costing the others nothing', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const thrown: unknown[] = [];
    const onError = (err: unknown) => thrown.push(err);
    process.on('uncaughtException', onError);
    try {
      const ran: string[] = [];
      defaultFrameScheduler(() => ran.push('live store'));
      defaultFrameScheduler(() => {
        throw new Error('a listener failed');
      });
      defaultFrameScheduler(() => ran.push('toast stack'));
      expect(frames).toHaveLength(1);
      frames[0]!(0);
      expect(ran).toEqual(['live store', 'toast stack']);
      // The next flush asks for a frame of its own.
      defaultFrameScheduler(() => ran.push('next frame'));
      expect(frames).toHaveLength(2);
      frames[1]!(16);
      expect(ran).toEqual(['live store', 'toast stack', 'next frame']);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(thrown).toEqual([new Error('a listener failed')]);
    } finally {
      process.off('uncaughtException', onError);
      vi.unstubAllGlobals();
    }
  });
});
