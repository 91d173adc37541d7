// Serves the rows of routes.ts under /api by calling the same procedures the client calls.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { toJsonBytes } from '../json-text';
import { attachmentDisposition } from './content-disposition';
import { JSON_ONLY } from '../error-body';
import { restInputOf } from './request-input';
import { streamedJson } from './streamed-json';
import { appRouter, createCaller } from '../trpc/router';
import type { ContextFromRequest } from '../trpc/request-context';
import type { RestRoute } from './routes';

type Procedure = (input?: unknown) => Promise<unknown>;

function resolveProcedure(caller: unknown, path: string): Procedure {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  return target as Procedure;
}

export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], contextFromRequest: ContextFromRequest): void {
  for (const route of routes) {
    // A row naming a procedure that does not exist fails at start-up, not on the first call.
    if (!Object.hasOwn(appRouter._def.procedures, route.procedure)) {
      throw new Error(`REST route ${route.method} ${route.path} names unknown procedure ${route.procedure}`);
    }
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      handler: async (request, reply) => {
        // The multipart parser is registered for uploads, so a multipart body would reach a JSON
        // route as nothing at all: it is refused as what it is.
        if (request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY);
        const input = restInputOf(route, request);
        const caller = createCaller(await contextFromRequest(request));
        const result = await resolveProcedure(caller, route.procedure)(input);
        const status = route.status ?? 200;
        reply.code(status);
        if (status === 204 || result === undefined) return reply.send();
        if (route.download) {
          return reply
            .type(`${route.download.contentType}; charset=utf-8`)
            .header('Content-Disposition', attachmentDisposition(route.download.fileName(result)))
            // A whole record: no cache along the way keeps a copy.
            .header('Cache-Control', 'no-store')
            .send(route.download.streamedList ? streamedJson(result as object, route.download.streamedList) : JSON.stringify(result));
        }
        // The same JSON Fastify would make, reusing the bytes of shared parts (a record's lists).
        return reply.type('application/json; charset=utf-8').send(toJsonBytes(result));
      },
    });
  }
}
