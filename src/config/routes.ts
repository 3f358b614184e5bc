/** The console's routes and who may see them (SPEC §2, §6). One table drives routing and its tests. */

/** Who may: anyone, any signed-in user, or role exactly Admin. The server's permission table uses it too. */
export type RouteAccess = 'public' | 'any' | 'admin';

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  title: string;
}

export const ROUTES = [
  { path: '/login', access: 'public', title: 'Sign in' },
  { path: '/', access: 'any', title: 'Home' },
  { path: '/tx', access: 'any', title: 'Transactions' },
  { path: '/tx/latest', access: 'any', title: 'Latest transactions' },
  // Not one of SPEC §2's: trades as journeys, PROTOCOL's console extension (hidden when the backend has none).
  { path: '/tx/trades', access: 'any', title: 'Trades' },
  // Not one of SPEC §2's: trade figures over time, PROTOCOL's stats extension (issue 26 item 3).
  { path: '/analytics', access: 'any', title: 'Analytics' },
  { path: '/tsettings', access: 'any', title: 'Preferences' },
  { path: '/tsettings/tokens', access: 'any', title: 'Token pins' },
  { path: '/tx/new', access: 'admin', title: 'New transaction' },
  { path: '/settings', access: 'admin', title: 'System settings' },
  { path: '/settings/networks', access: 'admin', title: 'Networks' },
  { path: '/settings/configs', access: 'admin', title: 'Configs' },
  { path: '/settings/tokens', access: 'admin', title: 'Manage tokens' },
  { path: '/settings/userlogs', access: 'admin', title: 'User logs' },
  { path: '/settings/bridges', access: 'admin', title: 'Bridges' },
  // Not one of SPEC §2's: alerts delivery (issue 29; PROTOCOL "Alerts delivery", Admin only).
  { path: '/settings/alerts', access: 'admin', title: 'Alert delivery' },
] as const satisfies readonly RouteEntry[];

/** The screens of the signed-in console: every route but /login. */
export type ScreenPath = Exclude<(typeof ROUTES)[number]['path'], '/login'>;
export type ScreenRoute = Extract<(typeof ROUTES)[number], { path: ScreenPath }>;
