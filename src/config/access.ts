/**
 * Who may do what, said once (§2, §6, §7; docs/architecture.md "One table for who may do what"):
 * - ROUTES, the console's screens: routing, the sidebar, the auth provider's canAccess, and for a
 *   resource screen the kit's views and buttons per action;
 * - CAPABILITIES, what a screen offers only to some roles; EVENT_ACCESS, the socket events only
 *   some roles receive.
 * Who may call each /api route is said with the route's one declaration, in the operations table
 * (src/contract/operations.ts), which the server's auth hook reads.
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
  // Added to §2's: the alerts and one alert at /alerts/{id}, docs/protocol.md "Alerts lifecycle".
  { path: '/alerts/*', access: 'any', title: 'Alerts' },
  // Added to §2's: what happened, newest first, docs/protocol.md "Timeline" (says so when the backend has none).
  { path: '/timeline', access: 'any', title: 'Timeline' },
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
 * in the operations table, the screens above), which the server guards, so no role is offered what it would be refused.
 */
export const CAPABILITIES = {
  // §6 The user log is Admin's (/settings/userlogs, POST /api/logs/more, newUserLog): home's feed asks for it for an Admin only.
  seeUserLogFeed: 'admin',
  // §6 The alert rules the server evaluates are an Admin's to set (PUT /api/settings/misc's alertRules setting).
  editAlertRules: 'admin',
  // §6 The timeline's operator actions are the user log's entries, Admin's like the user log itself
  // (docs/protocol.md "Timeline"): GET /api/timeline leaves them out for other roles.
  seeActionsInTimeline: 'admin',
  // §6 A stuck or failed trade's operations (refund, force, unlock nonce, manual) each open /tx/new, an Admin screen.
  openTradeOperations: 'admin',
} as const satisfies Readonly<Record<string, Access>>;

export type Capability = keyof typeof CAPABILITIES;

/** §6 Whether `role` is offered `capability` (src/config/access.ts CAPABILITIES). */
export function mayUse(capability: Capability, role: unknown): boolean {
  return allows(CAPABILITIES[capability], role);
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
