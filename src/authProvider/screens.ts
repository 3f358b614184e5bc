/** §6 Which screens of ROUTES a role may see: App.tsx routes them and the sidebar lists them. */
import { ROUTES, type ScreenRoute } from '../config/routes.ts';
import { isAdminRole } from './session.ts';

/** §6 The screens a role may see, in ROUTES order: 'any' ones for everyone signed in, 'admin' ones for exactly Admin. */
export function screensFor(role: unknown): ScreenRoute[] {
  return ROUTES.filter(
    (r): r is ScreenRoute => r.access === 'any' || (r.access === 'admin' && isAdminRole(role)),
  );
}
