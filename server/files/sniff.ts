// Decides a file's type from its first bytes (file-type), without losing them: the sample is read
// off the front of the stream, typed, and handed on ahead of the rest. file-type's own
// fileTypeStream waits for a 'readable' event that an empty part, already ended when it arrives,
// never emits, so an empty upload hung; reading through the async iterator cannot miss the end.
import type * as FileTypeModule from 'file-type';
import type { FileTypeResult } from 'file-type';

/** Enough for every format file-type recognises (its own "reasonable detection size"). */
const SAMPLE_BYTES = 4100;

export interface Sniffed {
  fileType: FileTypeResult | undefined;
  /** The source had no bytes at all. */
  empty: boolean;
  /** Every byte of the source, the sample first; read it to the end or the source is left waiting. */
  bytes: AsyncIterable<Uint8Array>;
}

// Loaded on the first upload rather than at start-up: it is a large module most starts never need.
let fileTypeModule: Promise<typeof FileTypeModule> | undefined;
const fileType = () => (fileTypeModule ??= import('file-type'));

export async function sniff(source: AsyncIterable<Uint8Array>): Promise<Sniffed> {
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SAMPLE_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    headBytes += next.value.length;
  }
  const sample = Buffer.concat(head);
  return {
    fileType: sample.length ? await (await fileType()).fileTypeFromBuffer(sample) : undefined,
    empty: sample.length === 0,
    bytes: (async function* () {
      if (sample.length) yield sample;
      // yield* hands a consumer's early return on to the source, so it is never left half-read.
      yield* { [Symbol.asyncIterator]: () => chunks };
    })(),
  };
}

/** Reads a source to its end and throws the bytes away, so that the request can finish. */
export async function drain(source: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of source);
}
