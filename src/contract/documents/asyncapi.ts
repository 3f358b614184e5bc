/**
 * The AsyncAPI 3 document of the socket contract, generated from ServerEvents (never written by
 * hand). The reference server serves it at GET /api/asyncapi.json and `npm run docs:contract`
 * writes it to docs/asyncapi.json.
 */
import {
  BATCH_EVENT,
  BATCH_MAX_EVENTS,
  BATCH_QUERY,
  BatchPayload,
  CACHED_EVENTS,
  CLIENT_PING,
  KEYED_CACHED_EVENTS,
  SERVER_EVENT_NAMES,
  ServerEvents,
  type ServerEventName,
} from '../socket.ts';
import { jsonSchemaOf, type JsonSchema } from './jsonSchema.ts';
import { CONTRACT_VERSION, EXTENSION_NOTES } from './meta.ts';
import { eventAccessOf } from '../../config/access.ts';
import type { ExtensionName } from '../operations.ts';

/** What a backend engineer needs to know of an event beyond its payload's schema. */
const EVENT_NOTES: Partial<Record<ServerEventName, string>> = {
  init: 'Sent first on every connection, then eventCache.',
  eventCache:
    'The last payload of each cached event, replayed through the same handlers. For events keyed by a field of their payload (x-keyed-by) the value may be the list of the last payload per key; the console accepts both forms for every event.',
  stopReconnect: 'The session ended (expired or signed out): the server disconnects next, and the console does not retry.',
  command: 'name `background` switches the decorative background for `seconds` (default 18, clamped to 1..19).',
  bridgeDeleteDone: '`tokens`: the tokens the delete changed, merged into allTokens.',
  workerIterationResult: 'Pool keys look like `TOKEN_networkA_networkB_lp`.',
  tradeStuck: 'Sent once when a trade becomes stuck; not in eventCache.',
  tradeUnstuck: 'The stuck step is no longer pending.',
};

const EVENT_EXTENSIONS: Partial<Record<ServerEventName, ExtensionName>> = { tradeStuck: 'trades', tradeUnstuck: 'trades' };

const KEYED_BY: Record<keyof typeof KEYED_CACHED_EVENTS, string> = {
  newBlock: 'network',
  gas: 'network',
  balance: 'network',
  secondBalance: 'address and network',
  workerIterationResult: 'key',
  workerIterationError: 'key',
};

const isKeyed = (event: string): event is keyof typeof KEYED_CACHED_EVENTS => Object.hasOwn(KEYED_CACHED_EVENTS, event);
const CACHED: readonly ServerEventName[] = [...CACHED_EVENTS, ...(Object.keys(KEYED_CACHED_EVENTS) as ServerEventName[])];

function payloadOf(event: ServerEventName): JsonSchema {
  if (event !== 'eventCache') return jsonSchemaOf(ServerEvents[event], 'output');
  // Each cached event's value: its payload, or a list of them (one per key).
  const properties = Object.fromEntries(
    CACHED.map((name) => {
      const one = jsonSchemaOf(ServerEvents[name], 'output');
      return [name, { anyOf: [one, { type: 'array', items: one }] }];
    }),
  );
  return { type: 'object', properties, additionalProperties: {} };
}

function messageOf(event: ServerEventName): JsonSchema {
  const extension = EVENT_EXTENSIONS[event];
  // Who receives it is the access table's (EVENT_ACCESS): the hub sends by the same entry.
  const audience = eventAccessOf(event) === 'admin' ? 'Sent to Admin sockets only.' : '';
  const notes = [extension ? `Console extension "${extension}", optional: ${EXTENSION_NOTES[extension]}` : '', audience, EVENT_NOTES[event] ?? '']
    .filter(Boolean)
    .join(' ');
  return {
    name: event,
    title: event,
    ...(notes ? { description: notes } : {}),
    payload: payloadOf(event),
    ...(CACHED.includes(event) ? { 'x-cached': true } : {}),
    ...(isKeyed(event) ? { 'x-keyed-by': KEYED_BY[event] } : {}),
    ...(extension ? { 'x-extension': extension, 'x-optional': true } : {}),
  };
}

/**
 * Batched delivery (docs/protocol.md "Batched delivery"): a socket-level extension, so it has no
 * REST routes and no ExtensionName of operations.ts; its message is marked as the others are.
 */
const BATCH_EXTENSION = 'batch';
const BATCH_NOTE = `broadcasts as runs; a console that adds \`${BATCH_QUERY}: "1"\` to the handshake query may receive the events the server sends together in one \`${BATCH_EVENT}\` message instead of one message each; a backend may ignore the query and send every event as itself, and the console reads both forms on the same socket.`;

/**
 * BatchPayload's schema, its pair without the `items: false` zod adds after `prefixItems`: AsyncAPI's
 * default schema format reads JSON Schema draft 07, where that `items` would allow no item at all;
 * `maxItems: 2` already says there is nothing after the payload.
 */
function batchPayloadSchema(): JsonSchema {
  const schema = jsonSchemaOf(BatchPayload, 'output');
  const { items: _rest, ...pair } = schema.items as JsonSchema;
  return { ...schema, items: pair, description: 'The events of one run, in the order sent: each an [eventName, payload] pair.' };
}

function batchMessage(): JsonSchema {
  return {
    name: BATCH_EVENT,
    title: BATCH_EVENT,
    description: [
      `Console extension "${BATCH_EXTENSION}", optional: ${BATCH_NOTE}`,
      `The payload lists \`[eventName, payload]\` pairs in the order the events were sent, at most ${BATCH_MAX_EVENTS} to a message (a longer run comes as several, in order); each pair is an event the socket subscribed to and its role may receive, its payload that event's message payload, and the console applies each as if it had come alone.`,
      'Only broadcasts are batched: init, eventCache and stopReconnect, sent to one socket, come as themselves.',
    ].join(' '),
    payload: batchPayloadSchema(),
    'x-extension': BATCH_EXTENSION,
    'x-optional': true,
  };
}

/** The handshake's query, as x-socketio-handshake and the ws binding both state it. */
function handshakeQuery(eventsDescription: string): JsonSchema {
  return {
    type: 'object',
    properties: {
      events: { type: 'string', description: eventsDescription },
      [BATCH_QUERY]: { type: 'string', description: `"1" asks for batched delivery (the optional \`${BATCH_EVENT}\` message); a backend that does not offer it ignores the field.` },
    },
  };
}

export function asyncApiDocument(): JsonSchema {
  const messages: Record<string, JsonSchema> = Object.fromEntries(SERVER_EVENT_NAMES.map((event) => [event, messageOf(event)]));
  messages[CLIENT_PING] = {
    name: CLIENT_PING,
    title: CLIENT_PING,
    description:
      'Sent by the console every 4500 ms with an empty payload and an acknowledgement callback. A backend accepts it without disconnecting; the reference server acknowledges with `{t}` (ms).',
    payload: { type: 'object', maxProperties: 0 },
  };
  messages[BATCH_EVENT] = batchMessage();
  const channelMessages = Object.fromEntries(Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }]));
  const operations: Record<string, JsonSchema> = Object.fromEntries(
    SERVER_EVENT_NAMES.map((event) => [
      `receive_${event}`,
      {
        action: 'send',
        title: `Server sends ${event}`,
        summary: `The server emits \`${event}\` to the sockets that subscribed to it.`,
        channel: { $ref: '#/channels/socket' },
        messages: [{ $ref: `#/channels/socket/messages/${event}` }],
      },
    ]),
  );
  operations[`receive_${BATCH_EVENT}`] = {
    action: 'send',
    title: `Server sends ${BATCH_EVENT}`,
    summary: `To a socket whose handshake asked for it (\`${BATCH_QUERY}: "1"\`), the server may send its broadcasts as runs in \`${BATCH_EVENT}\` messages (an optional extension).`,
    channel: { $ref: '#/channels/socket' },
    messages: [{ $ref: `#/channels/socket/messages/${BATCH_EVENT}` }],
  };
  operations.ping = {
    action: 'receive',
    title: 'Client sends ping',
    summary: 'The server receives the client’s keep-alive.',
    channel: { $ref: '#/channels/socket' },
    messages: [{ $ref: `#/channels/socket/messages/${CLIENT_PING}` }],
  };
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Operator console socket',
      version: CONTRACT_VERSION,
      description:
        'The socket.io 4 connection a backend offers the console, generated from the zod schemas in src/contract. The console connects with `io(origin, { auth: { token }, query: { events: "<comma-separated event names>" } })`: a handshake without a valid session token is refused with `connect_error` message `unauthorized`, and the server sends only the events named in `events`. Operations are written from the server’s side: it sends every event and receives `ping`. Messages marked `x-extension` / `x-optional: true` are console extensions a backend may leave out. A console may add `batch: "1"` to the query to ask for batched delivery: broadcasts as runs in `batch` messages, which a backend may offer or ignore.',
    },
    defaultContentType: 'application/json',
    servers: {
      backend: {
        host: 'localhost:8080',
        protocol: 'ws',
        pathname: '/socket.io',
        description:
          'The backend’s origin (by default the console’s own; the reference server listens on 8080). socket.io 4 (Engine.IO 4) over WebSocket, or HTTP long-polling first.',
        security: [{ $ref: '#/components/securitySchemes/sessionToken' }],
        'x-socketio-handshake': {
          auth: { type: 'object', properties: { token: { type: 'string', description: 'The session token' } }, required: ['token'] },
          query: handshakeQuery('Comma-separated names of the events to receive; unknown names are ignored.'),
          refusal: { event: 'connect_error', message: 'unauthorized' },
        },
      },
    },
    channels: {
      socket: {
        address: '/socket.io',
        title: 'The console’s socket',
        description: 'One socket.io connection (default namespace) per console tab; every event travels on it.',
        messages: channelMessages,
        bindings: {
          ws: {
            query: handshakeQuery('Comma-separated event names to subscribe to.'),
          },
        },
      },
    },
    operations,
    components: {
      securitySchemes: {
        sessionToken: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description:
            'The session token of POST /api/login. socket.io carries it in the handshake’s `auth` object (`auth: { token }`), not in a header or the URL; AsyncAPI has no word for that, see `x-socketio-handshake`.',
        },
      },
      messages,
    },
  };
}
