import type { ReactNode } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { liveStore } from '../../src/realtime/index.ts';
import type { LivePatch } from '../../src/realtime/liveStore.ts';
import type { BrainState } from '../../src/contract/index.ts';

export function brainState(overrides: Partial<BrainState> = {}): BrainState {
  return {
    walletAddress: '0xabc',
    workersRunning: false,
    workersStartedBy: '',
    routeSearchRunning: false,
    routeSearchProgress: 0,
    pinnedTokens: [],
    autosellPins: [],
    pendingSells: [],
    lockedNonces: [],
    wethPriceUSD: 3000,
    txPeerStatus: { peerA: 2 },
    zmqPeerStatus: { zmqA: 1 },
    nativePriceUSD: { ETH: 3000 },
    txState: null,
    ...overrides,
  };
}

/** A data provider whose console methods are spies that resolve. */
export function fakeApi() {
  return {
    ...testDataProvider(),
    startWorkers: vi.fn(async () => ({ ok: true })),
    stopWorkers: vi.fn(async () => ({ ok: true })),
    setSellOnly: vi.fn(async (_sellOnly: boolean) => ({ ok: true })),
    sendCommand: vi.fn(async (_to: string, _cmd: string) => ({ ok: true })),
    restartService: vi.fn(async (_service: string) => ({ ok: true })),
    restartServiceScaling: vi.fn(async (_service: string) => ({ ok: true })),
    restartPeer: vi.fn(async (_peer: string) => ({ ok: true })),
  };
}

export function renderWidget(ui: ReactNode, dataProvider: DataProvider = fakeApi()): RenderResult {
  return render(<AdminContext dataProvider={dataProvider}>{ui}</AdminContext>);
}

/** Patch the live store and let its once-per-frame flush reach the components. */
export async function live(patch: LivePatch): Promise<void> {
  await act(async () => {
    liveStore.update(() => patch);
    // The store publishes once per frame; under fake timers the frame may hang off a faked clock.
    if (vi.isFakeTimers()) vi.advanceTimersByTime(50);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

export async function resetLive(): Promise<void> {
  await act(async () => {
    liveStore.reset();
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

/** A screen `width` px wide, as MUI's useMediaQuery asks it (min-width / max-width queries only). */
export function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false };
  });
}
