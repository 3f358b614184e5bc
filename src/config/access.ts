/**
 * Who may do what, said once (§2, §6, §7; docs/architecture.md "One table for who may do what"). Two parts of one table:
 * - ROUTES, the console's screens: routing, the sidebar, the auth provider's canAccess, and for a
 *   resource screen the kit's views and buttons per action;
 * - API_ROUTES, every /api route the reference server registers: its one auth hook reads the entry
 *   of the route that matched (server/src/auth/permissions.ts), and the OpenAPI document says it.
 * The console's rules are a convenience; the server's are what protects the data.
 */
import { ADMIN_ROLE } from './enums.ts';

/** Who may: anyone, any signed-in user, or role exactly Admin (§6). */
export type Access = 'public' | 'any' | 'admin';

/** Who may do an action of a resource screen; 'none': the console does not offer it. */
export type ActionAccess = Access | 'none';

/** §6 Whether `role` may: 'admin' needs role exactly Admin ("admin" is not), 'none' is no one. Signing in is checked apart. */
export function allows(access: ActionAccess, role: unknown): boolean {
  return access === 'public' || access === 'any' || (access === 'admin' && role === ADMIN_ROLE);
}

/** A resource screen's actions besides listing (its list is the screen's own access), and its record commands. */
export interface ResourceActions {
  show: ActionAccess;
  create: ActionAccess;
  edit: ActionAccess;
  delete: ActionAccess;
  /** A command on one record (a restart...), by the command's name. */
  commands?: Readonly<Record<string, Access>>;
}

export interface RouteEntry {
  path: string;
  access: Access;
  /** The page heading and the menu item. */
  title: string;
  /** The screen is a resource of the kit (react-admin's name: the path without its slash). */
  resource?: ResourceActions;
}

/** The console's screens in menu order (§2), with who may open each (§6). */
export const ROUTES = [
  { path: '/login', access: 'public', title: 'Sign in' },
  { path: '/', access: 'any', title: 'Home' },
  { path: '/tx', access: 'any', title: 'Transactions', resource: { show: 'any', create: 'none', edit: 'none', delete: 'none' } },
  { path: '/tx/latest', access: 'any', title: 'Latest transactions' },
  // Added to §2's: trades as journeys, docs/protocol.md "Trades" (hidden when the backend has none).
  { path: '/tx/trades', access: 'any', title: 'Trades', resource: { show: 'any', create: 'none', edit: 'none', delete: 'none' } },
  // Added to §2's: trade figures over time, docs/protocol.md "Stats" (hidden when the backend has none).
  { path: '/analytics', access: 'any', title: 'Analytics' },
  { path: '/tsettings', access: 'any', title: 'Preferences' },
  { path: '/tsettings/tokens', access: 'any', title: 'Token pins', resource: { show: 'none', create: 'none', edit: 'none', delete: 'none' } },
  { path: '/tx/new', access: 'admin', title: 'New transaction' },
  { path: '/settings', access: 'admin', title: 'System settings' },
  { path: '/settings/networks', access: 'admin', title: 'Networks' },
  { path: '/settings/configs', access: 'admin', title: 'Configs', resource: { show: 'none', create: 'none', edit: 'admin', delete: 'none' } },
  { path: '/settings/tokens', access: 'admin', title: 'Manage tokens', resource: { show: 'none', create: 'admin', edit: 'admin', delete: 'admin' } },
  { path: '/settings/userlogs', access: 'admin', title: 'User logs', resource: { show: 'none', create: 'none', edit: 'none', delete: 'none' } },
  // show: a bridge's Solana bridge configuration.
  { path: '/settings/bridges', access: 'admin', title: 'Bridges', resource: { show: 'admin', create: 'admin', edit: 'admin', delete: 'admin' } },
  // Added to §2's: alerts delivery (docs/protocol.md "Alerts delivery", Admin only).
  { path: '/settings/alerts', access: 'admin', title: 'Alert delivery' },
  // Not one of §2's: §7's /aws/groups as a resource of their own.
  {
    path: '/settings/cloudgroups',
    access: 'admin',
    title: 'Cloud groups',
    resource: { show: 'none', create: 'admin', edit: 'admin', delete: 'admin', commands: { restart: 'admin' } },
  },
] as const satisfies readonly RouteEntry[];

/** The screens of the signed-in console: every route but /login. */
export type ScreenPath = Exclude<(typeof ROUTES)[number]['path'], '/login'>;
export type ScreenRoute = Extract<(typeof ROUTES)[number], { path: ScreenPath }>;

type Unslashed<P> = P extends `/${infer Name}` ? Name : never;
/** react-admin's name of each resource screen: `settings/tokens`. */
export type ResourceName = Unslashed<Extract<(typeof ROUTES)[number], { resource: ResourceActions }>['path']>;

/** A resource's access per action, its list being its screen's; undefined for a name that is no resource screen. */
export function resourceAccessOf(name: string): (ResourceActions & { list: Access }) | undefined {
  const route: RouteEntry | undefined = ROUTES.find((r) => r.path === `/${name}`);
  return route?.resource ? { list: route.access, ...route.resource } : undefined;
}

/** §6 The screens a role may see, in menu order: 'any' ones for everyone signed in, 'admin' ones for exactly Admin. */
export function screensFor(role: unknown): ScreenRoute[] {
  return ROUTES.filter((r): r is ScreenRoute => r.access !== 'public' && allows(r.access, role));
}

/** §6 The screens a signed-in role may not open (each goes home). */
export function refusedScreensFor(role: unknown): ScreenRoute[] {
  return ROUTES.filter((r): r is ScreenRoute => r.access !== 'public' && !allows(r.access, role));
}

/**
 * §6 Who may open a path of the console: Admin only at or below an admin screen (/settings/bridges/x
 * too), any signed-in user elsewhere.
 */
export function pathAccessOf(path: string): Access {
  const admin = ROUTES.some((r) => r.access === 'admin' && (path === r.path || path.startsWith(`${r.path}/`)));
  return admin ? 'admin' : 'any';
}

/**
 * §6 What a screen offers only to some roles, by name, with who may: the console shows or asks for
 * it only then. Each has the access of what it calls or opens (the /api routes and their settings
 * below, the screens above), which the server guards, so no role is offered what it would be refused.
 */
export const CAPABILITIES = {
  // §6 The user log is Admin's (/settings/userlogs, POST /api/logs/more, newUserLog): home's feed asks for it for an Admin only.
  seeUserLogFeed: 'admin',
  // §6 The alert rules every console evaluates are an Admin's to set (PUT /api/settings/misc's alertRules setting).
  saveAlertRulesForEveryone: 'admin',
  // §6 What the server fires now and where it went is read from /api/alerts/deliveries and /destinations, Admin's.
  seeAlertsFiringOnServer: 'admin',
  // §6 A stuck or failed trade's operations (refund, force, unlock nonce, manual) each open /tx/new, an Admin screen.
  openTradeOperations: 'admin',
} as const satisfies Readonly<Record<string, Access>>;

export type Capability = keyof typeof CAPABILITIES;

/** §6 Whether `role` is offered `capability` (src/config/access.ts CAPABILITIES). */
export function mayUse(capability: Capability, role: unknown): boolean {
  return allows(CAPABILITIES[capability], role);
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** The route pattern exactly as the server registers it. */
  url: string;
  access: Access;
  /** Registered only while this feature of the reference server is on. */
  only?: 'simulator';
  /**
   * Settings of the body that need more than `access`, with who may write each: the route lets the
   * call in, then the call is refused (403) when it names one its role may not write. A setting not
   * named here needs only `access`.
   */
  settings?: Readonly<Record<string, Access>>;
}

/** Every /api route, with who may call it (§6, §7). The server refuses a route it does not find here (403). */
export const API_ROUTES = [
  { method: 'POST', url: '/api/login', access: 'public' },
  // The wire contract as OpenAPI and AsyncAPI documents (docs/protocol.md): generated from the schemas, no data.
  { method: 'GET', url: '/api/openapi.json', access: 'public' },
  { method: 'GET', url: '/api/asyncapi.json', access: 'public' },
  // Ends the caller's own session (docs/protocol.md "Login and the session token").
  { method: 'POST', url: '/api/logout', access: 'any' },

  // Any signed-in role: workers, sell only, commands, restarts, pins, quotes, reading transactions.
  { method: 'POST', url: '/api/workers/start', access: 'any' },
  { method: 'POST', url: '/api/workers/stop', access: 'any' },
  // Sell only is anyone's to toggle (§2); the alert rules every console evaluates are an Admin's (§6).
  { method: 'PUT', url: '/api/settings/misc', access: 'any', settings: { alertRules: 'admin' } },
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
  // Any signed-in role: trades as journeys (docs/protocol.md "Trades", the console's extension of §7).
  { method: 'GET', url: '/api/trades/', access: 'any' },
  { method: 'GET', url: '/api/trades/:tradeId', access: 'any' },
  // Any signed-in role: trade figures and network series (docs/protocol.md "Stats", a console extension).
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
  // Admin: alerts delivery (docs/protocol.md "Alerts delivery"; the destinations hold secrets).
  { method: 'GET', url: '/api/alerts/destinations', access: 'admin' },
  { method: 'PUT', url: '/api/alerts/destinations', access: 'admin' },
  { method: 'POST', url: '/api/alerts/destinations/:id/test', access: 'admin' },
  { method: 'GET', url: '/api/alerts/deliveries', access: 'admin' },

  // Outside §7 and the contract: the simulator's control (demos and browser tests).
  { method: 'POST', url: '/api/sim/control', access: 'admin', only: 'simulator' },
] as const satisfies readonly ApiRoute[];

/** Made on first use, so the console's bundle, which never asks, leaves API_ROUTES out. */
let apiByRoute: Map<string, ApiRoute> | undefined;

/** The entry of a route as registered (method and pattern); HEAD is answered by the GET route, so it shares its entry. */
export function apiRouteOf(method: string, url: string | undefined): ApiRoute | undefined {
  if (url === undefined) return undefined;
  apiByRoute ??= new Map(API_ROUTES.map((r): [string, ApiRoute] => [`${r.method} ${r.url}`, r]));
  return apiByRoute.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/** §6 Who may write `setting` through `route`: its own entry in the route's `settings`, else the route's access. */
export function settingAccessOf(route: ApiRoute, setting: string): Access {
  const own = route.settings !== undefined && Object.hasOwn(route.settings, setting) ? route.settings[setting] : undefined;
  return own ?? route.access;
}

/**
 * §6 Server events a socket receives only when its role may, with who may; every other event goes
 * to every signed-in socket that subscribed to it. The user log is Admin's over REST (POST
 * /api/logs/more, /settings/userlogs), so its live feed is too.
 */
export const EVENT_ACCESS = {
  newUserLog: 'admin',
} as const satisfies Readonly<Record<string, Access>>;

export type RestrictedEvent = keyof typeof EVENT_ACCESS;

/** §6 Who may receive `event` on the socket: its entry in EVENT_ACCESS, else any signed-in socket. */
export function eventAccessOf(event: string): Access {
  return Object.hasOwn(EVENT_ACCESS, event) ? EVENT_ACCESS[event as RestrictedEvent] : 'any';
}
