/**
 * Solana bridge configuration (SPEC §7; x is the bridge, a path segment such as wormhole): per
 * token, its per-network entries {address, decimals}. CRUD, a CSV import (header
 * token,network,address,decimals; valid rows are imported even when others fail) and a search.
 */
import { z } from 'zod';
import {
  Address,
  Decimals,
  DeletedResponse,
  NetworkName,
  RecordName,
  SOLANA_IMPORT_MAX_CHARS,
  SolanaBridgeCreateRequest,
  SolanaBridgeImportRequest,
  SolanaBridgeImportResponse,
  SolanaBridgeKind,
  SolanaBridgeListResponse,
  SolanaBridgeRecord,
  SolanaBridgeUpdateRequest,
  addressProblem,
} from '../../../src/contract/index.ts';
import type { SolanaBridgeData } from '../db/repos/solanaBridge.ts';
import { parseCsv } from '../lib/csv.ts';
import { badField, duplicate, notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

const Kind = z.object({ x: SolanaBridgeKind });
const Entry = Kind.extend({ token: z.string().min(1).max(128) });
const NetworkEntry = Entry.extend({ network: z.string().min(1).max(64) });
const Search = Kind.extend({ q: z.string().min(1).max(128) });
/** Optional paging of the list; without it, every entry. */
const ListQuery = z
  .object({ page: z.coerce.number().int().min(1).optional(), perPage: z.coerce.number().int().min(1).max(5000).optional() })
  .strict();

const CSV_COLUMNS = ['token', 'network', 'address', 'decimals'] as const;
const FIND_LIMIT = 200;

/** One CSV row, checked field by field. */
const CsvRow = z.object({
  token: RecordName,
  network: NetworkName,
  address: Address,
  decimals: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(Decimals),
});

interface ImportPlan {
  /** New entries per token, in file order. */
  byToken: Map<string, SolanaBridgeData>;
  imported: number;
  errors: { row: number; message: string }[];
}

/** Reads the CSV; a header that does not name the four columns is a 400. */
function planImport(csv: string): ImportPlan {
  const [header, ...records] = parseCsv(csv);
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof CSV_COLUMNS)[number], number>;
  if (CSV_COLUMNS.some((column) => index[column] < 0)) {
    throw badField('csv', `the first line must name the columns ${CSV_COLUMNS.join(',')}`);
  }
  const plan: ImportPlan = { byToken: new Map(), imported: 0, errors: [] };
  const firstRowOf = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== names.length) {
      plan.errors.push({ row: line, message: `expected ${names.length} columns, got ${fields.length}` });
      continue;
    }
    const parsed = CsvRow.safeParse(Object.fromEntries(CSV_COLUMNS.map((column) => [column, fields[index[column]]?.trim()])));
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      plan.errors.push({ row: line, message });
      continue;
    }
    const { token, network, address, decimals } = parsed.data;
    const problem = addressProblem(network, address);
    if (problem) {
      plan.errors.push({ row: line, message: `address: ${problem}` });
      continue;
    }
    const key = `${token}\u0000${network}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      plan.errors.push({ row: line, message: `${token} on ${network} is already on row ${first}` });
      continue;
    }
    firstRowOf.set(key, line);
    const data = plan.byToken.get(token) ?? {};
    data[network] = { address, decimals };
    plan.byToken.set(token, data);
    plan.imported++;
  }
  return plan;
}

const solanaBridgeRoutes: ZodPlugin = async (app) => {
  const action = (what: string) => `solanaBridge.${what}`;

  app.get(
    '/solana-bridge/:x',
    { schema: { params: Kind, querystring: ListQuery, response: { 200: SolanaBridgeListResponse } } },
    async (request) => {
      const { page, perPage } = request.query;
      const paging = perPage === undefined ? undefined : { offset: ((page ?? 1) - 1) * perPage, limit: perPage };
      return app.store.solanaBridge.list(request.params.x, paging);
    },
  );

  app.get('/solana-bridge/:x/:token', { schema: { params: Entry, response: { 200: SolanaBridgeRecord } } }, async (request) => {
    const entry = await app.store.solanaBridge.get(request.params.x, request.params.token);
    if (!entry) throw notFound('token');
    return entry;
  });

  app.get('/solana-bridge/:x/find/:q', { schema: { params: Search, response: { 200: SolanaBridgeListResponse } } }, async (request) =>
    app.store.solanaBridge.find(request.params.x, request.params.q, FIND_LIMIT),
  );

  app.post(
    '/solana-bridge/:x',
    { schema: { params: Kind, body: SolanaBridgeCreateRequest, response: { 200: SolanaBridgeRecord } } },
    async (request) => {
      const { x } = request.params;
      const { token, data } = request.body;
      return app.mutate(sessionOf(request).name, action('create'), async (tx) => {
        if (!(await tx.solanaBridge.create(x, token, data))) throw duplicate('token', token);
        const created = await tx.solanaBridge.get(x, token);
        if (!created) throw new Error(`${x}/${token} was not stored`);
        return { result: created, after: created };
      });
    },
  );

  app.post(
    '/solana-bridge/:x/import',
    {
      // The CSV may run to a few MB; its JSON string is a little longer than the text.
      bodyLimit: SOLANA_IMPORT_MAX_CHARS * 2,
      schema: { params: Kind, body: SolanaBridgeImportRequest, response: { 200: SolanaBridgeImportResponse } },
    },
    async (request) => {
      const { x } = request.params;
      const plan = planImport(request.body.csv);
      const user = sessionOf(request).name;
      await app.mutate(user, action('import'), async (tx) => {
        for (const [token, data] of plan.byToken) {
          const existing = await tx.solanaBridge.get(x, token);
          await tx.solanaBridge.put(x, token, { ...existing?.data, ...data });
        }
        return { result: undefined, details: { x, imported: plan.imported, tokens: plan.byToken.size, errors: plan.errors.length } };
      });
      app.hub.broadcast('notify', {
        msg: `${user} imported ${plan.imported} rows into ${x}${plan.errors.length > 0 ? `, ${plan.errors.length} rejected` : ''}`,
        type: plan.errors.length > 0 ? 'warning' : 'success',
        autoClose: 5000,
      });
      return { imported: plan.imported, tokens: plan.byToken.size, errors: plan.errors };
    },
  );

  app.put(
    '/solana-bridge/:x/:token',
    { schema: { params: Entry, body: SolanaBridgeUpdateRequest, response: { 200: SolanaBridgeRecord } } },
    async (request) => {
      const { x, token } = request.params;
      return app.mutate(sessionOf(request).name, action('update'), async (tx) => {
        const before = await tx.solanaBridge.get(x, token);
        if (!before) throw notFound('token');
        await tx.solanaBridge.put(x, token, request.body.data);
        const after = await tx.solanaBridge.get(x, token);
        if (!after) throw new Error(`${x}/${token} was not stored`);
        return { result: after, before, after };
      });
    },
  );

  app.delete(
    '/solana-bridge/:x/:token/:network',
    { schema: { params: NetworkEntry, response: { 200: SolanaBridgeRecord } } },
    async (request) => {
      const { x, token, network } = request.params;
      return app.mutate(sessionOf(request).name, action('deleteNetwork'), async (tx) => {
        const before = await tx.solanaBridge.get(x, token);
        if (!before) throw notFound('token');
        if (!Object.hasOwn(before.data, network)) throw notFound(`network ${network} of ${token}`);
        const { [network]: _removed, ...rest } = before.data;
        await tx.solanaBridge.put(x, token, rest);
        const after = await tx.solanaBridge.get(x, token);
        if (!after) throw new Error(`${x}/${token} was not stored`);
        return { result: after, before, after };
      });
    },
  );

  app.delete('/solana-bridge/:x/:token', { schema: { params: Entry, response: { 200: DeletedResponse } } }, async (request) => {
    const { x, token } = request.params;
    await app.mutate(sessionOf(request).name, action('delete'), async (tx) => {
      const before = await tx.solanaBridge.get(x, token);
      if (!before || !(await tx.solanaBridge.delete(x, token))) throw notFound('token');
      return { result: undefined, before };
    });
    return { ok: true as const };
  });
};

export default solanaBridgeRoutes;
