/**
 * Configs (§3 configName, §7): GET /configs (the list convention), GET /configs/{configName},
 * PUT /configs/{configName} {version, data} or the bare data (see ConfigUpdateRequest). Known configs have a data schema in the contract;
 * networkSettings' pair flags must also be keyed as §3 pairKey builds them.
 */
import {
  CONFIG_SCHEMAS,
  type ConfigRecord,
  type ConfigName,
  type ValidationIssue,
} from '../../../src/contract/index.ts';
import { isNetwork } from '../../../src/config/networks.ts';
import { pairKey } from '../../../src/domain/keys.ts';
import { invalidRequest } from '../lib/httpError.ts';
import { listConvention } from '../lib/listConvention.ts';
import { badField, notFound, versionConflict } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { updateLog } from '../lib/logDetails.ts';

function hasSchema(configName: string): configName is ConfigName {
  return Object.hasOwn(CONFIG_SCHEMAS, configName);
}

/** §3 Pair flags: two different networks, sorted, joined with an underscore. */
function pairKeyIssues(pairFlags: Record<string, unknown>): ValidationIssue[] {
  return Object.keys(pairFlags).flatMap((key): ValidationIssue[] => {
    const [a, b, ...rest] = key.split('_');
    const field = `data.pairFlags.${key}`;
    if (a === undefined || b === undefined || rest.length > 0 || !isNetwork(a) || !isNetwork(b) || a === b) {
      return [{ in: 'body', field, message: 'must be two different network names joined with an underscore' }];
    }
    const expected = pairKey(a, b);
    return key === expected ? [] : [{ in: 'body', field, message: `networks must be sorted alphabetically: ${expected}` }];
  });
}

/** The data checked against its config's schema (unknown configs take any object). */
function validData(configName: string, data: Record<string, unknown>): Record<string, unknown> {
  if (!hasSchema(configName)) return data;
  const parsed = CONFIG_SCHEMAS[configName].safeParse(data);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => ({ in: 'body', field: ['data', ...issue.path.map(String)].join('.'), message: issue.message })),
    );
  }
  if (configName === 'networkSettings') {
    const issues = pairKeyIssues((data as { pairFlags: Record<string, unknown> }).pairFlags);
    if (issues.length > 0) throw invalidRequest(issues);
  }
  return parsed.data;
}

/** A config as the REST routes answer it, with react-admin's `id`. */
const resource = (config: ConfigRecord) => ({ ...config, id: config.configName });

const configRoutes: ZodPlugin = async (app) => {
  // Also in the simple-rest form (listConvention): the answer below, cut into the array and Content-Range.
  app.route({ ...operationRoute('listConfigs'), ...listConvention('configName'), handler: async (request) => {
    const { sort, order, page, perPage, filter = {} } = request.query;
    const q = filter.q?.toLowerCase();
    const matching = (await app.store.configs.list()).filter(
      (config) =>
        (q === undefined || config.configName.toLowerCase().includes(q)) &&
        (filter.configName === undefined || config.configName === filter.configName),
    );
    const direction = order === 'ASC' ? 1 : -1;
    matching.sort((a, b) => {
      const [x, y] = [a[sort], b[sort]];
      return (x < y ? -1 : x > y ? 1 : 0) * direction;
    });
    return { data: matching.slice((page - 1) * perPage, page * perPage).map(resource), total: matching.length };
  } });

  app.route({ ...operationRoute('getConfig'), handler: async (request) => {
    const config = await app.store.configs.get(request.params.configName);
    if (!config) throw notFound('config');
    return resource(config);
  } });

  app.route({ ...operationRoute('updateConfig'), handler: async (request) => {
    const { configName } = request.params;
    const { version, data, configName: named, id } = request.body;
    if (named !== undefined && named !== configName) throw badField('configName', 'must match the path');
    if (id !== undefined && id !== configName) throw badField('id', 'must match the path');
    const valid = validData(configName, data);
    const updated = await app.mutate(sessionOf(request).name, 'config.update', async (tx) => {
      const before = await tx.configs.get(configName);
      if (!before) throw notFound('config');
      if (version !== undefined && before.version !== version) throw versionConflict(before);
      const outcome = await tx.configs.update(configName, valid, before.version);
      if (outcome.status !== 'updated') throw new Error(`config ${configName} changed inside its transaction`);
      return { result: outcome.record, ...updateLog(configName, before, outcome.record) };
    });
    return resource(updated);
  } });
};

export default configRoutes;
