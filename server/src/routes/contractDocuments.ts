/**
 * GET /api/openapi.json and GET /api/asyncapi.json (issue 28): the wire contract as OpenAPI 3.1 and
 * AsyncAPI 3, generated from src/contract when the server starts. They hold no data, so they are
 * readable without a session (public in the permission table).
 */
import { contractDocuments } from '../../../src/contract/documents/index.ts';
import type { ZodPlugin } from '../lib/zod.ts';

const contractDocumentRoutes: ZodPlugin = async (app) => {
  const documents = contractDocuments();
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(documents.openapi));
  app.get('/asyncapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(documents.asyncapi));
};

export default contractDocumentRoutes;
