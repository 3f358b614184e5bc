/**
 * The CRUD half of the data provider, one per resource route the definitions declare:
 *
 * - REST resources go through ra-data-simple-rest over our httpClient (x-api-key, 10 s timeout, the
 *   error shape): `GET /{list}?sort=["f","ASC"]&range=[0,24]&filter={}` answered by the array and a
 *   `Content-Range` header; `GET|PUT|DELETE /{record}/{id}`, `POST /{record}`. A backend answering a
 *   list with `{ data, total }` instead is read the same way.
 * - Live resources (tokens, bridges, cloud groups) are read from the live store the socket keeps,
 *   filtered, sorted and paged here, so their screens are ordinary react-admin lists; they are
 *   written over REST or by the route's own writes.
 * - A route may read its list itself (`list`): records neither REST's list convention nor the live
 *   store can page, such as user logs through POST /logs/more with a time cursor.
 *
 * react-admin needs `id`: records keyed by a name (tokenName, bridgeName, configName, tradeId) get
 * `id` copied from it when read and dropped again before a write.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError, type CreateParams, type DataProvider, type DeleteManyParams, type DeleteParams, type GetListParams,
  type GetManyParams, type GetManyReferenceParams, type GetOneParams, type Identifier, type RaRecord,
  type UpdateManyParams, type UpdateParams,
} from 'react-admin';
import type { ApiResponse, HttpClient } from './apiFetch.ts';
import { UnexpectedAnswerError } from './checked.ts';

type Fields = Readonly<Record<string, unknown>>;

export interface LiveSource {
  /** The records as the socket last said; empty until the live data arrives. */
  records: () => readonly Fields[];
  /** Resolves once the live data has arrived (a deep link may open before it does). */
  ready: () => Promise<void>;
  /** The list's filters against a record; by default text is contained in the field, anything else equal. */
  matches?: (record: Fields, filter: Fields) => boolean;
  /** Sort keys of computed columns; by default the field itself. */
  sortValue?: (record: Fields, field: string) => unknown;
}

export interface CustomWrites {
  create?: (data: Fields) => Promise<Fields>;
  update?: (id: Identifier, data: Fields) => Promise<Fields>;
  delete?: (id: Identifier) => Promise<unknown>;
}

/** A list read by the route itself: react-admin's page, sort and filter in, one page and the total out. */
export type ListRead = (params: GetListParams) => Promise<{ data: readonly Fields[]; total: number }>;

export interface ResourceRoute {
  /**
   * The complete route, where parts of it load with the screens (a definition's `views`): called once,
   * before the first call that needs the route.
   */
  prepare?: () => Promise<ResourceRoute>;
  /** react-admin's resource name (its route: `settings/tokens`). */
  name: string;
  idField: string;
  /** REST paths under /api: the record path and, where it differs, the list path (`txs/`). */
  api?: { record: string; list?: string };
  live?: LiveSource;
  /** Reads the list instead of REST or the live store (getList and getManyReference). */
  list?: ListRead;
  writes?: CustomWrites;
  /** The list's filter values to the server's filter (the tx history's time range, codes...), for REST lists. */
  toServerFilter?: (filter: Fields) => Fields;
}

/** A list answered as `{ data, total }` without Content-Range is turned into simple-rest's form. */
function listAnswerReader(httpClient: HttpClient): HttpClient {
  return async (url, options) => {
    const response = await httpClient(url, options);
    const json = response.json;
    if (response.headers.has('content-range') || typeof json !== 'object' || json === null || Array.isArray(json)) return response;
    const { data, total } = json as { data?: unknown; total?: unknown };
    if (!Array.isArray(data) || typeof total !== 'number') return response;
    const headers = new Headers(response.headers);
    headers.set('content-range', `items */${total}`);
    return { ...response, headers, json: data } satisfies ApiResponse;
  };
}

/** ra-data-simple-rest's words when a list answer has no Content-Range: a contract break, not a network failure. */
const NO_CONTENT_RANGE = /Content-Range header is missing/;

/**
 * A list answer as the contract has it (docs/protocol.md "Lists": an array of records and its total
 * in Content-Range), else an UnexpectedAnswerError saying what was wrong, logged. Without it a bare
 * array reached the table as a list of unknown length and an operator saw a placeholder, or a
 * library's advice about CORS, instead of the reason.
 */
async function readList<R>(read: () => Promise<{ data: R[]; total?: number }>, call: string): Promise<{ data: R[]; total: number }> {
  const unreadable = (detail: string) => {
    const error = new UnexpectedAnswerError(call, detail);
    console.error(error.message);
    return error;
  };
  let answer: { data: R[]; total?: number };
  try {
    answer = await read();
  } catch (e) {
    if (e instanceof Error && NO_CONTENT_RANGE.test(e.message)) throw unreadable('it has no Content-Range header, so the number of records is unknown');
    throw e;
  }
  if (!Array.isArray(answer.data)) throw unreadable('its body is not a list of records');
  if (answer.total === undefined || !Number.isFinite(answer.total)) throw unreadable('its Content-Range header gives no total');
  const notRecord = answer.data.findIndex((r) => typeof r !== 'object' || r === null || Array.isArray(r));
  if (notRecord >= 0) throw unreadable(`item ${notRecord + 1} of the list is not a record`);
  return { data: answer.data, total: answer.total };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a === true) - Number(b === true);
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

function matchesFilter(record: Fields, filter: Fields, live: LiveSource): boolean {
  if (live.matches) return live.matches(record, filter);
  for (const [key, wanted] of Object.entries(filter)) {
    if (wanted === undefined || wanted === '' || wanted === null) continue;
    const value = record[key];
    if (Array.isArray(wanted)) {
      if (!wanted.includes(value)) return false;
    } else if (typeof wanted === 'string') {
      // Typed text finds the records whose field contains it, in any case.
      if (!String(value ?? '').toLowerCase().includes(wanted.toLowerCase())) return false;
    } else if (value !== wanted) return false;
  }
  return true;
}

export function createResourceProvider(httpClient: HttpClient, routes: readonly ResourceRoute[]) {
  const rest = simpleRestProvider('', listAnswerReader(httpClient));
  const prepared = new Map<string, Promise<ResourceRoute>>();
  /** The route, complete: loaded once where its definition loads parts with its screens. */
  const routeFor = (resource: string): Promise<ResourceRoute> => {
    const base = routeOf(resource);
    if (!base.prepare) return Promise.resolve(base);
    let route = prepared.get(resource);
    if (!route) {
      route = base.prepare().catch((error: unknown) => {
        prepared.delete(resource);
        throw error;
      });
      prepared.set(resource, route);
    }
    return route;
  };
  const routeOf = (resource: string): ResourceRoute =>
    routes.find((r) => r.name === resource) ?? { name: resource, idField: 'id', api: { record: resource } };

  const toRecord = (route: ResourceRoute, body: unknown): RaRecord => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`${route.name}: the server answered no record`);
    const id = (body as Fields)[route.idField];
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`${route.name} record without ${route.idField}`);
    return { ...(body as Fields), id };
  };
  const toBody = (route: ResourceRoute, data: Fields): Fields => {
    if (route.idField === 'id') return data;
    const { id: _reactAdminId, ...body } = data;
    return body;
  };
  const restOf = (route: ResourceRoute) => {
    if (!route.api) throw new Error(`${route.name} has no REST path for this call`);
    return route.api;
  };
  const sortField = (route: ResourceRoute, field: string) => (field === 'id' ? route.idField : field);

  async function liveRecords(route: ResourceRoute & { live: LiveSource }, signal?: AbortSignal): Promise<RaRecord[]> {
    await route.live.ready();
    signal?.throwIfAborted();
    return route.live.records().map((r) => toRecord(route, r));
  }

  async function list(route: ResourceRoute, params: GetListParams) {
    if (route.list) {
      const { data, total } = await route.list(params);
      return { data: data.map((r) => toRecord(route, r)), total };
    }
    const { live } = route;
    if (live) {
      const { sort, pagination, filter = {} } = params;
      let records = (await liveRecords({ ...route, live }, params.signal)).filter((r) => matchesFilter(r, filter, live));
      if (sort) {
        const field = sortField(route, sort.field);
        const sign = sort.order === 'DESC' ? -1 : 1;
        const key = live.sortValue ?? ((record: Fields, f: string) => record[f]);
        records = [...records].sort((a, b) => sign * compare(key(a, field), key(b, field)));
      }
      const total = records.length;
      if (pagination) records = records.slice((pagination.page - 1) * pagination.perPage, pagination.page * pagination.perPage);
      return { data: records, total };
    }
    const api = restOf(route);
    const sort = params.sort && { ...params.sort, field: sortField(route, params.sort.field) };
    const filter = route.toServerFilter ? route.toServerFilter(params.filter ?? {}) : params.filter;
    const path = api.list ?? api.record;
    const answer = await readList(() => rest.getList(path, { ...params, sort, filter }), `GET /${path.replace(/^\//, "")}`);
    return { data: answer.data.map((r) => toRecord(route, r)), total: answer.total };
  }

  async function one(route: ResourceRoute, id: Identifier, signal?: AbortSignal): Promise<RaRecord> {
    const { live } = route;
    if (live) {
      const found = (await liveRecords({ ...route, live }, signal)).find((r) => String(r.id) === String(id));
      if (!found) throw new HttpError(`${route.name.split('/').pop() ?? route.name} ${String(id)} does not exist`, 404);
      return found;
    }
    return toRecord(route, (await rest.getOne(restOf(route).record, { id, signal })).data);
  }

  async function update(route: ResourceRoute, id: Identifier, data: Fields): Promise<RaRecord> {
    const body = toBody(route, data);
    if (route.writes?.update) return toRecord(route, await route.writes.update(id, body));
    return toRecord(route, (await rest.update(restOf(route).record, { id, data: body, previousData: { id } })).data);
  }

  async function remove(route: ResourceRoute, id: Identifier): Promise<void> {
    if (route.writes?.delete) await route.writes.delete(id);
    else await rest.delete(restOf(route).record, { id });
  }

  // react-admin's methods are generic in the record type the caller expects; the records come from
  // the server, so the `as R` casts state that trust, as ra-data-simple-rest itself does.
  return {
    supportAbortSignal: true,
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) => {
      const { data, total } = await list((await routeFor(resource)), params);
      return { data: data as R[], total };
    },
    getManyReference: async <R extends RaRecord>(resource: string, { target, id, filter, ...params }: GetManyReferenceParams) => {
      const { data, total } = await list((await routeFor(resource)), { ...params, filter: { ...filter, [target]: id } });
      return { data: data as R[], total };
    },
    getOne: async <R extends RaRecord>(resource: string, { id, signal }: GetOneParams) => ({
      data: (await one((await routeFor(resource)), id, signal)) as R,
    }),
    getMany: async <R extends RaRecord>(resource: string, { ids, signal }: GetManyParams) => ({
      data: await routeFor(resource).then((route) => Promise.all(ids.map((id) => one(route, id, signal)))) as R[],
    }),
    create: async <R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      { data }: CreateParams<R>,
    ) => {
      const route = await routeFor(resource);
      const body = toBody(route, data as Fields);
      const created = route.writes?.create ? await route.writes.create(body) : (await rest.create(restOf(route).record, { data: body })).data;
      return { data: toRecord(route, created) as Result };
    },
    update: async <R extends RaRecord>(resource: string, { id, data }: UpdateParams<R>) => ({
      data: (await update((await routeFor(resource)), id, data as Fields)) as R,
    }),
    updateMany: async (resource: string, { ids, data }: UpdateManyParams) => {
      const route = await routeFor(resource);
      await Promise.all(ids.map((id) => update(route, id, data as Fields)));
      return { data: ids };
    },
    delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
      await remove((await routeFor(resource)), id);
      return { data: previousData ?? ({ id } as R) };
    },
    deleteMany: async (resource: string, { ids }: DeleteManyParams) => {
      // One at a time: a whole-list write (cloud groups) must see the previous deletion.
      const route = await routeFor(resource);
      for (const id of ids) await remove(route, id);
      return { data: ids };
    },
  } satisfies DataProvider;
}
