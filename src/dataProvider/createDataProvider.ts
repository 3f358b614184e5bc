/**
 * The react-admin DataProvider over apiFetch (convention in resources.ts) plus the console's custom
 * calls of SPEC §7 (customMethods.ts). It is the only way to the server: components reach it with
 * useConsoleDataProvider() (custom calls) or react-admin's hooks (CRUD).
 */
import type {
  CreateParams, DataProvider, DeleteManyParams, DeleteParams, GetListParams, GetManyParams, GetManyReferenceParams,
  GetOneParams, Identifier, RaRecord, UpdateManyParams, UpdateParams,
} from 'react-admin';
import type { ApiFetch } from './apiFetch.ts';
import { createCustomMethods } from './customMethods.ts';
import { ListResponse, listPath, recordPath, toRaRecord, toServerBody, type ListQuery } from './resources.ts';

export function createDataProvider(apiFetch: ApiFetch) {
  async function list(resource: string, query: ListQuery, signal?: AbortSignal) {
    const body = ListResponse.parse(await apiFetch(listPath(resource, query), { signal }));
    return { data: body.data.map((r) => toRaRecord(resource, r)), total: body.total };
  }
  const one = async (resource: string, id: RaRecord['id'], signal?: AbortSignal) =>
    toRaRecord(resource, await apiFetch(recordPath(resource, id), { signal }));
  const update = async (resource: string, id: RaRecord['id'], data: Record<string, unknown>) =>
    toRaRecord(resource, await apiFetch(recordPath(resource, id), { method: 'PUT', body: toServerBody(resource, data) }));
  const remove = (resource: string, id: RaRecord['id']) => apiFetch(recordPath(resource, id), { method: 'DELETE' });

  // react-admin's methods are generic in the record type the caller expects; the records come from
  // the server, so the `as R` casts state that trust, as ra-data-simple-rest does.
  const crud = {
    supportAbortSignal: true,
    getList: async <R extends RaRecord>(resource: string, { sort, pagination, filter, signal }: GetListParams) => {
      const { data, total } = await list(resource, { sort, pagination, filter }, signal);
      return { data: data as R[], total };
    },
    getManyReference: async <R extends RaRecord>(
      resource: string,
      { target, id, sort, pagination, filter, signal }: GetManyReferenceParams,
    ) => {
      const { data, total } = await list(resource, { sort, pagination, filter: { ...filter, [target]: id } }, signal);
      return { data: data as R[], total };
    },
    getOne: async <R extends RaRecord>(resource: string, { id, signal }: GetOneParams) => ({
      data: (await one(resource, id, signal)) as R,
    }),
    getMany: async <R extends RaRecord>(resource: string, { ids, signal }: GetManyParams) => ({
      data: (await Promise.all(ids.map((id) => one(resource, id, signal)))) as R[],
    }),
    create: async <R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      { data }: CreateParams<R>,
    ) => {
      const created = await apiFetch(recordPath(resource), { method: 'POST', body: toServerBody(resource, data) });
      return { data: toRaRecord(resource, created) as Result };
    },
    update: async <R extends RaRecord>(resource: string, { id, data }: UpdateParams<R>) => ({
      data: (await update(resource, id, data)) as R,
    }),
    updateMany: async (resource: string, { ids, data }: UpdateManyParams) => {
      await Promise.all(ids.map((id) => update(resource, id, data)));
      return { data: ids };
    },
    delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
      await remove(resource, id);
      return { data: previousData ?? ({ id } as R) };
    },
    deleteMany: async (resource: string, { ids }: DeleteManyParams) => {
      await Promise.all(ids.map((id) => remove(resource, id)));
      return { data: ids };
    },
  } satisfies DataProvider;

  return { ...crud, ...createCustomMethods(apiFetch) };
}

/** The console's data provider: react-admin's methods and the custom calls, typed. */
export type AppDataProvider = ReturnType<typeof createDataProvider>;
