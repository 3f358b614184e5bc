/** Resource screens inside AdminContext with a fake data provider carrying every custom call as a spy. */
import type { ReactNode } from 'react';
import { act, configure, render, type RenderResult } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { liveStore, type LivePatch } from '../../src/realtime/liveStore.ts';
import { createCustomMethods, type CustomMethods } from '../../src/dataProvider/customMethods.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { VERSION_CONFLICT_ERROR } from '../../src/contract/index.ts';

configure({ asyncUtilTimeout: 4000 });

type Spies = { [K in keyof CustomMethods]: ReturnType<typeof vi.fn> };

/** The names of the data provider's custom calls, taken from the real one so a fake misses none. */
const CALLS = Object.keys(createCustomMethods(() => Promise.reject(new Error('never called')))) as (keyof CustomMethods)[];

/** Every custom call resolves with { ok: true } unless a test says otherwise. */
export function fakeResourceApi(): Spies {
  return Object.fromEntries(CALLS.map((n) => [n, vi.fn(async () => ({ ok: true }))])) as Spies;
}

export function renderScreen(ui: ReactNode, api: Spies = fakeResourceApi(), base: Record<string, unknown> = {}): RenderResult & { api: Spies } {
  const dataProvider = { ...testDataProvider(), ...base, ...api } as unknown as DataProvider;
  const view = render(
    <AdminContext dataProvider={dataProvider} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );
  return { ...view, api };
}

/** Patch the live store and let its once-per-frame flush reach the components. */
export async function live(patch: LivePatch): Promise<void> {
  await act(async () => {
    liveStore.update(() => patch);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

export async function resetLive(): Promise<void> {
  await act(async () => {
    liveStore.reset();
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

/** What apiFetch throws for a stale version. */
export function conflictError(current: unknown): ApiError {
  return new ApiError(409, VERSION_CONFLICT_ERROR, { current });
}

/** apiFetch logs every failure (§8); tests of failures expect that log. */
export function expectLoggedErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}
