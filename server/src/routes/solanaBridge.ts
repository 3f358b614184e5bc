/**
 * Solana bridge configuration (§7; x is the bridge, a path segment such as wormhole): per
 * token, its per-network entries {address, decimals}. CRUD, a CSV import (header
 * token,network,address,decimals; valid rows are imported even when others fail) and a search.
 * The import reads its CSV off the main thread (lib/solanaImports.ts) and writes it in chunks, so
 * that a few MB of it never holds up other users' requests.
 */
import { SOLANA_IMPORT_MAX_CHARS } from '../../../src/contract/index.ts';
import { badField, duplicate, notFound } from '../lib/records.ts';
import { startImportPlanner, yieldToEventLoop } from '../lib/solanaImports.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

export { SOLANA_LIST_PER_PAGE_DEFAULT, SOLANA_LIST_PER_PAGE_MAX } from '../../../src/contract/solanaBridge.ts';
/** Tokens an import writes per turn of the event loop (a few ms of SQLite work). */
const IMPORT_WRITE_CHUNK = 1000;

const FIND_LIMIT = 200;

const solanaBridgeRoutes: ZodPlugin = async (app) => {
  const action = (what: string) => `solanaBridge.${what}`;
  const planner = startImportPlanner({
    onFailure: (err) => app.log.error({ err }, 'Solana import worker thread failed; its CSV is planned on the main thread in slices'),
  });

  app.route({ ...operationRoute('listSolanaBridge'), handler: async (request) => {
    const { page, perPage } = request.query;
    return app.store.solanaBridge.list(request.params.x, { offset: (page - 1) * perPage, limit: perPage });
  } });

  app.route({ ...operationRoute('getSolanaBridgeEntry'), handler: async (request) => {
    const entry = await app.store.solanaBridge.get(request.params.x, request.params.token);
    if (!entry) throw notFound('token');
    return entry;
  } });

  app.route({ ...operationRoute('findSolanaBridgeEntries'), handler: async (request) =>
    app.store.solanaBridge.find(request.params.x, request.params.q, FIND_LIMIT) });

  app.route({ ...operationRoute('createSolanaBridgeEntry'), handler: async (request) => {
    const { x } = request.params;
    const { token, data } = request.body;
    return app.mutate(sessionOf(request).name, action('create'), async (tx) => {
      if (!(await tx.solanaBridge.create(x, token, data))) throw duplicate('token', token);
      const created = await tx.solanaBridge.get(x, token);
      if (!created) throw new Error(`${x}/${token} was not stored`);
      return { result: created, after: created, details: { x, name: token } };
    });
  } });

  app.route({ ...operationRoute('importSolanaBridge'), // The CSV may run to a few MB; its JSON string is a little longer than the text.
      bodyLimit: SOLANA_IMPORT_MAX_CHARS * 2, handler: async (request) => {
      const user = sessionOf(request).name;
      const { x } = request.params;
      const outcome = await planner.plan(request.body.csv);
      if ('badHeader' in outcome) throw badField('csv', outcome.badHeader);
      const { plan } = outcome;
      const entries = [...plan.byToken];
      // One transaction, so the import is all or nothing, written a chunk per turn of the event
      // loop: other requests are answered in between (their writes wait for the commit).
      await app.mutate(user, action('import'), async (tx) => {
        for (let start = 0; start < entries.length; start += IMPORT_WRITE_CHUNK) {
          if (start > 0) await yieldToEventLoop();
          await tx.solanaBridge.mergeMany(x, entries.slice(start, start + IMPORT_WRITE_CHUNK));
        }
        return { result: undefined, details: { x, imported: plan.imported, tokens: plan.byToken.size, errors: plan.errors.length } };
      });
      app.hub.broadcast('notify', {
        msg: `${user} imported ${plan.imported} rows into ${x}${plan.errors.length > 0 ? `, ${plan.errors.length} rejected` : ''}`,
        type: plan.errors.length > 0 ? 'warning' : 'success',
        autoClose: 5000,
      });
      return { imported: plan.imported, tokens: plan.byToken.size, errors: plan.errors };
    } });

  app.route({ ...operationRoute('updateSolanaBridgeEntry'), handler: async (request) => {
    const { x, token } = request.params;
    return app.mutate(sessionOf(request).name, action('update'), async (tx) => {
      const before = await tx.solanaBridge.get(x, token);
      if (!before) throw notFound('token');
      await tx.solanaBridge.put(x, token, request.body.data);
      const after = await tx.solanaBridge.get(x, token);
      if (!after) throw new Error(`${x}/${token} was not stored`);
      return { result: after, ...updateLog(token, before, after, { x }) };
    });
  } });

  app.route({ ...operationRoute('deleteSolanaBridgeNetwork'), handler: async (request) => {
    const { x, token, network } = request.params;
    return app.mutate(sessionOf(request).name, action('deleteNetwork'), async (tx) => {
      const before = await tx.solanaBridge.get(x, token);
      if (!before) throw notFound('token');
      if (!Object.hasOwn(before.data, network)) throw notFound(`network ${network} of ${token}`);
      const { [network]: _removed, ...rest } = before.data;
      await tx.solanaBridge.put(x, token, rest);
      const after = await tx.solanaBridge.get(x, token);
      if (!after) throw new Error(`${x}/${token} was not stored`);
      return { result: after, ...updateLog(token, before, after, { x, network }) };
    });
  } });

  app.route({ ...operationRoute('deleteSolanaBridgeEntry'), handler: async (request) => {
    const { x, token } = request.params;
    await app.mutate(sessionOf(request).name, action('delete'), async (tx) => {
      const before = await tx.solanaBridge.get(x, token);
      if (!before || !(await tx.solanaBridge.delete(x, token))) throw notFound('token');
      return { result: undefined, before, details: { x, name: token } };
    });
    return { ok: true as const };
  } });
};

export default solanaBridgeRoutes;
