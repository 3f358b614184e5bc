/**
 * Settings: PUT /settings/misc {updates:{sellOnly?, alertRules?}} (§2 Sell Only toggle; the
 * alert rules an Admin saves for everyone, §6), PUT
 * /settings/automation/bridges {enabled, bridges?} (kept in misc settings, so init carries it),
 * POST /settings/cache/results/clear (takes the checker results off every console).
 */
import { type MiscSettingsUpdateRequest } from '../../../src/contract/index.ts';
import { settingsRefused } from '../auth/permissions.ts';
import { HttpError } from '../lib/httpError.ts';
import { assertNoIssues } from '../lib/records.ts';
import { sessionOf } from '../plugins/auth.ts';
import { ruleIdOf } from '../../../src/domain/alertRules.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

/** What writing each setting does, to say what a refused caller may not do. */
const WRITING: Record<keyof MiscSettingsUpdateRequest['updates'], string> = {
  sellOnly: 'turn Sell Only on or off',
  alertRules: 'change the alert rules',
};

const pick = (record: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));

const settingsRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('updateMiscSettings'), handler: async (request) => {
    // docs/protocol.md "Alerts lifecycle": the server gives each rule an id when it has none, and keeps it.
    const updates = request.body.updates.alertRules
      ? { ...request.body.updates, alertRules: request.body.updates.alertRules.map((rule) => ({ ...rule, id: ruleIdOf(rule) })) }
      : request.body.updates;
    const session = sessionOf(request);
    // Which settings need more than the route itself is the route's entry in the access table
    // (§6): the alert rules every console evaluates are an Admin's. The one access beyond a
    // session is Admin, so that is what a refusal says.
    const named = Object.keys(updates) as (keyof typeof updates)[];
    const refused = settingsRefused(request, named, session.role);
    if (refused.length > 0) throw new HttpError(403, `only an Admin may ${refused.map((setting) => WRITING[setting]).join(' or ')}`);
    const miscSettings = await app.mutate(session.name, 'settings.misc', async (tx) => {
      const before = await tx.settings.get('miscSettings');
      const after: typeof before = { ...before, ...updates };
      const was: Record<string, unknown> = before;
      const is: Record<string, unknown> = after;
      await tx.settings.set('miscSettings', after);
      // The settings the request named, as they were and as they are: one setting by name, several as changes.
      const keys = Object.keys(updates);
      const [first] = keys;
      const details = {
        ...(first === undefined ? {} : { setting: first, from: was[first], to: is[first] }),
        ...(keys.length > 1 ? { changes: fieldChanges(pick(was, keys), pick(is, keys)) } : {}),
      };
      return { result: after, before: pick(was, keys), after: updates, details };
    });
    app.hub.broadcast('miscSettingsUpdateDone', miscSettings);
    return { ok: true as const, miscSettings };
  } });

  app.route({ ...operationRoute('updateBridgeAutomation'), handler: async (request) => {
    const { enabled, bridges } = request.body;
    const miscSettings = await app.mutate(sessionOf(request).name, 'settings.automation.bridges', async (tx) => {
      if (bridges?.length) {
        const known = new Set((await tx.bridges.list()).map((bridge) => bridge.bridgeName));
        assertNoIssues(
          bridges.flatMap((name, i) => (known.has(name) ? [] : [{ field: `bridges.${i}`, message: `unknown bridge ${name}` }])),
        );
      }
      const settings = await tx.settings.get('miscSettings');
      const before = settings.bridgeAutomation ?? { enabled: false, bridges: [] };
      const after = { enabled, bridges: bridges ?? before.bridges };
      const next = { ...settings, bridgeAutomation: after };
      await tx.settings.set('miscSettings', next);
      return { result: next, before, after, details: after };
    });
    app.hub.broadcast('miscSettingsUpdateDone', miscSettings);
    return { ok: true as const, miscSettings };
  } });

  app.route({ ...operationRoute('clearResultsCache'), handler: async (request) => {
    const iterIds = app.hub.openCheckerResults();
    await app.mutate(sessionOf(request).name, 'settings.cache.results.clear', async () => ({
      result: undefined,
      details: { cleared: iterIds.length },
    }));
    for (const iterId of iterIds) app.hub.broadcast('checkerDeleteResults', { iterId });
    return { ok: true as const };
  } });
};

export default settingsRoutes;
