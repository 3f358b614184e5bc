/**
 * Who may call what (§6), read from the operations table (src/contract/operations.ts): each /api
 * route is registered from its entry, which rides in the route's config, and the one auth hook reads
 * that entry from the route that matched (never the URL as written: `/%61pi/configs` matches
 * `/api/configs`). Only the console's own files are added here.
 * Deny by default: a matched route without an entry is refused (403) even for Admin.
 * 'public' needs no token, 'any' needs a valid session, 'admin' needs role exactly Admin (§6).
 */
import { allows, eventAccessOf, type Access } from '../../../src/config/access.ts';
import type { ServerEventName } from '../../../src/contract/index.ts';
import { OPERATIONS, operationAt, settingAccessOf, type Operation } from '../../../src/contract/operations.ts';
import { SIM_CONTROL } from '../sim/control.ts';

export interface Permission {
  method: string;
  url: string;
  access: Access;
}

const permissionOf = (op: Operation): Permission => ({ method: op.method, url: op.path, access: op.access });

/** The routes every server registers: the operations table's. */
export const PERMISSIONS: readonly Permission[] = OPERATIONS.map(permissionOf);

/** Routes registered only while the simulator runs: its control route (demos and browser tests). */
export const SIM_PERMISSIONS: readonly Permission[] = [permissionOf(SIM_CONTROL)];

/** The built console's hashed files; index.html and other files are served by the not-found handler. */
export const CONSOLE_FILE_PERMISSIONS = [
  { method: 'GET', url: '/assets/*', access: 'public' },
] as const satisfies readonly Permission[];

/** A matched route's own entry, as the auth hook finds it. */
export interface MatchedRoute {
  readonly method: string;
  readonly routeOptions: { readonly url?: string; readonly config: { readonly operation?: Operation } };
}

/** The permission of the route that matched: its operation's, or a console file's; undefined refuses it. */
export function permissionOfRoute(request: MatchedRoute): Permission | undefined {
  const op = request.routeOptions.config.operation;
  return op ? permissionOf(op) : consoleFilePermission(request.method, request.routeOptions.url);
}

function consoleFilePermission(method: string, url: string | undefined): Permission | undefined {
  return CONSOLE_FILE_PERMISSIONS.find((p) => p.url === url && (method === p.method || (method === 'HEAD' && p.method === 'GET')));
}

/** The entry of a route pattern, for callers that have no request (tests, the checker); HEAD shares GET's. */
export function permissionFor(method: string, url: string | undefined): Permission | undefined {
  const simControl = (method === 'HEAD' ? 'GET' : method) === SIM_CONTROL.method && url === SIM_CONTROL.path ? SIM_CONTROL : undefined;
  const op = operationAt(method, url) ?? simControl;
  return op ? permissionOf(op) : consoleFilePermission(method, url);
}

export function isAllowed(permission: Permission, role: string): boolean {
  return allows(permission.access, role);
}

/**
 * §6 The settings among `settings` that `role` may not write through the route that matched (its
 * operation's `settings`; a route without an operation allows none).
 */
export function settingsRefused<S extends string>(request: MatchedRoute, settings: readonly S[], role: string): S[] {
  const op = request.routeOptions.config.operation;
  return settings.filter((setting) => op === undefined || !allows(settingAccessOf(op, setting), role));
}

/** §6 Whether a socket signed in with `role` may receive `event` (EVENT_ACCESS of the access table). */
export function mayReceiveEvent(event: ServerEventName, role: string): boolean {
  return allows(eventAccessOf(event), role);
}
