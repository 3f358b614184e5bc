/**
 * The contract as two standard documents, generated from the zod schemas of src/contract: OpenAPI
 * 3.1 for REST, AsyncAPI 3 for the socket. The reference server serves these texts and the build
 * writes them to docs/ (scripts/contractDocuments.ts), so both are always the same bytes.
 *
 * Not re-exported by src/contract/index.ts: the console itself never needs them.
 */
import { asyncApiDocument } from './asyncapi.ts';
import { openApiDocument } from './openapi.ts';

export { asyncApiDocument } from './asyncapi.ts';
export { openApiDocument } from './openapi.ts';
export { DOCUMENT_PATHS, OPERATIONS, openApiPath, pathParams, type Operation } from '../operations.ts';

export interface ContractDocuments {
  /** docs/openapi.json, GET /api/openapi.json. */
  openapi: string;
  /** docs/asyncapi.json, GET /api/asyncapi.json. */
  asyncapi: string;
}

const asText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

export function contractDocuments(): ContractDocuments {
  return { openapi: asText(openApiDocument()), asyncapi: asText(asyncApiDocument()) };
}
