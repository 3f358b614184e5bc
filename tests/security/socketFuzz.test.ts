/**
 * Socket garbage into the console (bad input; §7 events, docs/protocol.md Server -> client
 * events). Generated payloads go the way real socket messages go: a socket's onAny listener in
 * RealtimeService, dispatchServerEvent, the handlers, the live store. Whatever arrives, nothing
 * throws, an invalid payload leaves the store untouched and is logged as a warning (not an error),
 * and a valid event afterwards still applies.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CACHED_EVENTS, SERVER_EVENT_NAMES, ServerEvents, isServerEventName, type ServerEventName,
} from '../../src/contract/index.ts';
import { salvageInit } from '../../src/realtime/handlers.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import { RealtimeService, type Clock } from '../../src/realtime/service.ts';
import { FakeSocket, fakeNotifier, fakeToaster, initPayload, memoryStorage, VALID } from '../realtime/fixtures.ts';

/** Bounded: about 31 events x RUNS payloads, a few seconds in all. */
const RUNS = 80;
const SEED = 7_007;

/** A clock that never moves: lastEventAt stays put, so an ignored event leaves the state object identical. */
const frozenClock: Clock = {
  now: () => 1_000_000,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
  setInterval: () => 0,
  clearInterval: () => undefined,
};

function consoleUnderTest() {
  const sockets: FakeSocket[] = [];
  // Frames are never flushed: the test reads getState(), what the handlers produced.
  const store = new LiveStore(() => undefined);
  const notifier = fakeNotifier();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const storage = memoryStorage();
  const service = new RealtimeService({
    io: (url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket;
    },
    url: 'https://console.example',
    token: 'a.b.c',
    storage,
    clock: frozenClock,
    store,
    toaster: fakeToaster(),
    notifier,
    playSound: vi.fn(),
    logger,
  });
  service.start();
  const socket = sockets[0] as FakeSocket;
  socket.serverConnect();
  socket.serverEmit('init', initPayload());
  socket.serverEmit('newBlock', { network: 'Ethereum', num: 1 });
  return { store, socket, notifier, logger, storage, service };
}

const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const HUGE = 'x'.repeat(1_000_000);

function nested(depth: number, leaf: unknown = 1, asArray = false): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** Values of every kind, including prototype-pollution keys and objects without a prototype. */
const anything = fc.anything({
  maxDepth: 4,
  maxKeys: 5,
  key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POISON_KEYS)),
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withSparseArray: true,
  withTypedArray: true,
  withBoxedValues: true,
});

/** A JSON text parsed as socket.io-parser would: own "__proto__" keys arrive as plain data. */
const fromJsonText = fc
  .tuple(fc.constantFrom(...POISON_KEYS), fc.jsonValue({ maxDepth: 3 }))
  .map(([key, value]) => JSON.parse(`{"${key}": ${JSON.stringify(value)}, "polluted": {"${key}": {"polluted": true}}}`) as unknown);

const extremes = fc.constantFrom<unknown>(
  HUGE, { msg: HUGE, type: 'info', autoClose: 1 }, [HUGE], { [HUGE.slice(0, 10_000)]: 1 },
  nested(500), nested(500, 1, true), Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -0, NaN, Infinity,
  Number.MAX_SAFE_INTEGER + 2, '\u0000\uffff\ud800', '<script>window.__xss=1</script>',
);

/** A valid payload of `name` with one path replaced by garbage or removed: near misses. */
function nearMiss(name: ServerEventName): fc.Arbitrary<unknown> {
  const valid = VALID[name] as unknown;
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length > 0) paths.push(path);
    if (typeof value === 'object' && value !== null && path.length < 4) {
      for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], [...path, key]);
    }
  };
  walk(valid, []);
  if (paths.length === 0) return anything;
  return fc.tuple(fc.constantFrom(...paths), fc.oneof(anything, fc.constant(undefined)), fc.boolean()).map(([path, junk, remove]) => {
    const copy = structuredClone(valid) as Record<string, unknown>;
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
    const last = path[path.length - 1] as string;
    if (remove) delete parent[last];
    else parent[last] = junk;
    return copy;
  });
}

function garbageFor(name: ServerEventName): fc.Arbitrary<unknown> {
  const forCache =
    name === 'eventCache'
      ? [fc.dictionary(fc.constantFrom(...CACHED_EVENTS, 'hack', '__proto__'), anything, { maxKeys: 4 })]
      : [];
  return fc.oneof(anything, fromJsonText, extremes, nearMiss(name), nearMiss(name), ...forCache);
}

/** docs/protocol.md eventCache: every cached entry is replayed through its handler; only the envelopes are not. */
const replayable = (entry: string, value: unknown): boolean =>
  isServerEventName(entry) && entry !== 'init' && entry !== 'eventCache' && ServerEvents[entry].safeParse(value).success;

const quiet = { warn: () => undefined, error: () => undefined };

/** What the console should do with a payload: act on it (the state may change), and warn about a part of it. */
function verdict(name: ServerEventName, payload: unknown): { acts: boolean; warns: boolean } {
  const parsed = ServerEvents[name].safeParse(payload);
  // A malformed init still applies the parts of it that parse.
  if (!parsed.success) return { acts: name === 'init' && salvageInit(payload, quiet) !== null, warns: true };
  if (name !== 'eventCache') return { acts: true, warns: false };
  // An eventCache envelope acts through the entries it replays, and warns about each one it drops.
  const entries = Object.entries(parsed.data as Record<string, unknown>);
  return { acts: entries.some(([e, v]) => replayable(e, v)), warns: entries.some(([e, v]) => !replayable(e, v)) };
}

beforeEach(() => {
  // Nothing on Object.prototype before a run, so a pollution afterwards is this file's doing.
  expect(Object.keys(Object.prototype)).toEqual([]);
});
afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
});

describe('§7 generated garbage through the socket into the live store', () => {
  it.each(SERVER_EVENT_NAMES)('§7 "%s": garbage never throws, an invalid payload leaves the store untouched and is warned about', (name) => {
    const { store, socket, notifier, logger, storage } = consoleUnderTest();
    let gas = 0;
    fc.assert(
      fc.property(garbageFor(name), (payload) => {
        logger.warn.mockClear();
        const before = store.getState();
        const flagBefore = storage.data.get('reconn');
        expect(() => socket.serverEmit(name, payload)).not.toThrow();
        // A handler failing is a bug in the console, whatever the input.
        expect(logger.error).not.toHaveBeenCalled();
        const { acts, warns } = verdict(name, payload);
        if (!acts) {
          expect(store.getState()).toBe(before);
          expect(storage.data.get('reconn')).toBe(flagBefore);
        }
        if (warns) expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^\[realtime\] (malformed|unknown|eventCache)/));
        if (warns && name !== 'eventCache') expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining(`"${name}"`));
        // The connection keeps working: a valid event right after the garbage applies.
        gas += 1;
        socket.serverEmit('gas', { network: 'Ethereum', gasEstimate: gas });
        expect(store.getState().gasEstimate.Ethereum).toBe(gas);
      }),
      { numRuns: RUNS, seed: SEED + SERVER_EVENT_NAMES.indexOf(name) },
    );
    // Invalid notify/tx payloads never reached the toasts: every call the notifier got was valid.
    for (const [payload] of notifier.notify.mock.calls) expect(ServerEvents.notify.safeParse(payload).success).toBe(true);
    for (const [payload] of notifier.txConfirmed.mock.calls) expect(ServerEvents.txConfirmed.safeParse(payload).success).toBe(true);
    for (const [payload] of notifier.txSent.mock.calls) expect(ServerEvents.txSent.safeParse(payload).success).toBe(true);
  });

  it('§7 an unknown event name, including prototype names, is warned about and changes nothing', () => {
    const { store, socket, logger } = consoleUnderTest();
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...POISON_KEYS, 'constructor.prototype', HUGE.slice(0, 5000))),
        anything,
        (event, payload) => {
          fc.pre(!isServerEventName(event));
          logger.warn.mockClear();
          const before = store.getState();
          expect(() => socket.serverEmit(event, payload)).not.toThrow();
          expect(store.getState()).toBe(before);
          expect(logger.warn).toHaveBeenCalledOnce();
        },
      ),
      { numRuns: 200, seed: SEED },
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('§5 valid events keep applying after a long burst of mixed garbage on every event', () => {
    const { store, socket, logger } = consoleUnderTest();
    const burst = fc.sample(
      fc.tuple(fc.constantFrom(...SERVER_EVENT_NAMES), anything),
      { numRuns: 2000, seed: SEED },
    );
    for (const [event, payload] of burst) if (event !== 'stopReconnect') socket.serverEmit(event, payload);
    expect(logger.error).not.toHaveBeenCalled();
    socket.serverEmit('newBlock', { network: 'Base', num: 42 });
    socket.serverEmit('tokenCreateDone', VALID.tokenCreateDone);
    socket.serverEmit('newUserLog', { id: 'after-garbage', time: 1, user: 'bob', action: 'login' });
    const state = store.getState();
    expect(state.newHeads.Base?.num).toBe(42);
    expect(state.allTokens.NEW).toEqual(VALID.tokenCreateDone);
    expect(state.userLogs[0]?.id).toBe('after-garbage');
    expect(state.connection).toBe('connected');
  });

  it('§4 names that are prototype keys are stored as plain data, never as prototypes', () => {
    const { store, socket, logger } = consoleUnderTest();
    for (const key of POISON_KEYS) {
      socket.serverEmit('gas', { network: key, gasEstimate: 3 });
      socket.serverEmit('secondBalance', { address: key, network: key, balance: 4 });
      socket.serverEmit('tokenCreateDone', { tokenName: key, networkData: { [key]: { address: '0x1', decimals: 1 } } });
      socket.serverEmit('bridgeCreateDone', { bridgeName: key, kind: 'Stargate' });
    }
    const state = store.getState();
    for (const key of POISON_KEYS) {
      expect(Object.prototype.hasOwnProperty.call(state.gasEstimate, key)).toBe(true);
      expect(state.gasEstimate[key]).toBe(3);
      expect(Object.prototype.hasOwnProperty.call(state.allTokens, key)).toBe(true);
      expect(state.secondaryBalance[key]?.[key]).toBe(4);
    }
    expect(Object.getPrototypeOf(state.gasEstimate)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(state.allTokens)).toBe(Object.prototype);
    expect(logger.error).not.toHaveBeenCalled();
  });

  // deepEqual (src/realtime/equal.ts, used by keepIfEqual) must not recurse per level: if it did,
  // the second identical deeply nested payload would overflow the stack and the event be dropped.
  // JSON.parse (socket.io-parser) accepts such depths, and docs/protocol.md lets any backend drive
  // the console.
  it('§5 a deeply nested value in a free-form field (brainState.txState) twice in a row is handled without an error', () => {
    const { store, socket, logger } = consoleUnderTest();
    const deep = { ...VALID.brainState, txState: nested(100_000, 1, true) };
    socket.serverEmit('brainState', deep);
    socket.serverEmit('brainState', { ...deep, txState: nested(100_000, 1, true) });
    expect(logger.error).not.toHaveBeenCalled();
    expect(store.getState().brainState?.walletAddress).toBe(VALID.brainState.walletAddress);
  });
});
