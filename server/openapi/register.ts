// GET /api/openapi.json (the description, made once on first request) and GET /api/docs (the
// client's reference page: the built app's index.html, whose router shows pages/api-docs.tsx).
import type { FastifyInstance } from 'fastify';
import { toErrorBody } from '../error-body';

export function registerApiDescription(app: FastifyInstance, options: { servesClient: boolean }): void {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    // Its schemas' module is loaded here, not at start: no start waits for a page few ask for.
    document ??= JSON.stringify((await import('./document')).buildOpenApiDocument());
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document);
  });
  app.get('/api/docs', async (request, reply) => {
    if (!options.servesClient) {
      return reply.code(404).send(toErrorBody({ code: 'NOT_FOUND', status: 404, message: 'No client is served here: read /api/openapi.json.' }));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
