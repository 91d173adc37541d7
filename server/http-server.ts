// What every server this process listens with shares, the practice's app (app.ts) and the locked
// one that waits for its passphrase (locked/locked-app.ts): Fastify with the same limits, error
// bodies, security headers, HTTPS (with plain HTTP redirected on the same port) and compression,
// and, at the end, the answer to whatever no route takes: the web app's page for a browser's
// address, the documented 404 for an API path. A device sees one server whatever state it is in.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { registerCompression } from './compression';
import type { Config } from './config';
import { toErrorBody, sendError } from './error-body';
import { registerSecurityHeaders } from './security-headers';
import { registerPlainHttpRedirect } from './tls/https-redirect';
import { renewalWarning, type TlsMaterial } from './tls/tls-material';

export async function createHttpServer(config: Config, tls: TlsMaterial | undefined, logger: FastifyServerOptions['logger']): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    // Request lines would put patients' ids and addresses in the log; failures are logged on their own.
    logController: new LogController({ disableRequestLogging: true }),
    // tRPC batches name several procedures in one path segment.
    routerOptions: { maxParamLength: 5_000 },
    bodyLimit: 1_048_576,
    // A URL the router cannot even read (bad percent-encoding, an over-long parameter) answers
    // with the documented error body too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    // Off unless TRUST_PROXY says which proxy to believe: a forged X-Forwarded-For must not move a client's address.
    trustProxy: config.trustProxy,
    ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
  }) as unknown as FastifyInstance;

  // Every body the API reads is JSON (uploads are multipart): plain text is refused with 415
  // instead of reaching a procedure as a string.
  app.removeContentTypeParser('text/plain');
  await registerSecurityHeaders(app, { https: Boolean(tls) });
  if (tls) {
    // The same port answers plain HTTP with a redirect to HTTPS (tls/same-port-http.ts).
    registerPlainHttpRedirect(app, tls.certificate);
    const expiring = renewalWarning(tls.certificate);
    if (expiring) app.log.warn(expiring);
  }
  await registerCompression(app);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  return app;
}

export const isApiPath = (url: string): boolean => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?') || url.startsWith('/trpc');

/**
 * What no route answers: a browser's GET of an address of the web app gets its page (`page`, when
 * the client is served), which routes it itself; an API path, `api` (the documented 404 unless told
 * otherwise).
 */
export function answerUnknownRoutes(
  app: FastifyInstance,
  options: {
    page: ((reply: FastifyReply) => FastifyReply) | undefined;
    api?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  },
): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    if (!isApi && options.page && (request.method === 'GET' || request.method === 'HEAD')) return options.page(reply);
    if (isApi && options.api) return options.api(request, reply);
    const path = request.url.split('?')[0];
    return reply.code(404).send(toErrorBody({ code: 'NOT_FOUND', status: 404, message: `No such route: ${request.method} ${path}` }));
  });
}
