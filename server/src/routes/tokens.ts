/**
 * Tokens (SPEC §3 tokenName, §7): POST /tokens, PUT /tokens/{tokenName} (with the version it
 * edits), DELETE /tokens/{tokenName}. Deleting a token also takes it off the bridges that list it
 * and off the pins, so no reference dangles.
 */
import { z } from 'zod';
import {
  DeletedResponse,
  TokenBody,
  TokenRecord,
  TokenUpdateBody,
  type BrainState,
  type Bridge,
} from '../../../src/contract/index.ts';
import type { Repos } from '../db/store.ts';
import type { Versioned } from '../db/repos/jsonRecords.ts';
import { assertNoIssues, badField, duplicate, notFound, versionConflict } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

const TokenParams = z.object({ tokenName: z.string().min(1).max(128) });

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

const tokenRoutes: ZodPlugin = async (app) => {
  app.post('/tokens', { schema: { body: TokenBody, response: { 200: TokenRecord } } }, async (request) => {
    const { version: _ignored, ...token } = request.body;
    const created = await app.mutate(sessionOf(request).name, 'token.create', async (tx) => {
      await assertBridgesExist(tx, token.bridges);
      const record = await tx.tokens.create(token);
      if (!record) throw duplicate('token', token.tokenName);
      return { result: record, after: record, details: { name: record.tokenName } };
    });
    app.hub.broadcast('tokenCreateDone', created);
    return created;
  });

  app.put(
    '/tokens/:tokenName',
    { schema: { params: TokenParams, body: TokenUpdateBody, response: { 200: TokenRecord } } },
    async (request) => {
      const { tokenName } = request.params;
      const { version, ...token } = request.body;
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
      return updated;
    },
  );

  app.delete('/tokens/:tokenName', { schema: { params: TokenParams, response: { 200: DeletedResponse } } }, async (request) => {
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
  });
};

export default tokenRoutes;
