// Compresses the API's JSON and text answers (REST and tRPC) by the request's Accept-Encoding, at
// the settings of answer-compression.ts: those made in memory (all of the API's but the streamed
// exports) when of 1 KB or more, in one call; the streamed ones (the FHIR export, the audit CSV)
// through a zlib stream. The built client's files come precompressed (client-files.ts) and are left
// alone here; document downloads go out exactly as stored. @fastify/compress is registered only for
// what it does to requests (a gzip or deflate body is inflated before it is parsed): its hook on
// answers asked `instanceof Response` of every small one, and the first such touch loads Node's fetch
// (undici), 45–75 ms of the first /api/health after a start (profiled).
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { ANSWER_ENCODINGS, BROTLI_QUALITY, compressedAnswer, GZIP_LEVEL, type AnswerEncoding } from './answer-compression';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc/');
// The decrypted bytes of a document, with their verified Content-Length: mostly PDFs and images,
// which compression would not shrink.
const isDocumentDownload = (url: string) => /^\/api\/.*\/files\/:code$/.test(url);

/** The encoding @fastify/compress would choose: `*` and `x-gzip` stand for gzip; none for identity or no header. */
function encodingFor(request: FastifyRequest): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ANSWER_ENCODINGS);
}

function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!values.some((value) => value.toLowerCase().includes(name))) reply.header('vary', [...values, name].join(', '));
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
// JSON of any kind (FHIR's application/fhir+json too) and text (the audit CSV); never an event stream.
const isCompressibleType = (type: string) => /^text\/(?!event-stream)|[/+]json(;|$)/u.test(type);

/** A stream through brotli or gzip at the answers' settings; an error on either side ends both. */
function compressedStream(stream: Readable, encoding: AnswerEncoding): Readable {
  const compressor =
    encoding === 'gzip' ? createGzip({ level: GZIP_LEVEL }) : createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
  return pipeline(stream, compressor, () => {});
}

/**
 * An API answer of JSON or text compressed if the client takes it: in one call when in memory and of
 * the threshold or more, through a zlib stream when streamed; anything else as it was.
 */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const inMemory = Buffer.isBuffer(payload) || typeof payload === 'string';
  if (!inMemory && !isStream(payload)) return payload;
  const url = request.routeOptions.url;
  if (url === undefined || !isApi(url) || isDocumentDownload(url) || reply.hasHeader('content-encoding')) return payload;
  if (!isCompressibleType(String(reply.getHeader('content-type') ?? ''))) return payload;
  // Measured before any copy: most string answers (errors, small reads) stay as they are.
  if (inMemory && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
  const encoding = encodingFor(request);
  if (encoding === null) return payload;
  addVary(reply, 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (!inMemory) return compressedStream(payload as Readable, encoding);
  return compressedAnswer(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
}

/** Call before any route is declared: each route is told, as it is added, that @fastify/compress leaves its answers alone. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // tRPC answers with a fetch Response, whose status and headers Fastify copies onto the reply only
  // after the onSend hooks; compressing it there would lose them (and its length). The answer is
  // one JSON document, never a stream (no streaming link), so it is read out first.
  app.addHook('onSend', async (_request, reply, payload) => {
    // Strings and bytes first: the global Response is Node's fetch, loaded on first touch (40–60 ms,
    // profiled), which an answer that is not tRPC's, such as the first /api/health, should not wait for.
    if (typeof payload === 'string' || Buffer.isBuffer(payload) || !(payload instanceof Response)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
  app.addHook('onSend', (request, reply, payload, done) => done(null, compressAnswer(request, reply, payload)));
  // Request bodies only (see the top): no route gets its hooks on answers.
  app.addHook('onRoute', (route) => {
    route.compress = false;
  });
  await app.register(compress);
}
