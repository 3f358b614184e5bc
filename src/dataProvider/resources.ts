/**
 * The one REST convention every react-admin resource of the console follows (paths under /api):
 *
 *   getList            GET    /{resource}?sort={field}&order=ASC|DESC&page={1-based}&perPage={n}&filter={json}
 *                      -> { data: Record[], total: number }   (filter omitted when empty)
 *   getManyReference   as getList, with {target: id} merged into filter
 *   getOne             GET    /{resource}/{id}   -> the record itself
 *   create             POST   /{resource}        body: the record -> the created record
 *   update             PUT    /{resource}/{id}   body: the record -> the updated record
 *   delete             DELETE /{resource}/{id}   -> body ignored; resolves with previousData
 *   getMany, updateMany, deleteMany: one call per id (lists of ids are short: references, bulk actions)
 *
 * ids: react-admin needs `id`. Records keyed by name (SPEC §3: configName, tokenName, bridgeName,
 * tradeId) get `id` copied from that field when read, and `id` removed again before a write, so the
 * server only ever sees its own fields. Every other resource uses its own `id` field. {id} in a
 * path is URI-encoded.
 */
import { z } from 'zod';
import type { RaRecord } from 'react-admin';

export const RESOURCE_ID_FIELDS: Readonly<Record<string, string>> = {
  configs: 'configName',
  tokens: 'tokenName',
  bridges: 'bridgeName',
  'txs/sell': 'tradeId',
};

export function idFieldOf(resource: string): string {
  return RESOURCE_ID_FIELDS[resource] ?? 'id';
}

const ServerRecord = z.record(z.string(), z.unknown());
export const ListResponse = z.object({ data: z.array(ServerRecord), total: z.number().int().nonnegative() });

/** A server record as react-admin sees it. */
export function toRaRecord(resource: string, body: unknown): RaRecord {
  const record = ServerRecord.parse(body);
  const idField = idFieldOf(resource);
  const id = record[idField];
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new Error(`${resource} record without ${idField}`);
  }
  return { ...record, id };
}

/** The body sent to the server: `id` dropped when it was only react-admin's copy of a name. */
export function toServerBody(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  if (idFieldOf(resource) === 'id') return data;
  const { id: _reactAdminId, ...body } = data;
  return body;
}

export function recordPath(resource: string, id?: RaRecord['id']): string {
  return id === undefined ? `/${resource}` : `/${resource}/${encodeURIComponent(String(id))}`;
}

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  pagination?: { page: number; perPage: number };
  filter?: Record<string, unknown>;
}

/** List paths exactly as SPEC §7 writes them where they differ from the record path (`GET /txs/?{query}`). */
const LIST_PATHS: Readonly<Record<string, string>> = { txs: '/txs/' };

export function listPath(resource: string, { sort, pagination, filter }: ListQuery): string {
  const query = new URLSearchParams();
  if (sort) {
    // react-admin sorts by `id` by default; name-keyed resources know that field by its own name.
    query.set('sort', sort.field === 'id' ? idFieldOf(resource) : sort.field);
    query.set('order', sort.order);
  }
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perPage', String(pagination.perPage));
  }
  if (filter && Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
  const search = query.toString();
  const path = LIST_PATHS[resource] ?? recordPath(resource);
  return search === '' ? path : `${path}?${search}`;
}
