/**
 * Bridges (§3 bridgeName, §7): POST /bridges, PUT /bridges/{bridgeName} (with the version it
 * edits), DELETE /bridges/{bridgeName}, GET /bridges/fee-to-eth. Deleting a bridge takes it off the
 * tokens that name it (announced with bridgeDeleteDone) and off bridge automation.
 */
import {
  BridgeFee,
  type BrainState,
  type MiscSettings,
  type Token,
} from '../../../src/contract/index.ts';
import type { Repos } from '../db/store.ts';
import type { Versioned } from '../db/repos/jsonRecords.ts';
import { assertNoIssues, badField, duplicate, notFound, versionConflict } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

/** 400 for every listed token that does not exist. */
async function assertTokensExist(tx: Repos, tokens: readonly string[] | undefined): Promise<void> {
  if (!tokens?.length) return;
  const known = new Set((await tx.tokens.list()).map((token) => token.tokenName));
  assertNoIssues(
    tokens.flatMap((name, index) => (known.has(name) ? [] : [{ field: `tokens.${index}`, message: `unknown token ${name}` }])),
  );
}

/** A fee in ETH at the brain state's prices; null when the coin has no known price. */
export function feeInEth(fee: BridgeFee, { wethPriceUSD, nativePriceUSD }: BrainState): number | null {
  if (fee.currency === 'ETH') return fee.amount;
  if (!(wethPriceUSD > 0)) return null;
  const priceUSD = fee.currency === 'USD' ? 1 : nativePriceUSD[fee.currency];
  if (priceUSD === undefined) return null;
  return Number(((fee.amount * priceUSD) / wethPriceUSD).toPrecision(12));
}

const bridgeRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('createBridge'), handler: async (request) => {
    const { version: _ignored, ...bridge } = request.body;
    const created = await app.mutate(sessionOf(request).name, 'bridge.create', async (tx) => {
      await assertTokensExist(tx, bridge.tokens);
      const record = await tx.bridges.create(bridge);
      if (!record) throw duplicate('bridge', bridge.bridgeName);
      return { result: record, after: record, details: { name: record.bridgeName } };
    });
    app.hub.broadcast('bridgeCreateDone', created);
    return created;
  } });

  app.route({ ...operationRoute('updateBridge'), handler: async (request) => {
    const { bridgeName } = request.params;
    const { version, ...bridge } = request.body;
    if (bridge.bridgeName !== bridgeName) throw badField('bridgeName', 'must match the path (bridges are not renamed)');
    const updated = await app.mutate(sessionOf(request).name, 'bridge.update', async (tx) => {
      const before = await tx.bridges.get(bridgeName);
      if (!before) throw notFound('bridge');
      if (version !== undefined && before.version !== version) throw versionConflict(before);
      await assertTokensExist(tx, bridge.tokens);
      const outcome = await tx.bridges.update(bridge, before.version);
      if (outcome.status !== 'updated') throw new Error(`bridge ${bridgeName} changed inside its transaction`);
      return { result: outcome.record, ...updateLog(bridgeName, before, outcome.record) };
    });
    app.hub.broadcast('bridgeUpdateDone', updated);
    return updated;
  } });

  app.route({ ...operationRoute('deleteBridge'), handler: async (request) => {
    const { bridgeName } = request.params;
    const { tokens, miscSettings } = await app.mutate(sessionOf(request).name, 'bridge.delete', async (tx) => {
      const before = await tx.bridges.get(bridgeName);
      if (!before || !(await tx.bridges.delete(bridgeName))) throw notFound('bridge');

      const tokens: Record<string, Versioned<Token>> = {};
      for (const token of await tx.tokens.list()) {
        if (!Array.isArray(token.bridges) || !token.bridges.includes(bridgeName)) continue;
        const bridges = token.bridges.filter((name) => name !== bridgeName);
        const outcome = await tx.tokens.update({ ...token, bridges }, token.version);
        if (outcome.status === 'updated') tokens[token.tokenName] = outcome.record;
      }

      const settings = await tx.settings.get('miscSettings');
      let miscSettings: MiscSettings | null = null;
      if (settings.bridgeAutomation?.bridges.includes(bridgeName)) {
        const bridges = settings.bridgeAutomation.bridges.filter((name) => name !== bridgeName);
        miscSettings = { ...settings, bridgeAutomation: { ...settings.bridgeAutomation, bridges } };
        await tx.settings.set('miscSettings', miscSettings);
      }
      return { result: { tokens, miscSettings }, before, details: { name: bridgeName, tokensUpdated: Object.keys(tokens) } };
    });
    app.hub.broadcast('bridgeDeleteDone', { bridgeName, tokens });
    if (miscSettings) app.hub.broadcast('miscSettingsUpdateDone', miscSettings);
    return { ok: true as const };
  } });

  app.route({ ...operationRoute('bridgeFees'), handler: async () => {
    const [bridges, brainState] = await Promise.all([app.store.bridges.list(), app.store.settings.get('brainState')]);
    const fees: Record<string, number> = {};
    for (const bridge of bridges) {
      const fee = BridgeFee.safeParse(bridge.fee);
      const eth = fee.success ? feeInEth(fee.data, brainState) : null;
      if (eth !== null) fees[bridge.bridgeName] = eth;
    }
    return { fees };
  } });
};

export default bridgeRoutes;
