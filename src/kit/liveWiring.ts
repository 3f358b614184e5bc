/**
 * Definitions to data provider: each definition becomes a resource route (REST paths, records
 * read from the live store, or its own list read over a custom call), and each frame's live
 * collection changes become react-admin realtime events on `resource/{name}` and
 * `resource/{name}/{id}` for every resource over that collection.
 */
import { HttpError } from 'react-admin';
import { API_TIMEOUT_MS } from '../config/constants.ts';
import type { RealtimeMethods } from '../dataProvider/realtime.ts';
import { listTopic, recordTopic } from '../dataProvider/realtime.ts';
import type { CustomWrites, LiveSource, ResourceRoute } from '../dataProvider/resourceProvider.ts';
import type { AppDataProvider } from '../dataProvider/index.ts';
import { collectionEntries, type CollectionChange, type LiveCollectionName, type LiveStore } from '../realtime/index.ts';
import { loadViews, type ResourceDefinition, type ResourceViews } from './definition.ts';

/** Resolves when init has arrived; refuses after the API timeout, as a slow server would. */
function whenInitialised(store: LiveStore): Promise<void> {
  if (store.getState().initialised) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = store.subscribe(() => {
      if (!store.getState().initialised) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new HttpError('the live data has not arrived from the server yet', 503));
    }, API_TIMEOUT_MS);
  });
}

export function resourceRoutes(
  definitions: readonly ResourceDefinition[],
  store: LiveStore,
  dataProvider: () => AppDataProvider,
): ResourceRoute[] {
  return definitions.map((definition) => {
    if (!definition.views) return routeOf(definition, {}, store, dataProvider);
    const { name, idField, api } = definition;
    return { name, idField, api, prepare: async () => routeOf(definition, await loadViews(definition), store, dataProvider) };
  });
}

/** The data provider's route of a definition, with its views' `read`, `matches` and `sortValue`. */
function routeOf(definition: ResourceDefinition, views: ResourceViews, store: LiveStore, dataProvider: () => AppDataProvider): ResourceRoute {
  const { name, idField, api, live, toServerFilter } = definition;
  const { read, matches, sortValue } = views;
  if (read) {
    const collection = (c: LiveCollectionName) => collectionEntries(store.getState(), c).map(([, record]) => record);
    // Resolved on each call: the data provider is built after the routes.
    return { name, idField, api, list: (params) => read(params, { dataProvider: dataProvider(), collection }) };
  }
  if (!live) return toServerFilter ? { name, idField, api, toServerFilter } : { name, idField, api };
  const records = () => collectionEntries(store.getState(), live.collection).map(([, record]) => record);
  // The kit handles records as plain fields; the definition's functions were typed against its record.
  const source: LiveSource = {
    records,
    ready: () => whenInitialised(store),
    matches: matches as LiveSource['matches'],
    sortValue: sortValue as LiveSource['sortValue'],
  };
  const route: ResourceRoute = { name, idField, api, live: source };
  if (definition.writes) {
    const writes = definition.writes;
    // Made on each call: the data provider is built after the routes.
    const write = <K extends keyof CustomWrites>(kind: K): NonNullable<CustomWrites[K]> => {
      const chosen = writes({ records, dataProvider: dataProvider() })[kind];
      if (!chosen) throw new Error(`${name}: its definition offers no ${kind}`);
      return chosen;
    };
    route.writes = {
      create: (data) => write('create')(data),
      update: (id, data) => write('update')(id, data),
      delete: (id) => write('delete')(id),
    };
  }
  return route;
}

/** Publishes the store's collection changes as realtime events; returns the unsubscribe. */
export function publishLiveChanges(definitions: readonly ResourceDefinition[], store: LiveStore, channel: RealtimeMethods): () => void {
  return store.onCollectionChange((change: CollectionChange) => {
    for (const definition of definitions) {
      const collection = definition.live?.collection ?? definition.refreshOn;
      if (collection !== change.collection) continue;
      const topic = listTopic(definition.name);
      const kinds = [
        ['created', change.created],
        ['updated', change.updated],
        ['deleted', change.deleted],
      ] as const;
      for (const [type, ids] of kinds) {
        if (ids.length === 0) continue;
        void channel.publish(topic, { type, payload: { ids } });
        for (const id of ids) void channel.publish(recordTopic(definition.name, id), { type, payload: { ids: [id] } });
      }
      if (change.unknownIds) void channel.publish(topic, { type: 'updated', payload: { ids: [] } });
    }
  });
}
