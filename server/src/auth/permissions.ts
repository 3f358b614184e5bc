/**
 * Who may call what, read by the one auth hook with the route that matched (never the URL as
 * written: `/%61pi/configs` matches `/api/configs`). The /api routes are src/config/access.ts's
 * API_ROUTES, the table the console reads too; only the console's own files are added here.
 * Deny by default: a matched route without an entry is refused (403) even for Admin.
 * 'public' needs no token, 'any' needs a valid session, 'admin' needs role exactly Admin (§6).
 */
import { allows, API_ROUTES, apiRouteOf, eventAccessOf, settingAccessOf, type ApiRoute } from '../../../src/config/access.ts';
import type { ServerEventName } from '../../../src/contract/index.ts';

export type Permission = Pick<ApiRoute, 'method' | 'url' | 'access'>;

/** The routes every server registers (§7 and the contract documents). */
export const PERMISSIONS: readonly Permission[] = API_ROUTES.filter((r: ApiRoute) => r.only === undefined);

/** Routes registered only while the simulator runs: its control route (demos and browser tests). */
export const SIM_PERMISSIONS: readonly Permission[] = API_ROUTES.filter((r: ApiRoute) => r.only === 'simulator');

/** The built console's hashed files; index.html and other files are served by the not-found handler. */
export const CONSOLE_FILE_PERMISSIONS = [
  { method: 'GET', url: '/assets/*', access: 'public' },
] as const satisfies readonly Permission[];

/** The entry for a registered route; HEAD is answered by the GET route, so it shares its entry. */
export function permissionFor(method: string, url: string | undefined): Permission | undefined {
  const consoleFile = CONSOLE_FILE_PERMISSIONS.find((p) => p.url === url && (method === p.method || (method === 'HEAD' && p.method === 'GET')));
  return consoleFile ?? apiRouteOf(method, url);
}

export function isAllowed(permission: Permission, role: string): boolean {
  return allows(permission.access, role);
}

/**
 * §6 The settings among `settings` that `role` may not write through the route that matched (its
 * entry in API_ROUTES; a route without one allows none).
 */
export function settingsRefused<S extends string>(method: string, url: string | undefined, settings: readonly S[], role: string): S[] {
  const route = apiRouteOf(method, url);
  return settings.filter((setting) => route === undefined || !allows(settingAccessOf(route, setting), role));
}

/** §6 Whether a socket signed in with `role` may receive `event` (EVENT_ACCESS of the access table). */
export function mayReceiveEvent(event: ServerEventName, role: string): boolean {
  return allows(eventAccessOf(event), role);
}
