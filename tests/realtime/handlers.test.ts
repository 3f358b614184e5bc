import { describe, expect, it } from 'vitest';
import { SERVER_EVENT_NAMES } from '../../src/contract/index.ts';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { USER_LOGS_MAX, TRACKING_RESULTS_MAX } from '../../src/realtime/liveState.ts';
import { brain, handlerContext, initPayload, manualStore, token, VALID, txConfirmation } from './fixtures.ts';

function setup(now = () => 1_000) {
  const { store, flushFrame } = manualStore();
  return { store, flushFrame, ...handlerContext(store, now) };
}

describe('§3/§4 live store rules applied by the event handlers', () => {
  it('§3 init fills the client state and the session deadline', () => {
    const { store, ctx } = setup(() => 50_000);
    expect(dispatchServerEvent('init', initPayload(), ctx)).toBe(true);
    const s = store.getState();
    expect(s.devMode).toBe(true);
    expect(s.msRemainingBeforeDisconnect).toBe(3_599_000);
    expect(s.sessionDeadline).toBe(50_000 + 3_599_000);
    expect(Object.keys(s.allTokens)).toEqual(['AAA']);
    expect(s.bridges.B1?.kind).toBe('Stargate');
    expect(s.miscSettings.sellOnly).toBe(false);
    expect(s.brainState?.walletAddress).toBe('0xwallet');
    expect(s.awsGroups).toEqual([{ name: 'g1' }]);
    expect(s.connectedServices).toEqual({ numConnected: 3, numExpected: 3 });
  });

  it('§3 a second init (reconnect) re-syncs but keeps identities of unchanged branches', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('init', initPayload(), ctx);
    const first = store.getState();
    dispatchServerEvent('init', initPayload({ devMode: false }), ctx);
    const second = store.getState();
    expect(second.devMode).toBe(false);
    expect(second.allTokens).toBe(first.allTokens);
    expect(second.brainState).toBe(first.brainState);
    expect(second.bridges).toBe(first.bridges);
  });

  it('§5 brain state is stored only when different (deep-equal keeps identity)', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('brainState', brain(), ctx);
    const s1 = store.getState();
    dispatchServerEvent('brainState', brain(), ctx); // equal content, new object
    expect(store.getState()).toBe(s1);
    expect(store.getState().brainState).toBe(s1.brainState);
    dispatchServerEvent('brainState', brain({ txState: { x: [1, 3] } }), ctx);
    expect(store.getState().brainState).not.toBe(s1.brainState);
    expect(store.getState().brainState?.txState).toEqual({ x: [1, 3] });
  });

  it('§5 gas is stored only when different, per network', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('gas', { network: 'Ethereum', gasEstimate: 10 }, ctx);
    dispatchServerEvent('gas', { network: 'Base', gasEstimate: 1 }, ctx);
    const s1 = store.getState();
    dispatchServerEvent('gas', { network: 'Ethereum', gasEstimate: 10 }, ctx);
    expect(store.getState()).toBe(s1);
    dispatchServerEvent('gas', { network: 'Ethereum', gasEstimate: 11 }, ctx);
    expect(store.getState().gasEstimate).toEqual({ Ethereum: 11, Base: 1 });
  });

  it('§5 balance is stored only when different; second balance by address then network', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('balance', { network: 'Base', balance: 2 }, ctx);
    const s1 = store.getState();
    dispatchServerEvent('balance', { network: 'Base', balance: 2 }, ctx);
    expect(store.getState()).toBe(s1);
    dispatchServerEvent('secondBalance', { address: '0xa', network: 'Base', balance: 1 }, ctx);
    dispatchServerEvent('secondBalance', { address: '0xa', network: 'Solana', balance: 3 }, ctx);
    const s2 = store.getState();
    dispatchServerEvent('secondBalance', { address: '0xa', network: 'Base', balance: 1 }, ctx);
    expect(store.getState()).toBe(s2);
    expect(s2.secondaryBalance).toEqual({ '0xa': { Base: 1, Solana: 3 } });
  });

  it('§4 token create/update replaces by name, delete removes', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('init', initPayload(), ctx);
    dispatchServerEvent('tokenCreateDone', token('BBB'), ctx);
    dispatchServerEvent('tokenUpdateDone', token('AAA', '0xdef'), ctx);
    expect(store.getState().allTokens.AAA?.networkData.Ethereum?.address).toBe('0xdef');
    expect(Object.keys(store.getState().allTokens).sort()).toEqual(['AAA', 'BBB']);
    dispatchServerEvent('tokenDeleteDone', { tokenName: 'AAA' }, ctx);
    expect(Object.keys(store.getState().allTokens)).toEqual(['BBB']);
    const s = store.getState();
    dispatchServerEvent('tokenDeleteDone', { tokenName: 'nope' }, ctx);
    expect(store.getState()).toBe(s);
  });

  it('§4 bridge create/update replaces by name; delete removes it and merges updated tokens', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('init', initPayload({ allTokens: { AAA: token('AAA'), CCC: token('CCC') } }), ctx);
    dispatchServerEvent('bridgeCreateDone', { bridgeName: 'B2', kind: 'Synapse' }, ctx);
    dispatchServerEvent('bridgeUpdateDone', { bridgeName: 'B1', kind: 'CCIP' }, ctx);
    expect(store.getState().bridges).toEqual({ B1: { bridgeName: 'B1', kind: 'CCIP' }, B2: { bridgeName: 'B2', kind: 'Synapse' } });
    const ccc = store.getState().allTokens.CCC;
    dispatchServerEvent('bridgeDeleteDone', { bridgeName: 'B1', tokens: { AAA: token('AAA', '0x999') } }, ctx);
    const s = store.getState();
    expect(Object.keys(s.bridges)).toEqual(['B2']);
    expect(s.allTokens.AAA?.networkData.Ethereum?.address).toBe('0x999');
    expect(s.allTokens.CCC).toBe(ccc);
  });

  it('§4 checker add stores by iterId and delete removes', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('checkerAddResults', { iterId: 'i1', a: 1 }, ctx);
    dispatchServerEvent('checkerAddResults', { iterId: 'i2', a: 2 }, ctx);
    dispatchServerEvent('checkerAddResults', { iterId: 'i1', a: 3 }, ctx);
    expect(Object.fromEntries(store.getState().checkerRes)).toEqual({ i1: { iterId: 'i1', a: 3 }, i2: { iterId: 'i2', a: 2 } });
    dispatchServerEvent('checkerDeleteResults', { iterId: 'i1' }, ctx);
    expect([...store.getState().checkerRes.keys()]).toEqual(['i2']);
    const s = store.getState();
    dispatchServerEvent('checkerDeleteResults', { iterId: 'i1' }, ctx);
    expect(store.getState()).toBe(s);
  });

  it('§4 newBlock records changedAt only when the number changes', () => {
    let t = 1_000;
    const { store, ctx } = setup(() => t);
    dispatchServerEvent('newBlock', { network: 'Ethereum', num: 5 }, ctx);
    t = 9_000;
    const s = store.getState();
    dispatchServerEvent('newBlock', { network: 'Ethereum', num: 5 }, ctx);
    expect(store.getState()).toBe(s);
    expect(store.getState().newHeads.Ethereum).toEqual({ num: 5, changedAt: 1_000 });
    dispatchServerEvent('newBlock', { network: 'Ethereum', num: 6 }, ctx);
    expect(store.getState().newHeads.Ethereum).toEqual({ num: 6, changedAt: 9_000 });
  });

  it('§5 user logs are added only if their id is new, newest first, bounded', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('newUserLog', { id: 'a', time: 1, user: 'u', action: 'x' }, ctx);
    dispatchServerEvent('newUserLog', { id: 'b', time: 2, user: 'u', action: 'y' }, ctx);
    dispatchServerEvent('newUserLog', { id: 'a', time: 3, user: 'u', action: 'dup' }, ctx);
    expect(store.getState().userLogs.map((l) => l.id)).toEqual(['b', 'a']);
    for (let i = 0; i < USER_LOGS_MAX + 20; i++) dispatchServerEvent('newUserLog', { id: `n${i}`, time: i, user: 'u', action: 'x' }, ctx);
    expect(store.getState().userLogs).toHaveLength(USER_LOGS_MAX);
    expect(store.getState().userLogs[0]?.id).toBe(`n${USER_LOGS_MAX + 19}`);
  });

  it('§3 tracking results and errors by key, bounded', () => {
    const { store, ctx } = setup();
    dispatchServerEvent('workerIterationResult', { key: 'K', v: 1 }, ctx);
    const s = store.getState();
    dispatchServerEvent('workerIterationResult', { key: 'K', v: 1 }, ctx);
    expect(store.getState()).toBe(s);
    dispatchServerEvent('workerIterationError', { key: 'K', error: 'bad' }, ctx);
    expect(store.getState().trackingErrors.get('K')).toEqual({ error: 'bad', at: 1_000 });
    for (let i = 0; i < TRACKING_RESULTS_MAX + 5; i++) dispatchServerEvent('workerIterationResult', { key: `k${i}`, v: i }, ctx);
    const keys = [...store.getState().trackingResults.keys()];
    expect(keys).toHaveLength(TRACKING_RESULTS_MAX);
    expect(keys).not.toContain('K');
    expect(keys).toContain(`k${TRACKING_RESULTS_MAX + 4}`);
  });

  it('§3 statistics strings, connected users/services, misc settings, cloud groups', () => {
    const { store, ctx } = setup();
    for (const name of ['workerStats', 'analytics', 'events', 'lpStats', 'eventerStats'] as const) {
      dispatchServerEvent(name, `${name}!`, ctx);
      expect(store.getState()[name]).toBe(`${name}!`);
    }
    dispatchServerEvent('connectedUsers', VALID.connectedUsers, ctx);
    dispatchServerEvent('connectedServices', VALID.connectedServices, ctx);
    dispatchServerEvent('miscSettingsUpdateDone', { sellOnly: true }, ctx);
    dispatchServerEvent('cloudUpdateDone', [{ name: 'g9' }], ctx);
    const s = store.getState();
    expect(s.connectedUsers).toEqual(VALID.connectedUsers);
    expect(s.connectedServices).toEqual(VALID.connectedServices);
    expect(s.miscSettings).toEqual({ sellOnly: true });
    expect(s.awsGroups).toEqual([{ name: 'g9' }]);
  });

  it('§2 command background sets backgroundUntil = now + clamp(seconds ?? 18, 1, 19) s', () => {
    const { store, ctx, logger } = setup(() => 100_000);
    dispatchServerEvent('command', { name: 'background' }, ctx);
    expect(store.getState().backgroundUntil).toBe(100_000 + 18_000);
    dispatchServerEvent('command', { name: 'background', seconds: 60 }, ctx);
    expect(store.getState().backgroundUntil).toBe(100_000 + 19_000);
    dispatchServerEvent('command', { name: 'background', seconds: 0 }, ctx);
    expect(store.getState().backgroundUntil).toBe(100_000 + 1_000);
    dispatchServerEvent('command', { name: 'background', seconds: 7 }, ctx);
    expect(store.getState().backgroundUntil).toBe(100_000 + 7_000);
    dispatchServerEvent('command', { name: 'selfDestruct' }, ctx);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('selfDestruct'));
  });

  it('§4 stopReconnect and the notification events are handed over', () => {
    const { ctx, notifier, stopReconnect } = setup();
    dispatchServerEvent('stopReconnect', {}, ctx);
    expect(stopReconnect).toHaveBeenCalledOnce();
    dispatchServerEvent('notify', VALID.notify, ctx);
    dispatchServerEvent('sound', VALID.sound, ctx);
    dispatchServerEvent('txSent', VALID.txSent, ctx);
    dispatchServerEvent('txConfirmed', { txs: { a: txConfirmation() }, errCode: 3 }, ctx);
    expect(notifier.notify).toHaveBeenCalledWith(VALID.notify);
    expect(notifier.sound).toHaveBeenCalledWith({ name: 'plop' });
    expect(notifier.txSent).toHaveBeenCalledWith(VALID.txSent);
    expect(notifier.txConfirmed).toHaveBeenCalledWith(expect.objectContaining({ errCode: 3 }));
  });

  it('every event of the contract has a handler that accepts its valid payload', () => {
    for (const name of SERVER_EVENT_NAMES) {
      const { ctx, logger } = setup();
      expect(dispatchServerEvent(name, VALID[name], ctx), name).toBe(true);
      expect(logger.error, name).not.toHaveBeenCalled();
    }
  });
});

describe('Server -> client events (protocol): payloads a real backend may send: minimal, open shapes', () => {
  it('an ATA entry of networkData is kept as sent, whatever its shape (§3: skipped by readers)', () => {
    const { store, ctx, logger } = setup();
    const withAta = { tokenName: 'SOLX', networkData: { Solana: { address: 'So1', decimals: 9 }, ATA: { address: 'ata1' } } };
    expect(dispatchServerEvent('tokenCreateDone', withAta, ctx)).toBe(true);
    expect(store.getState().allTokens.SOLX?.networkData.ATA).toEqual({ address: 'ata1' });
    expect(dispatchServerEvent('tokenCreateDone', { tokenName: 'BAD', networkData: { Base: { address: 'x' } } }, ctx)).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/"tokenCreateDone".*Base\.decimals/));
  });

  it('brain state with walletAddress null and no txState, cloud groups without a name, stopReconnect with no payload, errCode null', () => {
    const { store, ctx, stopReconnect, notifier } = setup();
    const { txState: _left, ...noTxState } = brain();
    expect(dispatchServerEvent('brainState', { ...noTxState, walletAddress: null }, ctx)).toBe(true);
    expect(store.getState().brainState?.walletAddress).toBeNull();
    expect(dispatchServerEvent('cloudUpdateDone', [{ groupName: 'workers-eu' }], ctx)).toBe(true);
    expect(store.getState().awsGroups).toEqual([{ groupName: 'workers-eu' }]);
    expect(dispatchServerEvent('stopReconnect', undefined, ctx)).toBe(true);
    expect(stopReconnect).toHaveBeenCalledTimes(1);
    expect(dispatchServerEvent('txConfirmed', { txs: { a: txConfirmation() }, errCode: null }, ctx)).toBe(true);
    expect(notifier.txConfirmed).toHaveBeenCalledTimes(1);
  });

  it('a txConfirmed with a malformed tx or errCode still confirms the txs that parse and keeps an integer errCode, each drop logged', () => {
    const { ctx, logger, notifier } = setup();
    const good = txConfirmation();
    expect(dispatchServerEvent('txConfirmed', { txs: { a: good, b: { tokenName: 'X', success: 'yes' } }, errCode: 7 }, ctx)).toBe(true);
    expect(notifier.txConfirmed).toHaveBeenLastCalledWith({ txs: { a: good }, errCode: 7 });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('txConfirmed tx "b" dropped'));
    expect(dispatchServerEvent('txConfirmed', { txs: { a: good }, errCode: 'seven' }, ctx)).toBe(true);
    expect(notifier.txConfirmed).toHaveBeenLastCalledWith({ txs: { a: good } });
    expect(logger.warn).toHaveBeenCalledWith('[realtime] malformed txConfirmed errCode dropped');
    // Nothing usable: dropped as a whole.
    expect(dispatchServerEvent('txConfirmed', { txs: { b: { success: 1 } }, errCode: 1.5 }, ctx)).toBe(false);
    expect(notifier.txConfirmed).toHaveBeenCalledTimes(2);
  });

  it('an init with malformed parts applies every part that parses; a bad token or bridge drops only itself, each logged', () => {
    const { store, ctx, logger } = setup(() => 10_000);
    const raw = {
      ...initPayload(),
      devMode: 'yes',
      allTokens: { AAA: token('AAA'), BAD: { tokenName: 'BAD', networkData: { Base: { address: 1 } } } },
      bridges: { B1: { bridgeName: 'B1', kind: 'Stargate' }, B2: { kind: 'Omni' } },
    };
    expect(dispatchServerEvent('init', raw, ctx)).toBe(true);
    const s = store.getState();
    expect(Object.keys(s.allTokens)).toEqual(['AAA']);
    expect(Object.keys(s.bridges)).toEqual(['B1']);
    expect(s.sessionDeadline).toBe(10_000 + 3_599_000);
    expect(s.brainState?.walletAddress).toBe('0xwallet');
    expect(s.devMode).toBe(false);
    const lines = logger.warn.mock.calls.map((c) => String(c[0]));
    expect(lines.some((l) => l.includes('"devMode"'))).toBe(true);
    expect(lines.some((l) => l.includes('token "BAD"'))).toBe(true);
    expect(lines.some((l) => l.includes('bridge "B2"'))).toBe(true);
  });
});

describe('§7 eventCache replays each entry through the same handlers', () => {
  it('replays cached events into the store', () => {
    const { store, ctx, logger } = setup();
    dispatchServerEvent(
      'eventCache',
      {
        brainState: brain(),
        workerStats: 'W',
        connectedServices: { numConnected: 1, numExpected: 4 },
        gas: { network: 'Base', gasEstimate: 3 },
      },
      ctx,
    );
    const s = store.getState();
    expect(s.brainState?.walletAddress).toBe('0xwallet');
    expect(s.workerStats).toBe('W');
    expect(s.connectedServices).toEqual({ numConnected: 1, numExpected: 4 });
    expect(s.gasEstimate.Base).toBe(3);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('eventCache (protocol): a keyed event is the list of its last payload per key; every network\'s head, gas and balance is replayed', () => {
    const { store, ctx, logger } = setup();
    dispatchServerEvent(
      'eventCache',
      {
        newBlock: [
          { network: 'Ethereum', num: 101 },
          { network: 'Base', num: 202 },
        ],
        gas: [
          { network: 'Ethereum', gasEstimate: 21 },
          { network: 'Base', gasEstimate: 3 },
        ],
        balance: [{ network: 'Base', balance: 1.5 }],
        // A list-valued event in its plain form (one payload) and in the per-key form (a list of lists).
        connectedUsers: [{ name: 'alice', role: 'Admin', since: 1 }],
        cloudUpdateDone: [[{ name: 'g1', region: 'eu-west-1', desired: 1, running: 1 }]],
      },
      ctx,
    );
    const s = store.getState();
    expect(Object.fromEntries(Object.entries(s.newHeads).map(([network, head]) => [network, head.num]))).toEqual({ Ethereum: 101, Base: 202 });
    expect(s.gasEstimate).toEqual({ Ethereum: 21, Base: 3 });
    expect(s.balance).toEqual({ Base: 1.5 });
    expect(s.connectedUsers).toEqual([{ name: 'alice', role: 'Admin', since: 1 }]);
    expect(s.awsGroups).toEqual([expect.objectContaining({ name: 'g1' })]);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('eventCache (protocol): one bad payload in a keyed list is dropped and logged; the rest of the list applies', () => {
    const { store, ctx, logger } = setup();
    dispatchServerEvent('eventCache', { newBlock: [{ network: 'Ethereum', num: 'x' }, { network: 'Base', num: 7 }] }, ctx);
    expect(Object.keys(store.getState().newHeads)).toEqual(['Base']);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"newBlock"'));
  });

  it('a malformed cached entry is dropped and logged; the others still apply', () => {
    const { store, ctx, logger } = setup();
    dispatchServerEvent('eventCache', { brainState: { walletAddress: 1 }, workerStats: 'ok', bogus: 1 }, ctx);
    expect(store.getState().brainState).toBeNull();
    expect(store.getState().workerStats).toBe('ok');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"brainState"'));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"bogus"'));
  });

  it('every cached event the server chose is replayed, toasts included; only the envelopes (init, eventCache) are not', () => {
    const { store, ctx, notifier, logger, stopReconnect } = setup();
    dispatchServerEvent('eventCache', { notify: VALID.notify, txSent: VALID.txSent, command: { name: 'background' }, stopReconnect: {}, eventCache: {}, init: VALID.init }, ctx);
    expect(notifier.notify).toHaveBeenCalledWith(VALID.notify);
    expect(notifier.txSent).toHaveBeenCalledWith(VALID.txSent);
    expect(store.getState().backgroundUntil).toBeGreaterThan(0);
    expect(stopReconnect).toHaveBeenCalled();
    expect(store.getState().allTokens).toEqual({});
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});

const GARBAGE: unknown[] = [
  undefined, null, 0, -1, NaN, Infinity, '', 'x', true, [], [1, 2], {}, { a: 1 },
  { network: 1 }, { network: 'Ethereum' }, { network: 'Ethereum', num: -1 }, { network: 'Ethereum', num: 1.5 },
  { network: 'Ethereum', gasEstimate: 'high' }, { network: 'Ethereum', balance: Infinity },
  { tokenName: 5 }, { tokenName: 'A', networkData: 'x' }, { bridgeName: '' , kind: 'x'}, { iterId: 7 }, { key: null },
  { id: 1, time: 'now' }, { msg: 1, type: 'info', autoClose: 1 }, { msg: 'm', type: 'fatal', autoClose: 1 },
  { msg: 'm', type: 'info', autoClose: true }, { name: 'trumpet' }, { name: 5 }, { txs: 'all' },
  { txs: { a: { tokenName: 'A' } } }, { txs: {}, errCode: 'E' }, { tradeId: 't', txTypes: 'Swap' },
  { ...initPayload(), devMode: 'yes' }, { ...brain(), workersRunning: 'no' }, { numConnected: '1', numExpected: 1 },
  [{ nam: 'x' }], [{ name: 'a', role: 'b', since: 'c' }], { bridgeName: 'B', tokens: [1] },
  { sellOnly: 'true' }, 12345678901234567890n, Symbol('s'), () => 1, new Date(0),
];

describe('§7 malformed or unknown payloads are dropped and logged, never thrown', () => {
  it('tries many garbage values on every event', () => {
    for (const name of SERVER_EVENT_NAMES) {
      for (const value of GARBAGE) {
        const { store, ctx, logger, notifier, stopReconnect } = setup();
        const before = store.getState();
        let applied = false;
        expect(() => {
          applied = dispatchServerEvent(name, value, ctx);
        }).not.toThrow();
        if (applied) {
          // Some garbage is a legal payload for a loose schema (e.g. {} for stopReconnect,
          // any record for eventCache, {} for miscSettings); nothing else may fail.
          expect(logger.error).not.toHaveBeenCalled();
          continue;
        }
        expect(store.getState(), `${name} ${String(value)}`).toBe(before);
        expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining(`"${name}"`));
        expect(notifier.notify).not.toHaveBeenCalled();
        expect(notifier.txConfirmed).not.toHaveBeenCalled();
        expect(stopReconnect).not.toHaveBeenCalled();
      }
    }
  });

  it('the warning names the event and summarises the zod issues', () => {
    const { ctx, logger } = setup();
    dispatchServerEvent('gas', { network: 'Base', gasEstimate: 'x' }, ctx);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/"gas".*gasEstimate: /));
  });

  it('an unknown event name is logged and dropped', () => {
    const { store, ctx, logger } = setup();
    const before = store.getState();
    expect(dispatchServerEvent('hack', { a: 1 }, ctx)).toBe(false);
    expect(dispatchServerEvent('__proto__', {}, ctx)).toBe(false);
    expect(dispatchServerEvent('toString', {}, ctx)).toBe(false);
    expect(store.getState()).toBe(before);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('"hack"'));
  });
});
