/**
 * The OpenAPI 3.1 document of the REST contract, generated from OPERATIONS and the contract's zod
 * schemas (never written by hand). The reference server serves it at GET /api/openapi.json and
 * `npm run docs:contract` writes it to docs/openapi.json.
 */
import { ApiErrorBody, LIST_MAX_PER_PAGE, ValidationIssue, VersionConflictBody } from '../index.ts';
import { z } from '../zod.ts';
import { jsonSchemaOf, type JsonSchema } from './jsonSchema.ts';
import { CONTRACT_VERSION, EXTENSION_NOTES } from './meta.ts';
import { OPERATIONS, openApiPath, pathParams, type Operation } from '../operations.ts';

const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'Invalid input: `details` names each field (`{in, field, message}`).' },
  401: { name: 'Unauthorized', description: 'No valid session: the token is missing, invalid, expired or revoked (`{"error": "unauthorized"}`).' },
  403: { name: 'Forbidden', description: 'The role may not do this: Admin only (`{"error": "not allowed"}`).' },
  404: { name: 'NotFound', description: 'No such record.' },
  409: { name: 'Conflict', description: 'A duplicate name, or a stale `version` (`details.current` is the record as it is now).' },
  429: { name: 'TooManyRequests', description: 'Too many at once: refused sign-ins from this address, or a user\'s requests of this kind in flight; `retry-after` says how many seconds to wait.' },
} as const;

const ref = (to: string) => ({ $ref: to });
const errorRef = (status: keyof typeof ERROR_RESPONSES) => ref(`#/components/responses/${ERROR_RESPONSES[status].name}`);

function queryParameters(op: Operation): JsonSchema[] {
  if (!op.query) return [];
  const schema = jsonSchemaOf(op.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const parameters: JsonSchema[] = Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(name === 'filter' ? { description: 'A JSON object of filter fields; each may also be sent as its own query parameter.' } : {}),
  }));
  if (op.list) {
    parameters.push(
      {
        name: 'range',
        in: 'query',
        required: false,
        description: `react-admin's simple-REST form: \`[start, end]\` (at most ${LIST_MAX_PER_PAGE} records, start a multiple of the length), with \`sort=["field","ASC"]\` instead of sort/order/page/perPage. The answer is then the bare array and a \`Content-Range\` header.`,
        schema: { type: 'string', examples: ['[0,24]'] },
      },
    );
  }
  return parameters;
}

function successResponse(op: Operation): JsonSchema {
  if (!op.response) return { 204: { description: 'Done; no body.' } };
  const schema = jsonSchemaOf(op.response, 'output');
  if (!op.list) return { 200: { description: op.summary, content: { 'application/json': { schema } } } };
  const items = ((schema.properties ?? {}) as Record<string, JsonSchema>).data ?? { type: 'array' };
  return {
    200: {
      description: `${op.summary}: \`{data, total}\`, or, asked with \`range\`, the bare array of records with \`Content-Range\`.`,
      headers: {
        'Content-Range': {
          description: `Only on the simple-REST form: \`${op.list.resource} <first>-<last>/<total>\`, or \`${op.list.resource} */<total>\` for an empty page.`,
          schema: { type: 'string', pattern: `^${op.list.resource} (\\d+-\\d+|\\*)/\\d+$` },
        },
      },
      content: { 'application/json': { schema: { anyOf: [schema, items] } } },
    },
  };
}

function operationObject(op: Operation): JsonSchema {
  const statuses = new Set<keyof typeof ERROR_RESPONSES>(op.errors ?? []);
  if (op.query || op.body || pathParams(op.path).length > 0) statuses.add(400);
  if (op.access !== 'public') statuses.add(401);
  if (op.access === 'admin') statuses.add(403);
  const responses: JsonSchema = { ...successResponse(op) };
  for (const status of [...statuses].sort()) responses[status] = errorRef(status);

  const who = op.access === 'admin' ? 'Admin only.' : op.access === 'any' ? 'Any signed-in role.' : 'No session needed.';
  const extension = op.extension ? `Console extension "${op.extension}", optional: ${EXTENSION_NOTES[op.extension]} ` : '';
  const description = [extension, who, op.description ?? '', `(${op.source})`].filter(Boolean).join(' ');
  // Each path parameter with its limits as the entry declares them (an enum of services, a name's length).
  const declared = (op.params ? jsonSchemaOf(op.params, 'input').properties : undefined) as Record<string, unknown> | undefined;
  const parameters = [
    ...pathParams(op.path).map((name) => ({ name, in: 'path', required: true, schema: declared?.[name] ?? { type: 'string', minLength: 1 } })),
    ...queryParameters(op),
  ];
  return {
    operationId: op.id,
    summary: op.summary,
    description,
    tags: [op.extension ?? (op.access === 'admin' ? 'admin' : 'console')],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } } }
      : {}),
    responses,
    security: op.access === 'public' ? [] : [{ apiKey: [] }],
    'x-access': op.access,
    ...(op.extension ? { 'x-extension': op.extension, 'x-optional': true } : {}),
  };
}

const ValidationErrorBody = z.object({ error: z.string(), details: z.array(ValidationIssue) });

export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    const path = (paths[openApiPath(op.path)] ??= {});
    path[op.method.toLowerCase()] = operationObject(op);
  }
  const errorResponse = (description: string, schemaRef: string, headers?: JsonSchema) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref(schemaRef) } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Operator console backend',
      version: CONTRACT_VERSION,
      summary: 'The REST calls a backend answers for the operator console to drive it.',
      description:
        'Generated from the zod schemas in src/contract (the exact word where this document cannot say a rule, e.g. distinct list entries). Every call sends `x-api-key: <session token>` and `content-type: application/json`; the console gives up after 10 s. Errors are JSON `{error, details?}`. Operations marked `x-extension` / `x-optional: true` are console extensions a backend may leave out (404). The socket is in asyncapi.json beside this document.',
    },
    servers: [{ url: '/', description: 'The backend’s origin (by default the console’s own).' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'console', description: 'docs/product.md §7: calls any signed-in role may make.' },
      { name: 'admin', description: 'docs/product.md §7: calls for role Admin only.' },
      ...Object.entries(EXTENSION_NOTES).map(([name, note]) => ({ name, description: `Console extension, optional: ${note}`, 'x-optional': true })),
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'The session token POST /api/login answers (a JWT; payload `name`, `role`, `exp`).',
        },
      },
      schemas: {
        ApiError: jsonSchemaOf(ApiErrorBody, 'output'),
        ValidationError: jsonSchemaOf(ValidationErrorBody, 'output'),
        VersionConflict: jsonSchemaOf(VersionConflictBody, 'output'),
      },
      responses: {
        BadRequest: errorResponse(ERROR_RESPONSES[400].description, '#/components/schemas/ValidationError'),
        Unauthorized: errorResponse(ERROR_RESPONSES[401].description, '#/components/schemas/ApiError'),
        Forbidden: errorResponse(ERROR_RESPONSES[403].description, '#/components/schemas/ApiError'),
        NotFound: errorResponse(ERROR_RESPONSES[404].description, '#/components/schemas/ApiError'),
        Conflict: errorResponse(ERROR_RESPONSES[409].description, '#/components/schemas/ApiError'),
        TooManyRequests: errorResponse(ERROR_RESPONSES[429].description, '#/components/schemas/ApiError', {
          'retry-after': { description: 'Seconds to wait.', schema: { type: 'string' } },
        }),
      },
    },
  };
}
