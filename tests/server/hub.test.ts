/**
 * The hub (server/src/realtime/hub.ts), the one way events reach sockets (docs/protocol.md "Socket
 * connection": only subscribed events; user logs to admins only). Broadcasts made in one
 * synchronous run are coalesced and delivered together when it ends, in order, none dropped and
 * none overtaken by an event sent to one socket; with a fan-out, each event goes out once for all
 * its receivers (batched socket emits).
 */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { BATCH_MAX_EVENTS, type ServerEventName } from '../../src/contract/index.ts';
import { Hub, type Subscriber } from '../../server/src/realtime/hub.ts';

type Delivery = [ServerEventName, unknown];

interface Recorder extends Subscriber {
  /** Every event received, in order. */
  received: Delivery[];
}

function recorder(id: string, events: ServerEventName[], role: string = OPERATOR_ROLE): Recorder {
  const subscriber: Recorder = {
    id,
    role,
    events: new Set(events),
    received: [],
    send: (event, payload) => {
      subscriber.received.push([event, payload]);
    },
  };
  return subscriber;
}

const block = (num: number) => ({ network: 'Ethereum', num });
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('hub: coalesced broadcasts, batched socket emits', () => {
  it('delivers the events of one run once it ends, in broadcast order, each subscriber those it subscribed to', async () => {
    const hub = new Hub({ validate: true });
    const blocks = recorder('blocks', ['newBlock']);
    const both = recorder('both', ['newBlock', 'gas']);
    hub.add(blocks);
    hub.add(both);

    hub.broadcast('newBlock', block(1));
    hub.broadcast('gas', { network: 'Ethereum', gasEstimate: 12 });
    hub.broadcast('newBlock', block(2));
    expect(both.received).toEqual([]);
    await settle();

    expect(blocks.received).toEqual([['newBlock', block(1)], ['newBlock', block(2)]]);
    expect(both.received).toEqual([['newBlock', block(1)], ['gas', { network: 'Ethereum', gasEstimate: 12 }], ['newBlock', block(2)]]);
  });

  it('with a fan-out, each event goes out once, naming every subscriber that may receive it, in broadcast order', async () => {
    const hub = new Hub({ validate: true });
    const calls: [string[], ServerEventName, unknown][] = [];
    hub.setFanOut((ids, event, payload) => calls.push([[...ids].sort(), event, payload]));
    hub.add(recorder('admin', ['newUserLog', 'newBlock'], ADMIN_ROLE));
    hub.add(recorder('operator', ['newUserLog', 'newBlock', 'gas']));
    hub.add(recorder('quiet', []));
    const log = { id: 'l1', time: 1, user: 'admin', action: 'token.update' };
    hub.broadcast('newBlock', block(1));
    hub.broadcast('newUserLog', log);
    hub.broadcast('gas', { network: 'Base', gasEstimate: 1 });
    hub.broadcast('newBlock', block(2));
    await settle();
    expect(calls).toEqual([
      [['admin', 'operator'], 'newBlock', block(1)],
      // docs/protocol.md Server -> client events: user logs reach admins only, even when an
      // operator subscribes.
      [['admin'], 'newUserLog', log],
      [['operator'], 'gas', { network: 'Base', gasEstimate: 1 }],
      [['admin', 'operator'], 'newBlock', block(2)],
    ]);
  });

  it('Server -> client events (protocol): user logs reach admins only, also without a fan-out', async () => {
    const hub = new Hub({ validate: true });
    const admin = recorder('admin', ['newUserLog', 'newBlock'], ADMIN_ROLE);
    const operator = recorder('operator', ['newUserLog', 'newBlock']);
    hub.add(admin);
    hub.add(operator);
    const log = { id: 'l1', time: 1, user: 'admin', action: 'token.update' };
    hub.broadcast('newUserLog', log);
    hub.broadcast('newBlock', block(3));
    await settle();
    expect(admin.received).toEqual([['newUserLog', log], ['newBlock', block(3)]]);
    expect(operator.received).toEqual([['newBlock', block(3)]]);
  });

  it('an event sent to one socket never overtakes the broadcasts made before it', () => {
    const hub = new Hub({ validate: true });
    const socket = recorder('s', ['newBlock', 'stopReconnect']);
    hub.add(socket);
    hub.broadcast('newBlock', block(4));
    hub.emitTo(socket, 'stopReconnect', {});
    expect(socket.received).toEqual([['newBlock', block(4)], ['stopReconnect', {}]]);
  });

  it('a subscriber gets what was broadcast while it was subscribed: not before it joined, all before it left', async () => {
    const hub = new Hub({ validate: true });
    const leaving = recorder('leaving', ['newBlock']);
    hub.add(leaving);
    hub.broadcast('newBlock', block(5));
    const joining = recorder('joining', ['newBlock']);
    hub.add(joining);
    hub.broadcast('newBlock', block(6));
    hub.remove('leaving');
    hub.broadcast('newBlock', block(7));
    await settle();
    expect(leaving.received).toEqual([['newBlock', block(5)], ['newBlock', block(6)]]);
    expect(joining.received).toEqual([['newBlock', block(6)], ['newBlock', block(7)]]);
  });

  it('one subscriber failing does not keep the batch from the others; the failure is reported', async () => {
    const onDeliveryError = vi.fn();
    const hub = new Hub({ validate: true, onDeliveryError });
    const broken: Subscriber = {
      ...recorder('broken', ['newBlock']),
      send: () => {
        throw new Error('socket gone');
      },
    };
    const fine = recorder('fine', ['newBlock']);
    hub.add(broken);
    hub.add(fine);
    hub.broadcast('newBlock', block(8));
    hub.broadcast('newBlock', block(9));
    await settle();
    expect(fine.received).toEqual([['newBlock', block(8)], ['newBlock', block(9)]]);
    expect(onDeliveryError).toHaveBeenCalledWith(expect.objectContaining({ message: 'socket gone' }), ['broken']);
  });

  it('checks the payload and updates the event cache as the broadcast is made, not when it is delivered', () => {
    const hub = new Hub({ validate: true });
    hub.broadcast('connectedServices', { numConnected: 3, numExpected: 4 });
    expect(hub.cached()).toMatchObject({ connectedServices: { numConnected: 3, numExpected: 4 } });
    expect(() => hub.broadcast('newBlock', { network: 'Ethereum' } as never)).toThrow(/newBlock breaks the contract/);
  });

  it('with coalescing off (the benchmark baseline) each broadcast is delivered at once', () => {
    const hub = new Hub({ validate: true });
    hub.coalesce = false;
    const socket = recorder('s', ['newBlock']);
    hub.add(socket);
    hub.broadcast('newBlock', block(10));
    expect(socket.received).toEqual([['newBlock', block(10)]]);
  });
});

describe('hub: eventCache per key (protocol eventCache)', () => {
  it('keeps the last newBlock, gas and balance of each network, and of each address per network, as lists', () => {
    const hub = new Hub({ validate: true });
    hub.broadcast('newBlock', { network: 'Ethereum', num: 1 });
    hub.broadcast('newBlock', { network: 'Base', num: 5 });
    hub.broadcast('newBlock', { network: 'Ethereum', num: 2 });
    hub.broadcast('gas', { network: 'Base', gasEstimate: 3 });
    hub.broadcast('secondBalance', { address: '0xa', network: 'Base', balance: 1 });
    hub.broadcast('secondBalance', { address: '0xb', network: 'Base', balance: 2 });
    hub.broadcast('workerStats', 'ws');
    const cache = hub.cachedFor(recorder('r', ['newBlock', 'gas', 'secondBalance', 'workerStats']));
    expect(cache).toEqual({
      workerStats: 'ws',
      newBlock: [
        { network: 'Base', num: 5 },
        { network: 'Ethereum', num: 2 },
      ],
      gas: [{ network: 'Base', gasEstimate: 3 }],
      secondBalance: [
        { address: '0xa', network: 'Base', balance: 1 },
        { address: '0xb', network: 'Base', balance: 2 },
      ],
    });
  });

  it('a subscriber sees only the keyed events it subscribed to', () => {
    const hub = new Hub({ validate: true });
    hub.broadcast('newBlock', { network: 'Ethereum', num: 1 });
    hub.broadcast('balance', { network: 'Ethereum', balance: 4 });
    expect(Object.keys(hub.cachedFor(recorder('r', ['balance'])))).toEqual(['balance']);
  });

  it('is bounded per event: past 2,000 keys the least recently updated goes', () => {
    const hub = new Hub({ validate: true });
    for (let i = 0; i <= 2000; i++) hub.broadcast('workerIterationResult', { key: `T${i}_Base_Ethereum_lp` });
    const list = hub.cachedFor(recorder('r', ['workerIterationResult'])).workerIterationResult as { key: string }[];
    expect(list).toHaveLength(2000);
    expect(list[0]?.key).toBe('T1_Base_Ethereum_lp');
  });
});

/** A subscriber that asked for batched delivery: what it receives as runs, and what as single events. */
interface BatchRecorder extends Recorder {
  runs: Delivery[][];
}

function batchRecorder(id: string, events: ServerEventName[], role: string = OPERATOR_ROLE): BatchRecorder {
  const subscriber: BatchRecorder = {
    ...recorder(id, events, role),
    runs: [],
    sendBatch: (deliveries) => {
      subscriber.runs.push(deliveries.map(([event, payload]): Delivery => [event, payload]));
    },
  };
  subscriber.send = (event, payload) => {
    subscriber.received.push([event, payload]);
  };
  return subscriber;
}

describe('hub: batched delivery (docs/protocol.md "Batched delivery")', () => {
  it('a batched subscriber receives one run per synchronous run of broadcasts, in order, only what it subscribed to and may receive; others still get single events', async () => {
    const hub = new Hub({ validate: true });
    const batched = batchRecorder('batched', ['newBlock', 'newUserLog']);
    const plain = recorder('plain', ['newBlock', 'gas']);
    hub.add(batched);
    hub.add(plain);
    const log = { id: 'l1', time: 1, user: 'admin', action: 'token.update' };
    hub.broadcast('newBlock', block(1));
    hub.broadcast('gas', { network: 'Base', gasEstimate: 1 });
    hub.broadcast('newUserLog', log);
    hub.broadcast('newBlock', block(2));
    await settle();
    hub.broadcast('newBlock', block(3));
    await settle();

    // An operator gets no user logs, batched or not; the unsubscribed gas is left out of the run.
    expect(batched.runs).toEqual([[['newBlock', block(1)], ['newBlock', block(2)]], [['newBlock', block(3)]]]);
    expect(batched.received).toEqual([]);
    expect(plain.received).toEqual([['newBlock', block(1)], ['gas', { network: 'Base', gasEstimate: 1 }], ['newBlock', block(2)], ['newBlock', block(3)]]);
  });

  it('what is sent to one socket (emitTo) comes as itself, after the pending run', async () => {
    const hub = new Hub({ validate: true });
    const batched = batchRecorder('batched', ['newBlock', 'stopReconnect']);
    hub.add(batched);
    hub.broadcast('newBlock', block(1));
    hub.emitTo(batched, 'stopReconnect', {});
    await settle();
    expect(batched.runs).toEqual([[['newBlock', block(1)]]]);
    expect(batched.received).toEqual([['stopReconnect', {}]]);
  });

  it('a run longer than BATCH_MAX_EVENTS goes as several batches, in order, none dropped', async () => {
    const hub = new Hub({ validate: true });
    const batched = batchRecorder('batched', ['newBlock']);
    hub.add(batched);
    const count = 2 * BATCH_MAX_EVENTS + 3;
    for (let i = 0; i < count; i++) hub.broadcast('newBlock', block(i));
    await settle();
    expect(batched.runs.map((run) => run.length)).toEqual([BATCH_MAX_EVENTS, BATCH_MAX_EVENTS, 3]);
    expect(batched.runs.flat().map(([, payload]) => (payload as { num: number }).num)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('with a batch fan-out, each distinct run goes out once for every subscriber of the same role and subscription', async () => {
    const hub = new Hub({ validate: true });
    const runs: [string[], Delivery[]][] = [];
    const singles: [string[], ServerEventName][] = [];
    hub.setFanOut(
      (ids, event) => singles.push([[...ids].sort(), event]),
      (ids, deliveries) => runs.push([[...ids].sort(), deliveries.map(([event, payload]): Delivery => [event, payload])]),
    );
    hub.add(batchRecorder('op1', ['newBlock', 'newUserLog']));
    hub.add(batchRecorder('op2', ['newUserLog', 'newBlock']));
    hub.add(batchRecorder('admin', ['newBlock', 'newUserLog'], ADMIN_ROLE));
    hub.add(batchRecorder('quiet', ['gas']));
    hub.add(recorder('plain', ['newBlock']));
    const log = { id: 'l1', time: 1, user: 'admin', action: 'token.update' };
    hub.broadcast('newBlock', block(1));
    hub.broadcast('newUserLog', log);
    await settle();
    expect(singles).toEqual([[['plain'], 'newBlock']]);
    expect(runs).toEqual([
      [['op1', 'op2'], [['newBlock', block(1)]]],
      [['admin'], [['newBlock', block(1)], ['newUserLog', log]]],
    ]);
  });

  it('one batched subscriber failing does not keep the run from the others', async () => {
    const errors: string[][] = [];
    const hub = new Hub({ validate: true, onDeliveryError: (_err, ids) => errors.push([...ids]) });
    const broken = batchRecorder('broken', ['newBlock']);
    broken.sendBatch = () => {
      throw new Error('socket gone');
    };
    const fine = batchRecorder('fine', ['newBlock']);
    hub.add(broken);
    hub.add(fine);
    hub.broadcast('newBlock', block(1));
    await settle();
    expect(errors).toEqual([['broken']]);
    expect(fine.runs).toEqual([[['newBlock', block(1)]]]);
  });
});
