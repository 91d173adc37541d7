// A JSON answer's bytes compressed in one synchronous call, and a kept answer's compressed forms kept
// with it. @fastify/compress pipes every answer through a zlib stream: on the 68 KB record
// of a patient with ten years of visits that cost 6.3 ms of CPU a read (272 reads/s, p99 68 ms, where
// the same read without Accept-Encoding ran at 1,923/s), because each stream runs on the thread pool
// and a brotli stream sets up its default 4 MiB window. In one call, with a window no larger than the
// answer, brotli takes 0.34 ms for those 68 KB, and a kept record is compressed once per version.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isKeptJson } from './json-text';

export type AnswerEncoding = 'br' | 'gzip';

/** Brotli's quality 4 and gzip's level 6, for kept answers (compressed once) and streams (compression.ts). */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/**
 * Brotli's quality 2 for an answer compressed for one request only (a page of a new filter, say):
 * on the decade's filtered pages (11 KB of JSON) 60 µs against quality 4's 107 µs, a fifth of such a
 * request's CPU, for 6 % more bytes (1,894 against 1,786).
 */
export const BROTLI_QUALITY_ONCE = 2;
/** In the server's order of preference. */
export const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/** The smallest brotli window (2^bits bytes, 10 to 24) that holds the whole answer: the same output, less memory to set up. */
const windowBitsFor = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 1))));

function compress(body: Buffer, encoding: AnswerEncoding, quality: number): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

const keptForms = new WeakMap<Buffer, Partial<Record<AnswerEncoding, Buffer>>>();

/** `body` compressed; once only for kept JSON, whose compressed form lives as long as it does. */
export function compressedAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  if (!isKeptJson(body)) return compress(body, encoding, BROTLI_QUALITY_ONCE);
  let forms = keptForms.get(body);
  if (!forms) keptForms.set(body, (forms = {}));
  return (forms[encoding] ??= compress(body, encoding, BROTLI_QUALITY));
}
