// Compresses JSON answers of 1 KB or more (REST and tRPC) by the request's Accept-Encoding:
// brotli at quality 4 or gzip at level 6: about as cheap as their fastest settings on a 24 KB record
// read, and smaller. The built client's files come precompressed (client-files.ts) and are left
// alone here; document downloads go out exactly as stored.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc/');
// The decrypted bytes of a document, with their verified Content-Length: mostly PDFs and images,
// which compression would not shrink.
const isDocumentDownload = (url: string) => /^\/api\/.*\/files\/:code$/.test(url);

/** Call before any route is declared: the plugin attaches itself to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url) || isDocumentDownload(route.url)) route.compress = false;
  });
  // tRPC answers with a fetch Response, whose status and headers Fastify copies onto the reply only
  // after the onSend hooks; compressing it there would lose them (and its length). The answer is
  // one JSON document, never a stream (no streaming link), so it is read out first.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
