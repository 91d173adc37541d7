// Security headers on every response (@fastify/helmet). The built client has no inline
// scripts or styles, so the policy allows only the app's own origin.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
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
}
