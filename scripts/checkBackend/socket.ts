/**
 * The socket checks: the refused handshake, init, eventCache, subscriptions, ping, and a listening
 * window; and, on a second socket that asks for batches in the same window, batched delivery.
 */
import { io, type Socket } from 'socket.io-client';
import {
  BATCH_EVENT,
  BATCH_MAX_EVENTS,
  BATCH_QUERY,
  BatchEntry,
  BatchPayload,
  CLIENT_PING,
  eventCachePayloads,
  InitPayload,
  isServerEventName,
  SERVER_EVENT_NAMES,
  ServerEvents,
  type ServerEventName,
} from '../../src/contract/index.ts';
import { fail, judge, pass, skip, type Context } from './context.ts';
import { short } from './http.ts';
import { shapeProblem, unknownFields } from './shapes.ts';

const CONNECT_TIMEOUT_MS = 10_000;
const PING_TIMEOUT_MS = 4_500;

const RULES = {
  handshake: 'docs/protocol.md Socket connection: a handshake without a valid token is refused with connect_error "unauthorized"',
  init: 'docs/protocol.md Socket connection: init is sent on connection and parses with the contract (InitPayload)',
  eventCache: 'docs/protocol.md eventCache: {[eventName]: lastPayload | lastPayload[]}, each payload parsing as its event',
  subscribed: 'docs/protocol.md Socket connection: the server sends only the events named in the handshake query `events`',
  ping: 'docs/protocol.md Socket connection: the client emits ping with an empty payload every 4500 ms; the server accepts it (does not disconnect)',
  events: 'docs/protocol.md Server -> client events: each payload parses with its event’s schema in src/contract',
  batch: `docs/protocol.md Batched delivery: with ${BATCH_QUERY}=1 in the handshake query, a backend that offers it sends broadcasts as \`${BATCH_EVENT}\` messages, each a list of 1 to ${BATCH_MAX_EVENTS} [eventName, payload] pairs of subscribed events whose payloads parse with their schemas; init, eventCache and stopReconnect come as themselves`,
} as const;

/**
 * Subscribed on the listening socket: everything but a few events the checker deliberately leaves
 * out, so that one arriving shows the server ignores the subscription.
 */
const LEFT_OUT: readonly ServerEventName[] = ['gas', 'connectedUsers', 'workerStats'];
const SUBSCRIBED = SERVER_EVENT_NAMES.filter((event) => !LEFT_OUT.includes(event));

interface Received {
  event: string;
  payload: unknown;
}

function open(url: string, token: string | undefined, events: readonly string[], more: Record<string, string> = {}): Socket {
  return io(url, {
    ...(token === undefined ? {} : { auth: { token } }),
    query: { events: events.join(','), ...more },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
}

/** Resolves with the connect_error's message, or 'connected' when the handshake was accepted. */
function handshake(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve('connected');
    });
    socket.once('connect_error', (error: Error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function checkSocket(ctx: Context): Promise<void> {
  const url = ctx.options.url;
  const anonymous = open(url, undefined, ['init']);
  const refused = await handshake(anonymous);
  anonymous.disconnect();
  judge(ctx, { id: 'socket.no-token', group: 'socket', title: 'a handshake without a token is refused', rule: RULES.handshake, request: 'io(url) without auth.token', answer: refused }, [
    refused === 'connected' ? 'the handshake was accepted' : refused === 'unauthorized' ? undefined : `refused with "${refused}", not "unauthorized"`,
  ]);

  if (!ctx.adminToken) {
    fail(ctx, { id: 'socket.all', group: 'socket', title: 'socket checks', rule: RULES.init, problem: 'not run: the admin key did not sign in' });
    return;
  }
  // The listening socket, plain, and beside it one that asks for batches: both connected at once and
  // listening through the same window, so the two forms of the same broadcasts can be compared.
  const socket = open(url, ctx.adminToken, SUBSCRIBED);
  const batchedSocket = open(url, ctx.adminToken, SUBSCRIBED, { [BATCH_QUERY]: '1' });
  const received: Received[] = [];
  const receivedBatched: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  batchedSocket.onAny((event: string, payload: unknown) => receivedBatched.push({ event, payload }));
  const request = `io(url, { auth: { token }, query: { events: <every event but ${LEFT_OUT.join(', ')}> } })`;
  const [outcome, batchedOutcome] = await Promise.all([handshake(socket), handshake(batchedSocket)]);
  if (outcome !== 'connected') {
    fail(ctx, { id: 'socket.connect', group: 'socket', title: 'the admin token connects', rule: RULES.init, request, answer: outcome, problem: 'the handshake was refused' });
    socket.disconnect();
    batchedSocket.disconnect();
    return;
  }
  try {
    // init comes first; eventCache next.
    const deadline = Date.now() + CONNECT_TIMEOUT_MS;
    while (Date.now() < deadline && !received.some((r) => r.event === 'init')) await wait(50);
    await wait(300);
    checkInit(ctx, received, request);
    checkEventCache(ctx, received, request);
    await checkPing(ctx, socket);
    await wait(ctx.options.listenSeconds * 1000);
    checkListened(ctx, received, socket.connected);
    checkBatches(ctx, receivedBatched, batchedOutcome, batchedSocket.connected);
  } finally {
    socket.disconnect();
    batchedSocket.disconnect();
  }
}

function checkInit(ctx: Context, received: readonly Received[], request: string): void {
  const check = { id: 'socket.init', group: 'socket', title: 'init arrives first and parses', rule: RULES.init, request };
  const init = received.find((r) => r.event === 'init');
  if (!init) {
    fail(ctx, { ...check, answer: `events: ${received.map((r) => r.event).join(', ') || 'none'}`, problem: 'no init within 10 s' });
    return;
  }
  const parsed = InitPayload.safeParse(init.payload);
  const problems = [received[0]?.event === 'init' ? undefined : `the first event was ${received[0]?.event}`, shapeProblem(InitPayload, init.payload)];
  if (parsed.success) {
    ctx.init = parsed.data;
    const misnamed = Object.entries(parsed.data.allTokens).filter(([key, token]) => key !== token.tokenName).map(([key]) => key);
    if (misnamed.length) problems.push(`allTokens keys differ from their tokenName: ${misnamed.slice(0, 5).join(', ')}`);
  }
  const notes = unknownFieldNotes('init', InitPayload, init.payload);
  // The console extensions init may carry: their absence is allowed, and said (docs/protocol.md "Shapes", "Alerts lifecycle").
  if (parsed.success && parsed.data.alerts === undefined) notes.push('init has no `alerts` (alerts lifecycle not provided): the console shows no active alerts from init');
  if (parsed.success && parsed.data.connectedServices.services === undefined) {
    notes.push('connectedServices has no `services` (named services not provided): the console shows the counts alone');
  }
  judge(ctx, { ...check, answer: short(JSON.stringify(init.payload)), ...(notes.length ? { notes } : {}) }, problems);
}

function checkEventCache(ctx: Context, received: readonly Received[], request: string): void {
  const check = { id: 'socket.event-cache', group: 'socket', title: 'eventCache parses, each value in either form', rule: RULES.eventCache, request };
  const cache = received.find((r) => r.event === 'eventCache');
  if (!cache) {
    skip(ctx, { ...check, problem: 'no eventCache arrived (docs/protocol.md does not require one)' });
    return;
  }
  if (typeof cache.payload !== 'object' || cache.payload === null || Array.isArray(cache.payload)) {
    fail(ctx, { ...check, answer: short(JSON.stringify(cache.payload)), problem: 'eventCache is not an object of event names' });
    return;
  }
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [event, value] of Object.entries(cache.payload)) {
    if (!isServerEventName(event)) {
      notes.push(`eventCache holds an event the contract does not name: ${event}`);
      continue;
    }
    for (const payload of eventCachePayloads(event, value)) {
      const problem = shapeProblem(ServerEvents[event], payload);
      if (problem) problems.push(`${event}: ${problem}`);
    }
  }
  judge(ctx, { ...check, answer: short(JSON.stringify(cache.payload)), ...(notes.length ? { notes } : {}) }, problems.slice(0, 5));
}

async function checkPing(ctx: Context, socket: Socket): Promise<void> {
  const check = { id: 'socket.ping', group: 'socket', title: 'ping is accepted', rule: RULES.ping, request: `emit("${CLIENT_PING}", {})` };
  const acknowledged = await new Promise<boolean>((resolve) => {
    socket.timeout(PING_TIMEOUT_MS).emit(CLIENT_PING, {}, (err: Error | null) => resolve(!err));
  });
  if (socket.connected) {
    pass(ctx, { ...check, answer: acknowledged ? 'acknowledged' : 'no acknowledgement (none is required)', notes: acknowledged ? [] : ['the server did not acknowledge ping'] });
  } else {
    fail(ctx, { ...check, answer: 'disconnected', problem: 'the socket was disconnected after ping' });
  }
}

function checkListened(ctx: Context, received: readonly Received[], stillConnected: boolean): void {
  const seconds = ctx.options.listenSeconds;
  const window = `listened ${seconds} s`;
  const unsubscribed = received.filter((r) => LEFT_OUT.includes(r.event as ServerEventName));
  judge(ctx, { id: 'socket.subscribed-only', group: 'socket', title: 'only subscribed events arrive', rule: RULES.subscribed, request: `events: every event but ${LEFT_OUT.join(', ')}`, answer: `${window}: ${countByEvent(received)}` }, [
    unsubscribed.length ? `unsubscribed events arrived: ${[...new Set(unsubscribed.map((r) => r.event))].join(', ')}` : undefined,
  ]);

  const problems: string[] = [];
  const notes = new Set<string>();
  for (const { event, payload } of received) {
    if (!isServerEventName(event)) {
      notes.add(`an event the contract does not name arrived: ${event}`);
      continue;
    }
    if (event === 'init' || event === 'eventCache') continue;
    const problem = shapeProblem(ServerEvents[event], payload);
    if (problem) problems.push(`${event} ${short(JSON.stringify(payload))}: ${problem}`);
    for (const note of unknownFieldNotes(event, ServerEvents[event], payload)) notes.add(note);
  }
  const distinctProblems = [...new Set(problems)];
  judge(ctx, { id: 'socket.events', group: 'socket', title: `each event in a ${seconds} s window parses`, rule: RULES.events, request: window, answer: countByEvent(received), ...(notes.size ? { notes: [...notes].slice(0, 20) } : {}) }, [
    ...distinctProblems.slice(0, 5),
    stillConnected ? undefined : 'the socket was disconnected during the window',
  ]);
}

/** Sent to one socket, never in a batch (docs/protocol.md "Batched delivery"). */
const NEVER_BATCHED: ReadonlySet<string> = new Set<ServerEventName>(['init', 'eventCache', 'stopReconnect']);

/** The socket that asked for batches: nothing to judge when none came (the extension is optional); otherwise each batch and each of its pairs. */
function checkBatches(ctx: Context, received: readonly Received[], outcome: string, stillConnected: boolean): void {
  const seconds = ctx.options.listenSeconds;
  const check = {
    id: 'socket.batch',
    group: 'socket',
    title: 'batched delivery, when offered',
    rule: RULES.batch,
    request: `a second socket, io(url, { auth: { token }, query: { events: <the same>, ${BATCH_QUERY}: "1" } }), listening ${seconds} s beside the first`,
  };
  if (outcome !== 'connected') {
    // A backend that does not offer batches ignores the query: the handshake is accepted all the same.
    fail(ctx, { ...check, answer: outcome, problem: `the handshake with ${BATCH_QUERY}=1 was refused, where the same handshake without it was accepted` });
    return;
  }
  const batches = received.filter((r) => r.event === BATCH_EVENT);
  if (batches.length === 0) {
    skip(ctx, {
      ...check,
      answer: `listened ${seconds} s: ${countByEvent(received)}`,
      problem: `no ${BATCH_EVENT} arrived: batched delivery is not offered (an optional extension; every event came as itself)`,
    });
    return;
  }

  const problems: string[] = [];
  const entries: Received[] = [];
  for (const { payload } of batches) {
    const problem = shapeProblem(BatchPayload, payload);
    if (problem) problems.push(`${BATCH_EVENT} ${short(JSON.stringify(payload) ?? String(payload))}: ${problem}`);
    if (!Array.isArray(payload)) continue;
    // The pairs are judged even when the list as a whole is not (too long, say): each is applied alone.
    for (const entry of payload as unknown[]) {
      const pair = BatchEntry.safeParse(entry);
      if (pair.success) entries.push({ event: pair.data[0], payload: pair.data[1] });
    }
  }
  for (const { event, payload } of entries) {
    if (!isServerEventName(event)) {
      problems.push(`a ${BATCH_EVENT} holds an event the contract does not name: ${event}`);
    } else if (NEVER_BATCHED.has(event)) {
      problems.push(`${event} came in a ${BATCH_EVENT}: it is sent as itself`);
    } else if (LEFT_OUT.includes(event)) {
      problems.push(`a ${BATCH_EVENT} holds an unsubscribed event: ${event}`);
    } else {
      const problem = shapeProblem(ServerEvents[event], payload);
      if (problem) problems.push(`${event} in a ${BATCH_EVENT} ${short(JSON.stringify(payload) ?? String(payload))}: ${problem}`);
    }
  }

  // The plain form beside the batches is allowed: the console reads both on the same socket.
  const plain = received.filter((r) => r.event !== BATCH_EVENT && !NEVER_BATCHED.has(r.event));
  const notes = plain.length ? [`events also came as themselves on the socket that asked for batches (allowed: the console reads both forms): ${countByEvent(plain)}`] : [];
  judge(
    ctx,
    { ...check, answer: `${plural(batches.length, 'batch', 'batches')}, ${plural(entries.length, 'event', 'events')}: ${countByEvent(entries)}`, ...(notes.length ? { notes } : {}) },
    [...[...new Set(problems)].slice(0, 5), stillConnected ? undefined : 'the socket that asked for batches was disconnected during the window'],
  );
}

/** docs/protocol.md writes these payloads `{ key, ...result }`: whatever else they carry is the result itself, not an unknown field. */
const OPEN_PAYLOADS: ReadonlySet<string> = new Set(['checkerAddResults', 'workerIterationResult']);

function unknownFieldNotes(event: string, schema: Parameters<typeof unknownFields>[0], payload: unknown): string[] {
  if (OPEN_PAYLOADS.has(event)) return [];
  return [...new Set(unknownFields(schema, payload))].slice(0, 10).map((field) => `${event} carries a field the contract does not name: ${field}`);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function countByEvent(received: readonly Received[]): string {
  const counts = new Map<string, number>();
  for (const { event } of received) counts.set(event, (counts.get(event) ?? 0) + 1);
  return [...counts].map(([event, count]) => `${event} ×${count}`).join(', ') || 'no events';
}
