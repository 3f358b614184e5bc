import { describe, expect, it, vi } from 'vitest';
import type { ConnectedServices } from '../../src/contract/index.ts';
import type { Toaster } from '../../src/notifications/toaster.ts';
import { initialLiveState, type LiveState } from '../../src/realtime/liveState.ts';
import { createSystemSignalWatch, serviceDownToastId, stuckToastId } from '../../src/widgets/SystemSignals/watchSystemSignals.ts';

const services = (eventerUp: boolean): ConnectedServices => ({
  numConnected: eventerUp ? 2 : 1,
  numExpected: 2,
  services: [
    { name: 'eventer', connected: eventerUp, lastSeenAt: 1000 },
    { name: 'croner', connected: true, lastSeenAt: 1000 },
  ],
});

describe('stuck trades and services down, told once each', () => {
  it('a trade that became stuck and a service that went down each raise one toast of their kind; back up closes it and says so', () => {
    const toaster: Pick<Toaster, 'show' | 'close'> = { show: vi.fn(), close: vi.fn() };
    let state: LiveState = { ...initialLiveState(), connectedServices: services(true) };
    const look = createSystemSignalWatch({ toaster, getState: () => state, now: () => 2000 });
    look();
    expect(toaster.show).not.toHaveBeenCalled();

    state = {
      ...state,
      connectedServices: services(false),
      stuckTrades: new Map([['trade-abcdef123', { step: 1, pendingMs: 90_000, expectedMs: 20_000, since: 2000 }]]),
    };
    look();
    look();
    const calls = vi.mocked(toaster.show).mock.calls;
    expect(calls.map(([message, o]) => [message, o.kind, o.variant])).toEqual([
      ['Trade trade-ab stuck at step 2 for 1 min 30 s', 'tradeStuck', 'warning'],
      ['Service eventer is down', 'serviceDown', 'error'],
    ]);
    expect(calls[0]?.[1].link?.href).toBe('/tx/trades/trade-abcdef123');

    state = { ...state, connectedServices: services(true), stuckTrades: new Map() };
    look();
    expect(toaster.close).toHaveBeenCalledWith(serviceDownToastId('eventer'));
    expect(toaster.close).toHaveBeenCalledWith(stuckToastId('trade-abcdef123'));
    expect(toaster.show).toHaveBeenLastCalledWith('Service eventer is back up', expect.objectContaining({ kind: 'serviceUp', variant: 'success' }));
  });
});
