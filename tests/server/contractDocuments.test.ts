/**
 * The contract as OpenAPI 3.1 and AsyncAPI 3 documents, generated from the zod schemas, served by
 * the reference server and written to docs/. These tests fail when the served or committed
 * documents and the schemas disagree, when a route of the server is missing from the document (or
 * declares other schemas or another access than the document says), and when the OpenAPI document
 * is not a valid one.
 */
import { readFileSync } from 'node:fs';
import specs from '@asyncapi/specs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { permissionFor, SIM_PERMISSIONS } from '../../server/src/auth/permissions.ts';
import { jsonSchemaOf } from '../../src/contract/documents/jsonSchema.ts';
import {
  asyncApiDocument,
  contractDocuments,
  DOCUMENT_PATHS,
  OPERATIONS,
  openApiDocument,
  openApiPath,
  pathParams,
} from '../../src/contract/documents/index.ts';
import { BATCH_EVENT, BATCH_QUERY, CLIENT_PING, SERVER_EVENT_NAMES, ServerEvents } from '../../src/contract/index.ts';
import { makeApp, type TestApp } from './helpers.ts';

type Json = Record<string, unknown>;

const docsFile = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

/** Every `$ref` of a document, with the path it was found at. */
function refsOf(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsOf(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Json).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ ref: item, at }] : refsOf(item, `${at}/${key}`),
  );
}

function resolves(document: unknown, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Json)[part];
  }
  return true;
}

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await t.app.ready();
});
afterAll(() => t.app.close());

describe('contract documents (protocol): generated from the schemas, they cannot drift', () => {
  it('docs/openapi.json and docs/asyncapi.json are what the schemas generate now (npm run docs:contract)', () => {
    const fresh = contractDocuments();
    expect(docsFile('openapi.json')).toBe(fresh.openapi);
    expect(docsFile('asyncapi.json')).toBe(fresh.asyncapi);
  });

  it.each([
    ['openapi', DOCUMENT_PATHS.openapi],
    ['asyncapi', DOCUMENT_PATHS.asyncapi],
  ] as const)('the server serves the %s document at %s without a session, the same bytes as a fresh generation', async (name, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(contractDocuments()[name]);
  });

  it('Errors (protocol): 401: only the two documents are public; a neighbouring path without a session is still refused', async () => {
    for (const url of ['/api/openapi.yaml', '/api/docs', '/api/openapi.json/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
    const post = await t.app.inject({ method: 'POST', url: DOCUMENT_PATHS.openapi });
    expect(post.statusCode).toBe(401);
  });

  it('every /api route the reference server registers is in the OpenAPI document, with the access of the permission table', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Json>>;
    const simRoutes = new Set<string>(SIM_PERMISSIONS.map((p) => `${p.method} ${p.url}`));
    const registered = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !simRoutes.has(`${route.method} ${route.url}`));
    expect(registered.length).toBeGreaterThan(40);
    for (const route of registered) {
      const operation = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is not in openapi.json`).toBeDefined();
      expect({ route: `${route.method} ${route.url}`, access: operation?.['x-access'] }).toEqual({
        route: `${route.method} ${route.url}`,
        access: permissionFor(route.method, route.url)?.access,
      });
    }
  });

  it('every operation of the document is a route of the reference server, or an optional extension built elsewhere', () => {
    const registered = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    const missing = OPERATIONS.filter((op) => !registered.has(`${op.method} ${op.path}`));
    for (const op of missing) expect({ op: `${op.method} ${op.path}`, extension: op.extension }).toEqual({ op: `${op.method} ${op.path}`, extension: expect.any(String) });
    // The trades extension is the reference server's own.
    expect(missing.filter((op) => op.extension === 'trades')).toEqual([]);
  });

  it('each route declares the same body, query and answer schemas as the document says, and the same path parameters', () => {
    const byRoute = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));
    const asJson = (schema: unknown, io: 'input' | 'output') => (schema ? jsonSchemaOf(schema as z.ZodType, io) : undefined);
    let compared = 0;
    for (const op of OPERATIONS) {
      const route = byRoute.get(`${op.method} ${op.path}`);
      if (!route) continue;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<number, unknown> };
      const name = `${op.method} ${op.path}`;
      expect({ name, body: asJson(schema.body, 'input') }).toEqual({ name, body: asJson(op.body, 'input') });
      // The proxy reads any query and judges the quote's fields itself (QuoteQuery, as the document says).
      if (op.path !== '/api/proxy/:a/:b') {
        expect({ name, query: asJson(schema.querystring, 'input') }).toEqual({ name, query: asJson(op.query, 'input') });
      }
      // GET /txs/ and /trades/ send the database's bytes as they are, so they declare no answer
      // schema; tests/server/txs.test.ts and trades.test.ts parse their answers with it instead.
      if (schema.response?.[200] !== undefined) {
        expect({ name, response: asJson(schema.response[200], 'output') }).toEqual({ name, response: asJson(op.response, 'output') });
      }
      const declared = schema.params ? Object.keys((asJson(schema.params, 'input')?.properties ?? {}) as Json) : [];
      expect({ name, params: declared.sort() }).toEqual({ name, params: schema.params ? pathParams(op.path).sort() : [] });
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });
});

describe('contract documents (protocol): well formed', () => {
  it('the OpenAPI document is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the OpenAPI document names the x-api-key scheme, the error shapes, and marks the extensions optional', () => {
    const document = openApiDocument() as { components: Json; paths: Record<string, Record<string, Json>> };
    expect((document.components.securitySchemes as Json).apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const configs = document.paths['/api/configs/{configName}']?.get;
    expect(configs?.responses).toMatchObject({
      401: { $ref: '#/components/responses/Unauthorized' },
      403: { $ref: '#/components/responses/Forbidden' },
      404: { $ref: '#/components/responses/NotFound' },
    });
    expect(document.paths['/api/login']?.post?.security).toEqual([]);
    for (const [path, methods] of [['/api/stats/trades', 'get'], ['/api/alerts/destinations', 'put'], ['/api/trades/', 'get']] as const) {
      expect(document.paths[path]?.[methods]).toMatchObject({ 'x-optional': true, 'x-extension': expect.any(String) });
    }
    expect(document.paths['/api/txs/']?.get?.['x-optional']).toBeUndefined();
    const txs = document.paths['/api/txs/']?.get?.responses as Record<number, { headers: Json }>;
    expect(Object.keys(txs[200]?.headers ?? {})).toEqual(['Content-Range']);
  });

  it('the AsyncAPI document is valid against the official AsyncAPI 3.0.0 schema (and a broken one is not)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(specs.schemasWithoutId['3.0.0']);
    expect(validate(asyncApiDocument()) ? [] : validate.errors).toEqual([]);
    const broken = asyncApiDocument() as { operations: Record<string, Json> };
    broken.operations.ping = { ...broken.operations.ping, action: 'listen' };
    expect(validate(broken)).toBe(false);
  });

  it.each([
    ['openapi', openApiDocument()],
    ['asyncapi', asyncApiDocument()],
  ])('every $ref of the %s document resolves inside it', (_name, document) => {
    const refs = refsOf(document);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter(({ ref }) => !resolves(document, ref))).toEqual([]);
  });

  it('the AsyncAPI document has every server event with its payload schema, the ping, the optional batch, and the handshake', () => {
    const document = asyncApiDocument() as { asyncapi: string; components: { messages: Record<string, Json> }; operations: Record<string, Json>; servers: Json };
    expect(document.asyncapi).toBe('3.0.0');
    const messages = document.components.messages;
    expect(Object.keys(messages).sort()).toEqual([...SERVER_EVENT_NAMES, CLIENT_PING, BATCH_EVENT].sort());
    for (const event of SERVER_EVENT_NAMES) {
      if (event === 'eventCache') continue;
      expect({ event, payload: messages[event]?.payload }).toEqual({ event, payload: jsonSchemaOf(ServerEvents[event], 'output') });
    }
    // eventCache names each cached event, in either form (one payload, or a list of them).
    const cache = messages.eventCache?.payload as { properties: Record<string, { anyOf: Json[] }> };
    expect(cache.properties.newBlock?.anyOf).toEqual([
      jsonSchemaOf(ServerEvents.newBlock, 'output'),
      { type: 'array', items: jsonSchemaOf(ServerEvents.newBlock, 'output') },
    ]);
    expect(document.operations.ping).toMatchObject({ action: 'receive' });
    expect(document.operations.receive_newBlock).toMatchObject({ action: 'send' });
    expect(messages.tradeStuck).toMatchObject({ 'x-optional': true, 'x-extension': 'trades' });
    // docs/protocol.md "Batched delivery": optional, sent by the server, asked for in the handshake.
    expect(messages[BATCH_EVENT]).toMatchObject({ 'x-optional': true, payload: { type: 'array', minItems: 1, maxItems: 500 } });
    expect(document.operations[`receive_${BATCH_EVENT}`]).toMatchObject({ action: 'send' });
    expect(JSON.stringify(document.servers)).toContain(`"${BATCH_QUERY}"`);
    expect(JSON.stringify(document.servers)).toContain('"events"');
    expect(JSON.stringify(document.servers)).toContain('"token"');
  });
});
