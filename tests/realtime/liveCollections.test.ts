/**
 * Live collections (src/realtime/liveCollections.ts): what changed in a collection between two
 * states, the store's once-per-frame collection changes (the data provider's realtime events), and
 * the socket handlers derived from LIVE_COLLECTIONS for tokens and bridges.
 */
import { describe, expect, it } from 'vitest';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { diffCollection, LIVE_COLLECTIONS, type CollectionChange } from '../../src/realtime/liveCollections.ts';
import { initialLiveState, type LiveState } from '../../src/realtime/liveState.ts';
import { handlerContext, initPayload, manualStore, token } from './fixtures.ts';

const state = (over: Partial<LiveState>): LiveState => ({ ...initialLiveState(), ...over });

describe('diffCollection', () => {
  it('names the created, updated and deleted ids of a keyed collection', () => {
    const a = token('AAA');
    const b = token('BBB');
    const prev = state({ allTokens: { AAA: a, BBB: b } });
    const next = state({ allTokens: { AAA: a, BBB: token('BBB', '0xdef'), CCC: token('CCC') } });
    expect(diffCollection(prev, next, 'tokens')).toEqual({ collection: 'tokens', created: ['CCC'], updated: ['BBB'], deleted: [] });
    expect(diffCollection(next, state({ allTokens: { BBB: next.allTokens.BBB! } }), 'tokens')).toEqual({
      collection: 'tokens', created: [], updated: [], deleted: ['AAA', 'CCC'],
    });
  });

  it('the same branch object is no change, without looking inside', () => {
    const allTokens = { AAA: token('AAA') };
    expect(diffCollection(state({ allTokens }), state({ allTokens, awsGroups: [{ name: 'x' }] }), 'tokens')).toBeNull();
  });

  it('a new object with the same content is no change (a list replaced whole, cloudUpdateDone)', () => {
    const prev = state({ awsGroups: [{ name: 'g1', region: 'eu' }, { name: 'g2' }] });
    const next = state({ awsGroups: [{ name: 'g1', region: 'eu' }, { name: 'g2', region: 'us' }, { name: 'g3' }] });
    expect(diffCollection(prev, next, 'cloudGroups')).toEqual({ collection: 'cloudGroups', created: ['g3'], updated: ['g2'], deleted: [] });
    expect(diffCollection(prev, state({ awsGroups: [{ name: 'g1', region: 'eu' }, { name: 'g2' }] }), 'cloudGroups')).toBeNull();
  });

  it('ids are read from the collection\'s id field, records without one are skipped', () => {
    expect(LIVE_COLLECTIONS.bridges.idField).toBe('bridgeName');
    const prev = state({ bridges: {} });
    const next = state({ bridges: { B1: { bridgeName: 'B1', kind: 'Stargate' }, junk: { kind: 'x' } as never } });
    expect(diffCollection(prev, next, 'bridges')).toEqual({ collection: 'bridges', created: ['B1'], updated: [], deleted: [] });
  });
});

function watchedStore() {
  const { store, flushFrame } = manualStore();
  const { ctx } = handlerContext(store);
  const changes: CollectionChange[] = [];
  store.onCollectionChange((c) => changes.push(c));
  const send = (event: string, payload: unknown) => dispatchServerEvent(event, payload, ctx);
  return { store, flushFrame, changes, send };
}

describe('the store reports collection changes once per frame', () => {
  it('the first init is what the server has, not a change: nothing is reported', () => {
    const { flushFrame, changes, send } = watchedStore();
    send('init', initPayload());
    flushFrame();
    expect(changes).toEqual([]);
  });

  it('events of one frame are reported together, once per collection, with their ids', () => {
    const { flushFrame, changes, send } = watchedStore();
    send('init', initPayload({ allTokens: { AAA: token('AAA'), BBB: token('BBB') } }));
    flushFrame();
    send('tokenCreateDone', token('NEW'));
    send('tokenUpdateDone', token('AAA', '0xdef'));
    send('tokenDeleteDone', { tokenName: 'BBB' });
    send('bridgeUpdateDone', { bridgeName: 'B1', kind: 'Synapse' });
    expect(changes).toEqual([]);
    flushFrame();
    expect(changes).toEqual([
      { collection: 'tokens', created: ['NEW'], updated: ['AAA'], deleted: ['BBB'] },
      { collection: 'bridges', created: [], updated: ['B1'], deleted: [] },
    ]);
    flushFrame();
    expect(changes).toHaveLength(2);
  });

  it('an update that changes nothing reports nothing', () => {
    const { flushFrame, changes, send } = watchedStore();
    send('init', initPayload());
    flushFrame();
    send('tokenUpdateDone', token('AAA'));
    flushFrame();
    expect(changes).toEqual([]);
  });

  it('a second init (reconnect) reports what differs from before', () => {
    const { flushFrame, changes, send } = watchedStore();
    send('init', initPayload({ awsGroups: [{ name: 'g1' }] }));
    flushFrame();
    send('init', initPayload({ awsGroups: [{ name: 'g1' }, { name: 'g2' }] }));
    flushFrame();
    expect(changes).toEqual([{ collection: 'cloudGroups', created: ['g2'], updated: [], deleted: [] }]);
  });

  it('announce(\'txs\') reports a change of unknown rows with the next frame', () => {
    const { store, flushFrame, changes, send } = watchedStore();
    send('init', initPayload());
    flushFrame();
    store.announce('txs');
    store.announce('txs');
    expect(changes).toEqual([]);
    flushFrame();
    expect(changes).toEqual([{ collection: 'txs', created: [], updated: [], deleted: [], unknownIds: true }]);
  });

  it('txSent announces txs through its handler', () => {
    const { flushFrame, changes, send } = watchedStore();
    send('init', initPayload());
    flushFrame();
    send('txSent', { tradeId: 't1', tokenName: 'AAA', txTypes: ['Swap'], networkBuy: 'Ethereum', networkSell: 'Arbitrum', bridge: { name: 'Stargate' } });
    flushFrame();
    expect(changes).toContainEqual(expect.objectContaining({ collection: 'txs', unknownIds: true }));
  });

  it('an unsubscribed listener hears nothing more', () => {
    const { store, flushFrame, send } = watchedStore();
    const heard: CollectionChange[] = [];
    const stop = store.onCollectionChange((c) => heard.push(c));
    send('init', initPayload());
    flushFrame();
    stop();
    send('tokenCreateDone', token('NEW'));
    flushFrame();
    expect(heard).toEqual([]);
  });
});

describe('handlers derived from LIVE_COLLECTIONS', () => {
  it('tokenCreateDone and tokenUpdateDone upsert by tokenName, tokenDeleteDone removes', () => {
    const { store, send } = watchedStore();
    send('init', initPayload({ allTokens: { AAA: token('AAA') } }));
    expect(send('tokenCreateDone', token('NEW', '0x1'))).toBe(true);
    expect(store.getState().allTokens.NEW).toEqual(token('NEW', '0x1'));
    send('tokenUpdateDone', token('AAA', '0xdef'));
    expect(store.getState().allTokens.AAA?.networkData.Ethereum?.address).toBe('0xdef');
    send('tokenDeleteDone', { tokenName: 'AAA' });
    expect(Object.keys(store.getState().allTokens)).toEqual(['NEW']);
  });

  it('an unchanged upsert keeps the record\'s object (so it is not reported as updated)', () => {
    const { store, send } = watchedStore();
    send('init', initPayload({ allTokens: { AAA: token('AAA') } }));
    const before = store.getState().allTokens.AAA;
    send('tokenUpdateDone', token('AAA'));
    expect(store.getState().allTokens.AAA).toBe(before);
  });

  it('bridgeCreateDone and bridgeUpdateDone upsert by bridgeName', () => {
    const { store, send } = watchedStore();
    send('init', initPayload({ bridges: { B1: { bridgeName: 'B1', kind: 'Stargate' } } }));
    send('bridgeUpdateDone', { bridgeName: 'B1', kind: 'Synapse' });
    send('bridgeCreateDone', { bridgeName: 'B2', kind: 'Stargate' });
    expect(store.getState().bridges).toEqual({ B1: { bridgeName: 'B1', kind: 'Synapse' }, B2: { bridgeName: 'B2', kind: 'Stargate' } });
  });

  it('deleting a token that is not there changes nothing', () => {
    const { store, send } = watchedStore();
    send('init', initPayload({ allTokens: { AAA: token('AAA') } }));
    const before = store.getState();
    send('tokenDeleteDone', { tokenName: 'ZZZ' });
    expect(store.getState()).toBe(before);
  });
});
