/**
 * Settings: PUT /settings/misc {updates:{sellOnly}} (SPEC §2 Sell Only toggle), PUT
 * /settings/automation/bridges {enabled, bridges?} (kept in misc settings, so init carries it),
 * POST /settings/cache/results/clear (takes the checker results off every console).
 */
import {
  BridgeAutomationRequest,
  EmptyBody,
  MiscSettingsResponse,
  MiscSettingsUpdateRequest,
  OkResponse,
} from '../../../src/contract/index.ts';
import { assertNoIssues } from '../lib/records.ts';
import { sessionOf } from '../plugins/auth.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const settingsRoutes: ZodPlugin = async (app) => {
  app.put(
    '/settings/misc',
    { schema: { body: MiscSettingsUpdateRequest, response: { 200: MiscSettingsResponse } } },
    async (request) => {
      const { updates } = request.body;
      const miscSettings = await app.mutate(sessionOf(request).name, 'settings.misc', async (tx) => {
        const before = await tx.settings.get('miscSettings');
        const after = { ...before, ...updates };
        await tx.settings.set('miscSettings', after);
        return { result: after, before: { sellOnly: before.sellOnly }, after: updates };
      });
      app.hub.broadcast('miscSettingsUpdateDone', miscSettings);
      return { ok: true as const, miscSettings };
    },
  );

  app.put(
    '/settings/automation/bridges',
    { schema: { body: BridgeAutomationRequest, response: { 200: MiscSettingsResponse } } },
    async (request) => {
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
        return { result: next, before, after };
      });
      app.hub.broadcast('miscSettingsUpdateDone', miscSettings);
      return { ok: true as const, miscSettings };
    },
  );

  app.post(
    '/settings/cache/results/clear',
    { schema: { body: EmptyBody, response: { 200: OkResponse } } },
    async (request) => {
      const iterIds = app.hub.openCheckerResults();
      await app.mutate(sessionOf(request).name, 'settings.cache.results.clear', async () => ({
        result: undefined,
        details: { cleared: iterIds.length },
      }));
      for (const iterId of iterIds) app.hub.broadcast('checkerDeleteResults', { iterId });
      return { ok: true as const };
    },
  );
};

export default settingsRoutes;
