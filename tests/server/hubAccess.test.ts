/**
 * §6 Which socket receives which event is the access table's: EVENT_ACCESS in src/config/access.ts,
 * read by the hub through server/src/auth/permissions.ts. An event it lists reaches exactly the roles
 * its entry allows, whether broadcast (with or without a fan-out) or sent to one socket, and follows
 * the entry when it says otherwise; an event it does not list reaches every socket that subscribed.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_ACCESS, eventAccessOf, type Access } from '../../src/config/access.ts';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { ServerEvents, type ServerEventName } from '../../src/contract/index.ts';
import { mayReceiveEvent } from '../../server/src/auth/permissions.ts';
import { Hub, type Subscriber } from '../../server/src/realtime/hub.ts';

type Role = typeof ADMIN_ROLE | typeof OPERATOR_ROLE;
const ROLES: readonly Role[] = [OPERATOR_ROLE, ADMIN_ROLE];

/** §6 spelled out, not through the table's own rule: 'admin' is role exactly Admin, else anyone signed in. */
const expected = (access: Access, role: Role) => access !== 'admin' || role === ADMIN_ROLE;

/** An event the table does not list, to hold the rest against. */
const UNLISTED: ServerEventName = 'newBlock';
const LISTED = Object.keys(EVENT_ACCESS) as ServerEventName[];
const EVENTS: readonly ServerEventName[] = [...LISTED, UNLISTED];

/** A payload the contract takes for each event of the test. */
const PAYLOADS: Partial<Record<ServerEventName, unknown>> = {
  newUserLog: { id: 'l1', time: 1, user: 'admin', action: 'token.update' },
  newBlock: { network: 'Ethereum', num: 1 },
};
const payloadOf = (event: ServerEventName) => PAYLOADS[event] as never;

interface Recorder extends Subscriber {
  received: ServerEventName[];
}

/** A socket of `role` that subscribed to every event of the test. */
function socketOf(role: Role): Recorder {
  const subscriber: Recorder = {
    id: role,
    role,
    events: new Set(EVENTS),
    received: [],
    send: (event) => {
      subscriber.received.push(event);
    },
  };
  return subscriber;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The events each role's socket received when every test event was broadcast once. */
async function receivedByRole(fanOut: boolean): Promise<Record<Role, ServerEventName[]>> {
  const hub = new Hub({ validate: true });
  const sockets = ROLES.map(socketOf);
  for (const socket of sockets) hub.add(socket);
  if (fanOut) {
    hub.setFanOut((ids, event) => {
      for (const socket of sockets) if (ids.includes(socket.id)) socket.received.push(event);
    });
  }
  for (const event of EVENTS) hub.broadcast(event, payloadOf(event));
  await settle();
  return Object.fromEntries(sockets.map((s) => [s.role, s.received])) as Record<Role, ServerEventName[]>;
}

/** What each role should receive, by the table. */
const byTable = (): Record<Role, ServerEventName[]> =>
  Object.fromEntries(ROLES.map((role) => [role, EVENTS.filter((event) => expected(eventAccessOf(event), role))])) as Record<Role, ServerEventName[]>;

/** Runs `check` with the table's entry for `event` set to `access`, then puts the table back as it was. */
async function withEntry(event: ServerEventName, access: Access, check: () => Promise<void>): Promise<void> {
  const table: Record<string, Access> = EVENT_ACCESS;
  const had = Object.hasOwn(table, event);
  const was = table[event];
  table[event] = access;
  try {
    await check();
  } finally {
    if (had && was !== undefined) table[event] = was;
    else delete table[event];
  }
}

describe('§6 the hub sends each event to the roles the access table gives it (EVENT_ACCESS)', () => {
  it('§6 the table lists events the server sends, each restricted to someone (an "any" entry would say nothing)', () => {
    expect(LISTED.length).toBeGreaterThan(0);
    for (const event of LISTED) {
      expect(Object.hasOwn(ServerEvents, event), event).toBe(true);
      expect(eventAccessOf(event), event).not.toBe('any');
    }
    expect(eventAccessOf(UNLISTED)).toBe('any');
    for (const event of EVENTS) expect(ServerEvents[event].safeParse(PAYLOADS[event]).success, `a payload for ${event}`).toBe(true);
  });

  it('§6 newUserLog, listed Admin only, reaches an Admin socket and not an Operator one', async () => {
    expect(EVENT_ACCESS.newUserLog).toBe('admin');
    const received = await receivedByRole(false);
    expect(received[ADMIN_ROLE]).toContain('newUserLog');
    expect(received[OPERATOR_ROLE]).not.toContain('newUserLog');
    expect(received[OPERATOR_ROLE]).toContain(UNLISTED);
  });

  it.each([false, true])('§6 every event reaches exactly the roles the table allows (fan-out: %s)', async (fanOut) => {
    expect(await receivedByRole(fanOut)).toEqual(byTable());
  });

  it.each(ROLES)('§6 an event sent to one %s socket goes only where the table allows', async (role) => {
    const hub = new Hub({ validate: true });
    const socket = socketOf(role);
    hub.add(socket);
    for (const event of EVENTS) hub.emitTo(socket, event, payloadOf(event));
    await settle();
    expect(socket.received).toEqual(EVENTS.filter((event) => expected(eventAccessOf(event), role)));
    for (const event of EVENTS) expect(mayReceiveEvent(event, role), event).toBe(expected(eventAccessOf(event), role));
  });

  it('§6 the hub follows the table when an entry says otherwise: a listed event opened to anyone, an unlisted one made Admin only', async () => {
    for (const event of LISTED) {
      await withEntry(event, 'any', async () => {
        expect((await receivedByRole(false))[OPERATOR_ROLE]).toContain(event);
      });
    }
    await withEntry(UNLISTED, 'admin', async () => {
      const received = await receivedByRole(true);
      expect(received[OPERATOR_ROLE]).not.toContain(UNLISTED);
      expect(received[ADMIN_ROLE]).toContain(UNLISTED);
    });
    expect(await receivedByRole(false)).toEqual(byTable());
  });
});
