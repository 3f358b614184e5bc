/**
 * §6 Which settings PUT /api/settings/misc lets a role write is the access table's: the route's entry
 * in the operations table (src/contract/operations.ts) names the settings that need more than the route itself, and
 * the route reads it through server/src/auth/permissions.ts. A setting reserved to Admins is refused
 * (403) to an Operator and written for an Admin; the others are anyone's; and the route follows the
 * entry when it says otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/config/access.ts';
import { operationAt, settingAccessOf, type Operation } from '../../src/contract/operations.ts';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import type { MiscSettingsUpdateRequest } from '../../src/contract/index.ts';
import { settingsRefused } from '../../server/src/auth/permissions.ts';
import { json, makeApp, type TestApp } from './helpers.ts';

type Role = typeof ADMIN_ROLE | typeof OPERATOR_ROLE;
const ROLES: readonly Role[] = [OPERATOR_ROLE, ADMIN_ROLE];
type Setting = keyof MiscSettingsUpdateRequest['updates'];

/** §6 spelled out, not through the table's own rule: 'admin' is role exactly Admin, else anyone signed in. */
const expected = (access: Access, role: Role) => access !== 'admin' || role === ADMIN_ROLE;

/** A value for every setting the route takes (the contract's type makes the list complete). */
const VALUES: Required<MiscSettingsUpdateRequest['updates']> = { sellOnly: false, alertRules: [] };
const SETTINGS = Object.keys(VALUES) as Setting[];

function miscRoute(): Operation {
  const route = operationAt('PUT', '/api/settings/misc');
  if (!route) throw new Error('PUT /api/settings/misc is not in the operations table');
  return route;
}
const ROUTE = miscRoute();

/** Runs `check` with the route's entry for `setting` set to `access`, then puts the entry back as it was. */
async function withEntry(setting: Setting, access: Access, check: () => Promise<void>): Promise<void> {
  const table = ROUTE.settings as Record<string, Access> | undefined;
  if (!table) throw new Error('PUT /api/settings/misc names no settings in the access table');
  const had = Object.hasOwn(table, setting);
  const was = table[setting];
  table[setting] = access;
  try {
    await check();
  } finally {
    if (had && was !== undefined) table[setting] = was;
    else delete table[setting];
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

const put = (setting: Setting, role: Role) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/misc',
    headers: { 'x-api-key': { [ADMIN_ROLE]: t.adminToken, [OPERATOR_ROLE]: t.operatorToken }[role] },
    payload: { updates: { [setting]: VALUES[setting] } },
  });

/** Each setting written by each role, as `setting role: status`, against what the table says. */
async function answersAndTable(): Promise<{ answers: string[]; table: string[] }> {
  const answers: string[] = [];
  const table: string[] = [];
  for (const setting of SETTINGS) {
    for (const role of ROLES) {
      answers.push(`${setting} ${role}: ${(await put(setting, role)).statusCode}`);
      table.push(`${setting} ${role}: ${expected(settingAccessOf(ROUTE, setting), role) ? 200 : 403}`);
    }
  }
  return { answers, table };
}

describe('§6 PUT /api/settings/misc writes a setting for the roles the access table gives it', () => {
  it('§6 the route\'s entry names only settings the route takes, and reserves the alert rules for everyone to Admins', () => {
    const named = Object.keys(ROUTE.settings ?? {});
    expect(named.filter((setting) => !(SETTINGS as string[]).includes(setting))).toEqual([]);
    expect(ROUTE.access).toBe('any');
    expect(settingAccessOf(ROUTE, 'alertRules')).toBe('admin');
    expect(settingAccessOf(ROUTE, 'sellOnly')).toBe('any');
  });

  it('§6 a setting the table reserves to Admins is 403 for an Operator and 200 for an Admin; the others 200 for both', async () => {
    const { answers, table } = await answersAndTable();
    expect(answers).toEqual(table);
    expect(table).toContain(`alertRules ${OPERATOR_ROLE}: 403`);
    expect(table).toContain(`alertRules ${ADMIN_ROLE}: 200`);
    const refused = await put('alertRules', OPERATOR_ROLE);
    expect(json(refused)).toEqual({ error: 'only an Admin may change the alert rules' });
  });

  it('§6 the route follows the entry when it says otherwise: the alert rules opened to anyone, sell only made Admin\'s', async () => {
    await withEntry('alertRules', 'any', async () => {
      expect((await put('alertRules', OPERATOR_ROLE)).statusCode).toBe(200);
    });
    await withEntry('sellOnly', 'admin', async () => {
      const refused = await put('sellOnly', OPERATOR_ROLE);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual({ error: 'only an Admin may turn Sell Only on or off' });
      expect((await put('sellOnly', ADMIN_ROLE)).statusCode).toBe(200);
      const { answers, table } = await answersAndTable();
      expect(answers).toEqual(table);
    });
    expect(Object.keys(ROUTE.settings ?? {})).toEqual(['alertRules']);
    expect((await put('alertRules', OPERATOR_ROLE)).statusCode).toBe(403);
  });

  it('§6 settingsRefused names the settings a role may not write through a route, and all of them for a route the table lacks', () => {
    const matched = (url: string) => ({ method: 'PUT', routeOptions: { url, config: { operation: operationAt('PUT', url) } } });
    expect(settingsRefused(matched('/api/settings/misc'), SETTINGS, OPERATOR_ROLE)).toEqual(['alertRules']);
    expect(settingsRefused(matched('/api/settings/misc'), SETTINGS, ADMIN_ROLE)).toEqual([]);
    expect(settingsRefused(matched('/api/settings/nothing'), SETTINGS, ADMIN_ROLE)).toEqual(SETTINGS);
  });
});
