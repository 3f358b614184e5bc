/**
 * Who may call what: one table for every route the server registers, read by the one auth hook
 * with the route that matched (never the URL as written: `/%61pi/configs` matches `/api/configs`).
 * Deny by default: a matched route without an entry here is refused (403) even for Admin.
 * 'public' needs no token, 'any' needs a valid session, 'admin' needs role exactly Admin (§6).
 */
import { ADMIN_ROLE } from '../../../src/config/enums.ts';
import type { RouteAccess } from '../../../src/config/routes.ts';
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Permission {
  method: ApiMethod;
  /** The route pattern exactly as registered with fastify. */
  url: string;
  access: RouteAccess;
}

export const PERMISSIONS = [
  { method: 'POST', url: '/api/login', access: 'public' },
  // The wire contract as OpenAPI and AsyncAPI documents (issue 28): generated from the schemas, no data.
  { method: 'GET', url: '/api/openapi.json', access: 'public' },
  { method: 'GET', url: '/api/asyncapi.json', access: 'public' },
  // Ends the caller's own session (PROTOCOL "Login and the session token").
  { method: 'POST', url: '/api/logout', access: 'any' },

  // Any signed-in role: workers, sell only, commands, restarts, pins, quotes, reading transactions.
  { method: 'POST', url: '/api/workers/start', access: 'any' },
  { method: 'POST', url: '/api/workers/stop', access: 'any' },
  { method: 'PUT', url: '/api/settings/misc', access: 'any' },
  { method: 'POST', url: '/api/command', access: 'any' },
  { method: 'POST', url: '/api/services/:service/restart', access: 'any' },
  { method: 'POST', url: '/api/services/:service/restart/scaling', access: 'any' },
  { method: 'POST', url: '/api/txs/peers/:peer/restart', access: 'any' },
  { method: 'PUT', url: '/api/txs/pins', access: 'any' },
  { method: 'PUT', url: '/api/txs/pins/sell', access: 'any' },
  { method: 'GET', url: '/api/proxy/:a/:b', access: 'any' },
  { method: 'GET', url: '/api/txs/', access: 'any' },
  { method: 'GET', url: '/api/txs/:id', access: 'any' },
  { method: 'GET', url: '/api/txs/sell/:id', access: 'any' },
  // Any signed-in role: trades as journeys (PROTOCOL "Trades", the console's extension of §7).
  { method: 'GET', url: '/api/trades/', access: 'any' },
  { method: 'GET', url: '/api/trades/:tradeId', access: 'any' },
  // Any signed-in role: trade figures and network series (PROTOCOL "Stats", a console extension).
  { method: 'GET', url: '/api/stats/trades', access: 'any' },
  { method: 'GET', url: '/api/stats/series', access: 'any' },

  // Admin: tokens (the two GETs serve react-admin clients; the console reads tokens from the socket).
  { method: 'GET', url: '/api/tokens', access: 'admin' },
  { method: 'GET', url: '/api/tokens/:tokenName', access: 'admin' },
  { method: 'POST', url: '/api/tokens', access: 'admin' },
  { method: 'PUT', url: '/api/tokens/:tokenName', access: 'admin' },
  { method: 'DELETE', url: '/api/tokens/:tokenName', access: 'admin' },
  // Admin: bridges, their fee estimate and bridge automation.
  { method: 'POST', url: '/api/bridges', access: 'admin' },
  { method: 'PUT', url: '/api/bridges/:bridgeName', access: 'admin' },
  { method: 'DELETE', url: '/api/bridges/:bridgeName', access: 'admin' },
  { method: 'GET', url: '/api/bridges/fee-to-eth', access: 'admin' },
  { method: 'PUT', url: '/api/settings/automation/bridges', access: 'admin' },
  // Admin: configs.
  { method: 'GET', url: '/api/configs', access: 'admin' },
  { method: 'GET', url: '/api/configs/:configName', access: 'admin' },
  { method: 'PUT', url: '/api/configs/:configName', access: 'admin' },
  // Admin: user logs.
  { method: 'POST', url: '/api/logs/more', access: 'admin' },
  // Admin: new transactions.
  { method: 'POST', url: '/api/txs/sell', access: 'admin' },
  { method: 'PUT', url: '/api/txs/sell/:tradeId', access: 'admin' },
  { method: 'POST', url: '/api/txs/manual', access: 'admin' },
  { method: 'POST', url: '/api/txs/refund', access: 'admin' },
  { method: 'POST', url: '/api/txs/force', access: 'admin' },
  { method: 'POST', url: '/api/txs/unlock-nonce', access: 'admin' },
  // Admin: Solana bridge configuration (x is a path segment).
  { method: 'GET', url: '/api/solana-bridge/:x', access: 'admin' },
  { method: 'GET', url: '/api/solana-bridge/:x/:token', access: 'admin' },
  { method: 'GET', url: '/api/solana-bridge/:x/find/:q', access: 'admin' },
  { method: 'POST', url: '/api/solana-bridge/:x', access: 'admin' },
  { method: 'POST', url: '/api/solana-bridge/:x/import', access: 'admin' },
  { method: 'PUT', url: '/api/solana-bridge/:x/:token', access: 'admin' },
  { method: 'DELETE', url: '/api/solana-bridge/:x/:token', access: 'admin' },
  { method: 'DELETE', url: '/api/solana-bridge/:x/:token/:network', access: 'admin' },
  // Admin: cloud groups and the results cache.
  { method: 'POST', url: '/api/aws/restart', access: 'admin' },
  { method: 'PUT', url: '/api/aws/groups', access: 'admin' },
  { method: 'POST', url: '/api/settings/cache/results/clear', access: 'admin' },
  // Admin: alerts delivery (PROTOCOL "Alerts delivery"; the destinations hold secrets).
  { method: 'GET', url: '/api/alerts/destinations', access: 'admin' },
  { method: 'PUT', url: '/api/alerts/destinations', access: 'admin' },
  { method: 'POST', url: '/api/alerts/destinations/:id/test', access: 'admin' },
  { method: 'GET', url: '/api/alerts/deliveries', access: 'admin' },
] as const satisfies readonly Permission[];

/**
 * Routes outside SPEC §7, registered only when their feature is on: the simulator's control route
 * (demos and browser tests). Kept apart so the §7 table stays exactly the console's calls.
 */
export const SIM_PERMISSIONS = [
  { method: 'POST', url: '/api/sim/control', access: 'admin' },
] as const satisfies readonly Permission[];

/** The built console's hashed files; index.html and other files are served by the not-found handler. */
export const CONSOLE_FILE_PERMISSIONS = [
  { method: 'GET', url: '/assets/*', access: 'public' },
] as const satisfies readonly Permission[];

const byRoute = new Map<string, Permission>(
  [...PERMISSIONS, ...SIM_PERMISSIONS, ...CONSOLE_FILE_PERMISSIONS].map((p): [string, Permission] => [`${p.method} ${p.url}`, p]),
);

/** The entry for a registered route; HEAD is answered by the GET route, so it shares its entry. */
export function permissionFor(method: string, url: string | undefined): Permission | undefined {
  if (url === undefined) return undefined;
  return byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

export function isAllowed(permission: Permission, role: string): boolean {
  if (permission.access === 'admin') return role === ADMIN_ROLE;
  return true;
}
