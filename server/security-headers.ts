// Security headers on every response (helmet). The built client has no inline scripts or styles,
// so the policy allows only the app's own origin.
// helmet's middleware is built once here: @fastify/helmet rebuilt it, policy parsing and all, on
// every request (issue 11's profile of a record read found it there).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
    // HSTS over plain HTTP would be ignored at best; sent only when we serve HTTPS.
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  // On every response, including the 404s and errors Fastify answers itself.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
