/** PUT /api/settings/misc {updates:{sellOnly}} (SPEC §2 Sell Only toggle). */
import { MiscSettingsResponse, MiscSettingsUpdateRequest } from '../../../src/contract/index.ts';
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
};

export default settingsRoutes;
