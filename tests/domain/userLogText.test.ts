/** docs/protocol.md "The user log": a user log entry reads as a sentence in the operator's words, with its changed fields as a diff. */
import { describe, expect, it } from 'vitest';
import type { UserLog } from '../../src/contract/index.ts';
import { changeText, fieldChanges, userLogChanges, userLogDetailsText, userLogSentence, valueText } from '../../src/domain/userLogText.ts';

const entry = (action: string, details?: unknown, user = 'admin'): UserLog => ({ id: '1', time: 1000, user, action, ...(details === undefined ? {} : { details }) });

describe('The user log (protocol): fieldChanges (the diff the server keeps and the console shows)', () => {
  it('names each changed field by its dotted path, nested token networkData included; unchanged fields and version are left out', () => {
    const before = { tokenName: 'USDC', version: 3, networkData: { Base: { address: '0xa', decimals: 6 }, Ethereum: { address: '0xb', decimals: 6 } } };
    const after = { tokenName: 'USDC', version: 4, networkData: { Base: { address: '0xa', decimals: 18 }, Ethereum: { address: '0xb', decimals: 6 } } };
    expect(fieldChanges(before, after, ['version'])).toEqual([{ path: 'networkData.Base.decimals', from: 6, to: 18 }]);
  });

  it('an added field has no from, a removed one no to; arrays compare whole', () => {
    expect(fieldChanges({ a: 1, list: ['x'] }, { list: ['x', 'y'], b: true })).toEqual([
      { path: 'a', from: 1 },
      { path: 'list', from: ['x'], to: ['x', 'y'] },
      { path: 'b', to: true },
    ]);
    expect(fieldChanges({ a: [1] }, { a: [1] })).toEqual([]);
  });
});

describe('The user log (protocol): userLogSentence (structured details)', () => {
  it.each([
    ['settings.misc', { setting: 'sellOnly', from: false, to: true }, 'admin turned Sell Only on'],
    ['settings.misc', { setting: 'sellOnly', from: true, to: false }, 'admin turned Sell Only off'],
    ['service.restart', { service: 'worker', scaling: true, deploymentName: 'worker', namespace: 'worker' }, 'admin restarted worker (scaling: deployment worker in namespace worker)'],
    ['service.restart', { service: 'brain' }, 'admin restarted brain'],
    ['command', { to: 'worker', cmd: 'saveStats' }, 'admin sent saveStats to worker'],
    ['token.update', { name: 'USDC', changes: [{ path: 'networkData.Base.decimals', from: 6, to: 18 }] }, 'admin changed token USDC: decimals on Base 6 → 18'],
    ['workers.start', { before: { workersRunning: false }, after: { workersRunning: true } }, 'admin started the workers'],
    ['workers.stop', {}, 'admin stopped the workers'],
    ['tx.refund', { txId: '456', tradeId: 'T-123' }, 'admin refunded trade T-123 (tx 456)'],
    ['tx.refund', { txId: '456', tradeId: null, refundOf: 'tx-9', reason: 'stuck' }, 'admin refunded tx tx-9 (tx 456): stuck'],
    ['tx.force', { txId: 'x1', tradeId: 't1', tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip', amount: 10 }, 'admin forced a trade of 10 USDC Ethereum → Base over ccip (trade t1, tx x1)'],
    ['tx.manual', { txId: 'x2', network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01 }, 'admin queued a manual TransferNative of 0.01 ETH on Base (tx x2)'],
    ['tx.unlockNonce', { txId: 'x3', network: 'Ethereum', nonce: 7, wasLocked: true }, 'admin unlocked nonce 7 on Ethereum (tx x3)'],
    ['sell.create', { tradeId: 't2', tokenName: 'USDC', network: 'Base', amount: 5 }, 'admin created a sell of 5 USDC on Base (trade t2)'],
    ['sell.update', { tradeId: 't2', name: 't2', changes: [{ path: 'amount', from: 5, to: 12.5 }] }, 'admin changed sell t2: amount 5 → 12.5'],
    ['token.create', { name: 'AUDIT' }, 'admin created token AUDIT'],
    ['bridge.delete', { name: 'audit-bridge', tokensUpdated: [] }, 'admin deleted bridge audit-bridge'],
    ['config.update', { name: 'worker', changes: [{ path: 'data.maxGas', from: 1, to: 2 }] }, 'admin changed config worker: maxGas 1 → 2'],
    ['settings.cache.results.clear', { cleared: 3 }, 'admin cleared the checker results (3 open)'],
    ['settings.automation.bridges', { enabled: true, bridges: ['a', 'b'] }, 'admin turned bridge automation on for a, b'],
    ['pins.update', { pins: ['USDC'], added: ['USDC'], removed: ['DAI'] }, 'admin set the pinned tokens to USDC (added USDC; removed DAI)'],
    ['aws.restart', { group: 'eu' }, 'admin restarted cloud group eu'],
    ['aws.groups', { added: ['eu'], removed: [], changes: [] }, 'admin changed the cloud groups: added eu'],
    ['peer.restart', { peer: 'tx-eu-1' }, 'admin restarted peer tx-eu-1'],
    ['session.logout', { role: 'Admin' }, 'admin signed out'],
  ])('%s %j → "%s"', (action, details, sentence) => {
    expect(userLogSentence(entry(action, details))).toBe(sentence);
  });

  it('a long value (an address) keeps its start and end in the sentence', () => {
    const changes = [{ path: 'networkData.Base.address', from: `0x${'0'.repeat(39)}1`, to: `0x${'0'.repeat(39)}3` }];
    expect(userLogSentence(entry('token.update', { name: 'USDC', changes }))).toBe('admin changed token USDC: address on Base 0x000000…000001 → 0x000000…000003');
  });

  it('names two changed fields, then how many more', () => {
    const changes = ['a', 'b', 'c', 'd'].map((path, i) => ({ path, from: i, to: i + 1 }));
    expect(userLogSentence(entry('bridge.update', { name: 'x', changes }))).toBe('admin changed bridge x: a 0 → 1, b 1 → 2 and 2 more');
    expect(userLogSentence(entry('bridge.update', { name: 'x', changes: [] }))).toBe('admin changed bridge x (nothing changed)');
  });
});

describe('The user log (protocol): entries with missing or free-form details (older entries, another backend) read in words, never JSON', () => {
  it('an older Sell Only entry (before/after only) still says on or off', () => {
    expect(userLogSentence(entry('settings.misc', { before: { sellOnly: false }, after: { sellOnly: true } }))).toBe('admin turned Sell Only on');
  });

  it('an older token update (whole records in before/after) says what changed', () => {
    const details = { before: { tokenName: 'USDC', version: 1, networkData: { Base: { decimals: 6 } } }, after: { tokenName: 'USDC', version: 2, networkData: { Base: { decimals: 18 } } } };
    expect(userLogSentence(entry('token.update', details))).toBe('admin changed token USDC: decimals on Base 6 → 18');
    expect(userLogChanges(entry('token.update', details))).toEqual(['decimals on Base: 6 → 18']);
  });

  it('an unknown action with free-form details: the action and the details in words, without braces or quotes', () => {
    const text = userLogSentence(entry('vault.sweepDust', { amount: 3, to: { network: 'Base' } }, 'ops'));
    expect(text).toBe('ops: vault sweep dust (amount 3, to network Base)');
    expect(text).not.toMatch(/[{}"]/);
    expect(userLogSentence(entry('vault.sweep'))).toBe('admin: vault sweep');
    expect(userLogSentence(entry('command', 'saveStats please'))).toBe('admin sent a command');
    expect(userLogDetailsText(entry('x', 'free text'))).toEqual(['free text']);
    expect(userLogDetailsText(entry('x', { note: '<b>x</b>' }))).toEqual(['note: <b>x</b>']);
  });

  it('values read as words: yes/no, none, lists joined, objects as pairs', () => {
    expect(valueText(true)).toBe('yes');
    expect(valueText(null)).toBe('none');
    expect(valueText([])).toBe('none');
    expect(valueText(['a', 'b'])).toBe('a, b');
    expect(valueText({ address: '0x1', decimals: 6 })).toBe('address 0x1, decimals 6');
  });
});

describe('The user log (protocol): the Details column lists the changed fields "field: old → new"', () => {
  it('one line per changed field; added and removed fields say so', () => {
    const log = entry('token.update', {
      name: 'USDC',
      changes: [
        { path: 'networkData.Base.decimals', from: 6, to: 18 },
        { path: 'networkData.Gnosis', to: { address: '0xc', decimals: 6 } },
        { path: 'bridges', from: ['a'] },
      ],
    });
    expect(userLogDetailsText(log)).toEqual(['decimals on Base: 6 → 18', 'network Gnosis: added address 0xc, decimals 6', 'bridges: removed (was a)']);
    expect(changeText({ path: 'enabled', from: true, to: false })).toBe('enabled: yes → no');
  });

  it('an entry with before and after but no written diff (workers) lists what differs', () => {
    const log = entry('workers.start', { before: { workersRunning: false, workersStartedBy: '' }, after: { workersRunning: true, workersStartedBy: 'admin' } });
    expect(userLogDetailsText(log)).toEqual(['workersRunning: no → yes', 'workersStartedBy: none → admin']);
  });

  it('Sell Only reads as a change from off to on', () => {
    expect(userLogDetailsText(entry('settings.misc', { setting: 'sellOnly', from: false, to: true, before: { sellOnly: false }, after: { sellOnly: true } }))).toEqual(['Sell Only: off → on']);
  });
});
