/**
 * The live collections: records the socket keeps up to date in the live store (docs/protocol.md
 * "Server -> client events"), each with the field that identifies a record and the events that
 * upsert or remove one. Resource definitions name a collection (`live: 'tokens'`); the socket
 * handlers for these events are derived from this table, and the store reports each frame's changes
 * per collection as ids created, updated and deleted, which the data provider turns into
 * react-admin realtime events.
 */
import type { ServerEventName } from '../contract/index.ts';
import { deepEqual } from './equal.ts';
import type { LiveState } from './liveState.ts';

interface CollectionSpec {
  /** Where the records live in the store: a map keyed by the id field, or an array. */
  stateKey: 'allTokens' | 'bridges' | 'awsGroups' | 'userLogs';
  idField: string;
  /** Events whose payload is one record that replaces the record of the same id (or adds it). */
  upsertOn?: readonly ServerEventName[];
  /** Events whose payload names the record to remove by the id field. */
  removeOn?: readonly ServerEventName[];
}

export const LIVE_COLLECTIONS = {
  // §4 token and bridge create/update replace the entry by name; delete removes it.
  tokens: { stateKey: 'allTokens', idField: 'tokenName', upsertOn: ['tokenCreateDone', 'tokenUpdateDone'], removeOn: ['tokenDeleteDone'] },
  // bridgeDeleteDone also merges the tokens it updated, so its handler is written out in handlers.ts.
  bridges: { stateKey: 'bridges', idField: 'bridgeName', upsertOn: ['bridgeCreateDone', 'bridgeUpdateDone'] },
  // cloudUpdateDone replaces the whole list.
  cloudGroups: { stateKey: 'awsGroups', idField: 'name' },
  userLogs: { stateKey: 'userLogs', idField: 'id' },
} as const satisfies Record<string, CollectionSpec>;

export type LiveCollectionName = keyof typeof LIVE_COLLECTIONS;
export const LIVE_COLLECTION_NAMES = Object.keys(LIVE_COLLECTIONS) as LiveCollectionName[];

/**
 * Collections the store does not hold but whose changes the socket announces: a tx sent or
 * confirmed means the transaction history has new or changed rows (ids not known to the console),
 * and so do the trades they belong to; a trade stuck or moving on changes that trade.
 */
export const ANNOUNCED_COLLECTIONS = {
  txs: ['txSent', 'txConfirmed'],
  trades: ['txSent', 'txConfirmed', 'tradeStuck', 'tradeUnstuck'],
} as const satisfies Record<string, readonly ServerEventName[]>;
export type AnnouncedCollectionName = keyof typeof ANNOUNCED_COLLECTIONS;

export type CollectionName = LiveCollectionName | AnnouncedCollectionName;

/** One frame's changes to a collection. `unknownIds`: something changed, which rows is not known. */
export interface CollectionChange {
  collection: CollectionName;
  created: string[];
  updated: string[];
  deleted: string[];
  unknownIds?: boolean;
}

type AnyRecord = Readonly<Record<string, unknown>>;

/** The records of a collection, in the store's order, each with its id as a string. */
export function collectionEntries(state: LiveState, name: LiveCollectionName): [string, AnyRecord][] {
  const { stateKey, idField } = LIVE_COLLECTIONS[name];
  const branch: unknown = state[stateKey];
  const values: unknown[] = Array.isArray(branch) ? branch : Object.values(branch as Record<string, unknown>);
  const entries: [string, AnyRecord][] = [];
  for (const value of values) {
    if (typeof value !== 'object' || value === null) continue;
    const id = (value as AnyRecord)[idField];
    if (typeof id === 'string' || typeof id === 'number') entries.push([String(id), value as AnyRecord]);
  }
  return entries;
}

/**
 * What changed in a collection between two states: identity first (handlers keep a record's object
 * when its content is unchanged), content where the object is new.
 */
export function diffCollection(prev: LiveState, next: LiveState, name: LiveCollectionName): CollectionChange | null {
  const { stateKey } = LIVE_COLLECTIONS[name];
  if (prev[stateKey] === next[stateKey]) return null;
  const before = new Map(collectionEntries(prev, name));
  const change: CollectionChange = { collection: name, created: [], updated: [], deleted: [] };
  for (const [id, record] of collectionEntries(next, name)) {
    const old = before.get(id);
    if (old === undefined) change.created.push(id);
    // A list replaced whole (cloudUpdateDone) brings new objects for unchanged records too.
    else if (old !== record && !deepEqual(old, record)) change.updated.push(id);
    before.delete(id);
  }
  change.deleted.push(...before.keys());
  const any = change.created.length + change.updated.length + change.deleted.length > 0;
  return any ? change : null;
}
