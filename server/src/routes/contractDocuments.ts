/**
 * GET /api/openapi.json and GET /api/asyncapi.json (docs/protocol.md): the wire contract as OpenAPI
 * 3.1 and AsyncAPI 3, generated from src/contract. They hold no data, so they are readable without
 * a session (public in the permission table).
 */
import { contractDocuments, type ContractDocuments } from '../../../src/contract/documents/index.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';

const contractDocumentRoutes: ZodPlugin = async (app) => {
  // Generated on the first request (a few hundred ms), not at start, then kept: the schemas do not change while running.
  let documents: ContractDocuments | undefined;
  const documentsNow = () => (documents ??= contractDocuments());
  app.route({ ...operationRoute('openApiDocument'), handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentsNow().openapi) });
  app.route({ ...operationRoute('asyncApiDocument'), handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentsNow().asyncapi) });
};

export default contractDocumentRoutes;
