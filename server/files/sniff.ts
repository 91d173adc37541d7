// Decides a file's type from its first bytes (file-type). Node runs the package's Node entry,
// which takes Node streams; TypeScript's bundler resolution only sees its browser typings, so
// the Node signature is stated here, once.
import { fileTypeStream } from 'file-type';
import type { Readable } from 'node:stream';

export type SniffedStream = Readable & { fileType?: { ext: string; mime: string } };

export const sniffStream = fileTypeStream as unknown as (stream: Readable, options?: { sampleSize?: number }) => Promise<SniffedStream>;
