// Serves the built React app, with the SPA fallback: any other GET that is not an API path
// answers index.html, and the client's router takes it from there. The build wrote brotli and
// gzip copies beside each text file; they are sent as they are, by the request's Accept-Encoding
// (with Vary: Accept-Encoding), index.html included. /robots.txt turns every crawler away.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimePaths } from './packaged/runtime-paths';

/** Where the client is built: the packaged binary's own copy, else the repository's dist/client. */
export const builtClientDir = (): string => runtimePaths.clientDir ?? fileURLToPath(new URL('../dist/client', import.meta.url));

/**
 * A practice's pages are private: no search engine is to list them, nor the API's. Without this
 * answer the SPA fallback would send index.html for /robots.txt, which a crawler reads as no rules.
 */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /';

/**
 * `withoutIndex`: index.html is left to the caller (a locked server answers its own page,
 * locked/locked-page.ts); every other file is served as usual.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string, options: { withoutIndex?: boolean } = {}): Promise<boolean> {
  // Answered where the client is not built too: a server of the API alone keeps crawlers out as well.
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(ROBOTS_TXT));
  if (!existsSync(join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    preCompressed: true,
    ...(options.withoutIndex ? { index: false, allowedPath: (path: string) => path !== '/' && path !== '/index.html' } : {}),
    // The build's own records (Vite's .vite/manifest.json) are not part of the site.
    dotfiles: 'ignore',
    setHeaders(res, path) {
      // Vite puts a content hash in every asset name, so assets never change; index.html must.
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
