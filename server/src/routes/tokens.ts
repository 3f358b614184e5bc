/**
 * Tokens (§3 tokenName, §7): GET /tokens (the list convention) and GET /tokens/{tokenName}
 * for react-admin clients (the console reads tokens from the socket), POST /tokens, PUT /tokens/{tokenName} (with the version it
 * edits), DELETE /tokens/{tokenName}. Deleting a token also takes it off the bridges that list it
 * and off the pins, so no reference dangles.
 */
import {
  type TokenRecord,
  type BrainState,
  type Bridge,
} from '../../../src/contract/index.ts';
import type { Repos } from '../db/store.ts';
import type { Versioned } from '../db/repos/jsonRecords.ts';
import { listConvention } from '../lib/listConvention.ts';
import { assertNoIssues, badField, duplicate, notFound, versionConflict } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

/** 400 for every listed bridge that does not exist. */
async function assertBridgesExist(tx: Repos, bridges: readonly string[] | undefined): Promise<void> {
  if (!bridges?.length) return;
  const known = new Set((await tx.bridges.list()).map((bridge) => bridge.bridgeName));
  assertNoIssues(
    bridges.flatMap((name, index) => (known.has(name) ? [] : [{ field: `bridges.${index}`, message: `unknown bridge ${name}` }])),
  );
}

const without = (list: unknown, name: string): string[] | undefined =>
  Array.isArray(list) ? list.filter((entry) => entry !== name) : undefined;

/** A token as the REST routes answer it, with react-admin's `id`. */
const resource = (token: TokenRecord) => ({ ...token, id: token.tokenName });

/** The body without react-admin's `id`, which must name the token when sent. */
function withoutId<Body extends { tokenName: string }>(body: Body & { id?: unknown }): Body {
  const { id, ...rest } = body;
  if (id !== undefined && id !== body.tokenName) throw badField('id', 'must be the tokenName');
  return rest as Body;
}

const tokenRoutes: ZodPlugin = async (app) => {
  // Also in the simple-rest form (listConvention): the answer below, cut into the array and Content-Range.
  app.route({ ...operationRoute('listTokens'), ...listConvention('tokenName'), handler: async (request) => {
    const { sort, order, page, perPage, filter = {} } = request.query;
    const q = filter.q?.toLowerCase();
    const matching = (await app.store.tokens.list()).filter(
      (token) =>
        (q === undefined || token.tokenName.toLowerCase().includes(q)) && (filter.tokenName === undefined || token.tokenName === filter.tokenName),
    );
    const direction = order === 'ASC' ? 1 : -1;
    matching.sort((a, b) => {
      const [x, y] = [a[sort], b[sort]];
      return (x < y ? -1 : x > y ? 1 : 0) * direction;
    });
    return { data: matching.slice((page - 1) * perPage, page * perPage).map(resource), total: matching.length };
  } });

  app.route({ ...operationRoute('getToken'), handler: async (request) => {
    const token = await app.store.tokens.get(request.params.tokenName);
    if (!token) throw notFound('token');
    return resource(token);
  } });

  app.route({ ...operationRoute('createToken'), handler: async (request) => {
    const { version: _ignored, ...token } = withoutId(request.body);
    const created = await app.mutate(sessionOf(request).name, 'token.create', async (tx) => {
      await assertBridgesExist(tx, token.bridges);
      const record = await tx.tokens.create(token);
      if (!record) throw duplicate('token', token.tokenName);
      return { result: record, after: record, details: { name: record.tokenName } };
    });
    app.hub.broadcast('tokenCreateDone', created);
    return resource(created);
  } });

  app.route({ ...operationRoute('updateToken'), handler: async (request) => {
    const { tokenName } = request.params;
    const { version, ...token } = withoutId(request.body);
    if (token.tokenName !== tokenName) throw badField('tokenName', 'must match the path (tokens are not renamed)');
    const updated = await app.mutate(sessionOf(request).name, 'token.update', async (tx) => {
      const before = await tx.tokens.get(tokenName);
      if (!before) throw notFound('token');
      if (version !== undefined && before.version !== version) throw versionConflict(before);
      await assertBridgesExist(tx, token.bridges);
      const outcome = await tx.tokens.update(token, before.version);
      if (outcome.status !== 'updated') throw new Error(`token ${tokenName} changed inside its transaction`);
      return { result: outcome.record, ...updateLog(tokenName, before, outcome.record) };
    });
    app.hub.broadcast('tokenUpdateDone', updated);
    return resource(updated);
  } });

  app.route({ ...operationRoute('deleteToken'), handler: async (request) => {
    const { tokenName } = request.params;
    const { bridges, brainState } = await app.mutate(sessionOf(request).name, 'token.delete', async (tx) => {
      const before = await tx.tokens.get(tokenName);
      if (!before || !(await tx.tokens.delete(tokenName))) throw notFound('token');

      const bridges: Versioned<Bridge>[] = [];
      for (const bridge of await tx.bridges.list()) {
        const tokens = without(bridge.tokens, tokenName);
        if (!tokens || tokens.length === (bridge.tokens as unknown[]).length) continue;
        const outcome = await tx.bridges.update({ ...bridge, tokens }, bridge.version);
        if (outcome.status === 'updated') bridges.push(outcome.record);
      }

      const state = await tx.settings.get('brainState');
      let brainState: BrainState | null = null;
      if (state.pinnedTokens.includes(tokenName) || state.autosellPins.includes(tokenName)) {
        brainState = {
          ...state,
          pinnedTokens: state.pinnedTokens.filter((name) => name !== tokenName),
          autosellPins: state.autosellPins.filter((name) => name !== tokenName),
        };
        await tx.settings.set('brainState', brainState);
      }
      return {
        result: { bridges, brainState },
        before,
        details: { name: tokenName, bridgesUpdated: bridges.map((bridge) => bridge.bridgeName), unpinned: brainState !== null },
      };
    });
    app.hub.broadcast('tokenDeleteDone', { tokenName });
    for (const bridge of bridges) app.hub.broadcast('bridgeUpdateDone', bridge);
    if (brainState) app.hub.broadcast('brainState', brainState);
    return { ok: true as const };
  } });
};

export default tokenRoutes;
