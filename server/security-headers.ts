// Security headers on every response (helmet). The built client has no inline scripts or styles,
// so the policy allows only the app's own origin.
// helmet's middleware is built once here: @fastify/helmet rebuilt it, policy parsing and all, on
// every request (The profile of a record read found it there).
import type { FastifyInstance } from 'fastify';
import helmet, { strictTransportSecurity } from 'helmet';
import type { TLSSocket } from 'node:tls';

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain HTTP on the practice's network, upgrading requests would break every asset.
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Sent below, only on connections that are really TLS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only over TLS: RFC 6797 forbids it over plain HTTP, which the HTTPS port also answers
  // (with a redirect, and the practice's authority: tls/https-redirect.ts).
  const setHsts = options.https ? strictTransportSecurity({ maxAge: 15_552_000, includeSubDomains: false }) : undefined;
  // On every response, including the 404s and errors Fastify answers itself.
  app.addHook('onRequest', (request, reply, done) => {
    if (setHsts && (request.raw.socket as TLSSocket).encrypted) setHsts(request.raw, reply.raw, () => undefined);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
