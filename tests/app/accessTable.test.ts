/**
 * Who may do what, said once (docs/architecture.md "One table for who may do what"): the console's
 * canAccess, its resources' actions and the screens it routes and lists all answer from
 * src/config/access.ts. The routes and the menu themselves are rendered against the same table in
 * tests/app/routing.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { refusedScreensFor, resourceAccessOf, ROUTES, screensFor, type ActionAccess, type RouteEntry } from '../../src/config/access.ts';
import { createAuthProvider } from '../../src/authProvider/createAuthProvider.ts';
import type { SecureTokenStorage } from '../../src/authProvider/secureStorage.ts';
import { withResourceAccess } from '../../src/kit/register.tsx';
import { pathOf } from '../../src/kit/definition.ts';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { sessionToken } from '../authProvider/fakes.ts';

type Who = 'signed out' | typeof OPERATOR_ROLE | typeof ADMIN_ROLE;
const EVERYONE: readonly Who[] = ['signed out', OPERATOR_ROLE, ADMIN_ROLE];

/** canAccess as the console wires it (App.tsx): the auth provider, with the resources' actions answered by the kit. */
function canAccessAs(who: Who) {
  const token = who === 'signed out' ? null : sessionToken(`${who.toLowerCase()}-user`, who);
  const storage: SecureTokenStorage = { load: async () => token, save: async () => undefined, clear: async () => undefined };
  const auth = createAuthProvider({ storage, requestToken: () => Promise.reject(new Error('no login here')) });
  const wired = withResourceAccess(auth, DEFINITIONS);
  return async (resource: string, action: string) => (await wired.canAccess?.({ resource, action })) ?? false;
}

/** §6 spelled out, not through the table's own rule: 'admin' is role exactly Admin, 'any' anyone signed in, 'none' no one. */
function expected(access: ActionAccess, who: Who): boolean {
  if (who === 'signed out') return false;
  if (access === 'admin') return who === ADMIN_ROLE;
  return access === 'any' || access === 'public';
}

/** Every action of a screen the table names, with its access: list for every screen, the rest for a resource. */
function actionsOf(route: RouteEntry): [string, ActionAccess][] {
  const { resource } = route;
  if (!resource) return [['list', route.access]];
  return [
    ['list', route.access],
    ['show', resource.show],
    ['create', resource.create],
    ['edit', resource.edit],
    ['delete', resource.delete],
    ...Object.entries(resource.commands ?? {}),
  ];
}

const SCREENS: readonly RouteEntry[] = ROUTES.filter((r) => r.access !== 'public');

describe('§6 the console asks the access table who may do what', () => {
  it.each(EVERYONE)('§6 canAccess for %s gives the table\'s answer for every screen, resource action and record command', async (who) => {
    const canAccess = canAccessAs(who);
    const answers: string[] = [];
    const table: string[] = [];
    for (const route of SCREENS) {
      for (const [action, access] of actionsOf(route)) {
        answers.push(`${action} ${route.path}: ${await canAccess(route.path.slice(1), action)}`);
        table.push(`${action} ${route.path}: ${expected(access, who)}`);
      }
    }
    expect(answers).toEqual(table);
    // The table reaches both ways: something each signed-in role may do, and something it may not ('none' is no one's).
    expect(table.some((line) => line.endsWith('true'))).toBe(who !== 'signed out');
    expect(table.some((line) => line.endsWith('false'))).toBe(true);
  });

  it.each(EVERYONE)('§6 for %s, a path below an admin screen is Admin only, below any other screen open to anyone signed in', async (who) => {
    const canAccess = canAccessAs(who);
    expect(await canAccess('settings/bridges/portal/show', 'list')).toBe(expected('admin', who));
    expect(await canAccess('settings/anything', 'list')).toBe(expected('admin', who));
    expect(await canAccess('tx/new', 'create')).toBe(expected('admin', who));
    expect(await canAccess('tx/123', 'list')).toBe(expected('any', who));
  });

  it('§6 every resource of the console takes its access from its screen in the table, and every resource screen there has a resource', () => {
    const resourceScreens = ROUTES.filter((r: RouteEntry) => r.resource !== undefined).map((r) => r.path);
    expect(DEFINITIONS.map(pathOf).sort()).toEqual([...resourceScreens].sort());
    for (const definition of DEFINITIONS) {
      expect({ name: definition.name, access: definition.access }).toEqual({ name: definition.name, access: resourceAccessOf(definition.name) });
      // A record command is offered only where the table names it; one it forgot would be refused to everyone.
      for (const command of definition.commands ?? []) expect(definition.access.commands?.[command.name], `${definition.name} ${command.name}`).toBeDefined();
    }
  });

  it.each<Who>([OPERATOR_ROLE, ADMIN_ROLE])('§6 for %s, the screens routed and listed and the screens refused are the table\'s, every signed-in screen once', (role) => {
    const shown = screensFor(role).map((r) => r.path);
    const refused = refusedScreensFor(role).map((r) => r.path);
    expect([...shown, ...refused].sort()).toEqual(SCREENS.map((r) => r.path).sort());
    expect(shown).toEqual(SCREENS.filter((r) => expected(r.access, role)).map((r) => r.path));
    expect(refused.length > 0).toBe(role !== ADMIN_ROLE);
  });
});
