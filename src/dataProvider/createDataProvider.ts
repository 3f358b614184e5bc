/**
 * The console's data provider, the only way to the server: react-admin's CRUD methods for every
 * resource route (resourceProvider.ts: ra-data-simple-rest over REST, or the live store), the
 * custom calls of §7 (customMethods.ts), and react-admin's realtime API (realtime.ts).
 * Components reach custom calls with useConsoleDataProvider() and CRUD through react-admin's hooks.
 */
import type { ApiClient } from './apiFetch.ts';
import { createCustomMethods } from './customMethods.ts';
import { createRealtimeChannel, type RealtimeMethods } from './realtime.ts';
import { createResourceProvider, type ResourceRoute } from './resourceProvider.ts';

export interface DataProviderOptions {
  /** The resources' routes (from their definitions); a resource without one is REST at /{name}. */
  routes?: readonly ResourceRoute[];
  /** The realtime channel the socket publishes on; a private one by default. */
  realtime?: RealtimeMethods;
}

export function createDataProvider({ apiFetch, httpClient }: ApiClient, { routes = [], realtime = createRealtimeChannel() }: DataProviderOptions = {}) {
  return { ...createResourceProvider(httpClient, routes), ...createCustomMethods(apiFetch), ...realtime };
}

/** The console's data provider: react-admin's methods, the custom calls and realtime, typed. */
export type AppDataProvider = ReturnType<typeof createDataProvider>;
