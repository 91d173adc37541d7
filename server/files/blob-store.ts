// Encrypted document blobs under DATA_DIR/documents. Each blob is
//   "EXP2" | 12-byte random IV | AES-256-GCM ciphertext | 16-byte tag
// with the document's code as associated data: the tag then holds only for the row the blob was
// written for, so a blob swapped on disk for another document's is refused like an altered one.
// Blobs of installs from before that binding start with "EXP1" and have no associated data; they
// are still read, with the marker telling them apart (a changed marker breaks the tag either way).
// A blob is written to a temporary name, flushed to disk and renamed; the caller inserts its
// row only after that. Reading checks the tag over the whole blob before any byte is served.
import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// The blob's format, shared with the documents PostgreSQL keeps (postgres-blob-store.ts).
export const BOUND = Buffer.from('EXP2');
export const UNBOUND = Buffer.from('EXP1');
const MAGIC_BYTES = 4;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC_BYTES + IV_BYTES;
const TEMP_PREFIX = '.tmp-';

export class BlobIntegrityError extends Error {
  constructor(blobName: string, reason: string) {
    super(`Document blob ${blobName} failed its integrity check: ${reason}`);
    this.name = 'BlobIntegrityError';
  }
}

/** A blob whose tag held: its plaintext length, and the plaintext to send. */
export interface OpenedBlob {
  size: number;
  stream: Readable;
}

/** Opens the stream a blob's bytes are written to; tests pass one that fails the way a full disk does. */
export type WriteStreamFactory = (path: string, options: { flags: string; mode: number }) => Writable;

/** Where documents' encrypted bytes are kept: files in DATA_DIR (SQLite), or the database (PostgreSQL: postgres-blob-store.ts). */
export interface DocumentBlobs {
  /** The directory of the files; null where the blobs are in the database. */
  readonly dir: string | null;
  write(source: AsyncIterable<Uint8Array>, associatedData: string): Promise<{ blobName: string; size: number }>;
  open(blobName: string, associatedData: string): Promise<OpenedBlob>;
  remove(blobName: string): Promise<void>;
}

export class BlobStore implements DocumentBlobs {
  constructor(
    readonly dir: string,
    /** Loaded on first use, so an app that never touches documents needs no key. */
    private readonly loadKey: () => Buffer,
    private readonly openWriteStream: WriteStreamFactory = createWriteStream,
  ) {}

  private keyCache: Buffer | undefined;
  private get key(): Buffer {
    this.keyCache ??= this.loadKey();
    return this.keyCache;
  }

  private path(blobName: string): string {
    if (!/^[0-9a-f]{32}$/.test(blobName)) throw new Error('Invalid blob name');
    return join(this.dir, blobName);
  }

  /**
   * Encrypts the bytes into a new blob bound to `associatedData` (the document's code), which
   * open() must be given again; on any failure nothing is left on disk.
   */
  async write(source: AsyncIterable<Uint8Array>, associatedData: string): Promise<{ blobName: string; size: number }> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const blobName = randomBytes(16).toString('hex');
    const temp = join(this.dir, `${TEMP_PREFIX}${blobName}`);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(associatedData, 'utf8'));
    let size = 0;
    try {
      await pipeline(
        source,
        async function* encrypt(chunks: AsyncIterable<Uint8Array>) {
          yield Buffer.concat([BOUND, iv]);
          for await (const chunk of chunks) {
            size += chunk.length;
            yield cipher.update(chunk);
          }
          yield cipher.final();
          yield cipher.getAuthTag();
        },
        this.openWriteStream(temp, { flags: 'wx', mode: 0o600 }),
      );
      await syncPath(temp);
      await rename(temp, this.path(blobName));
      await syncPath(this.dir);
    } catch (error) {
      await removeQuietly(temp);
      throw error;
    }
    return { blobName, size };
  }

  /**
   * Checks the whole blob's tag against `associatedData`, then streams its plaintext. Both passes
   * read one open file, so a blob renamed over this one in between is never what gets sent; one
   * changed in place fails the second pass's tag and the stream ends in an error, never silently.
   * Throws BlobIntegrityError for a damaged, cut, swapped or unknown blob, ENOENT for a missing one.
   */
  async open(blobName: string, associatedData: string): Promise<OpenedBlob> {
    const handle = await open(this.path(blobName), 'r');
    let layout: Layout;
    let size: number;
    try {
      layout = await readLayout(handle, blobName, associatedData);
      size = await verifiedLength(handle, this.decipher(layout), layout.cipherBytes, blobName);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const decipher = this.decipher(layout);
    if (layout.cipherBytes === 0) {
      await handle.close();
      decipher.end();
    } else {
      // autoClose: the file closes when the stream ends or the reader goes away.
      const ciphertext = handle.createReadStream({ start: HEADER_BYTES, end: HEADER_BYTES + layout.cipherBytes - 1 });
      // A failure reaches whoever reads `decipher`; the promise itself has nothing to add.
      pipeline(ciphertext, decipher).catch(() => {});
    }
    return { size, stream: decipher };
  }

  private decipher(layout: Layout): DecipherGCM {
    const decipher = createDecipheriv('aes-256-gcm', this.key, layout.iv);
    if (layout.associatedData) decipher.setAAD(layout.associatedData);
    decipher.setAuthTag(layout.tag);
    return decipher;
  }

  async remove(blobName: string): Promise<void> {
    await removeQuietly(this.path(blobName));
  }

  /**
   * Start-up clean-up after a crash: temporary files, and blobs whose row was never inserted.
   * Runs before the server listens, so no upload is in flight.
   */
  async sweep(knownBlobNames: Set<string>): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const orphans = entries.filter((name) => name.startsWith(TEMP_PREFIX) || (/^[0-9a-f]{32}$/.test(name) && !knownBlobNames.has(name)));
    await Promise.all(orphans.map((name) => removeQuietly(join(this.dir, name))));
    return orphans.length;
  }
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

interface Layout {
  iv: Buffer;
  tag: Buffer;
  cipherBytes: number;
  /** The document's code for a bound blob; none for one written before blobs were bound. */
  associatedData: Buffer | null;
}

async function readLayout(handle: FileHandle, blobName: string, associatedData: string): Promise<Layout> {
  const { size } = await handle.stat();
  if (size < HEADER_BYTES + TAG_BYTES) throw new BlobIntegrityError(blobName, 'too short');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  await handle.read(header, 0, HEADER_BYTES, 0);
  await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  const magic = header.subarray(0, MAGIC_BYTES);
  const bound = magic.equals(BOUND);
  if (!bound && !magic.equals(UNBOUND)) throw new BlobIntegrityError(blobName, 'unknown format');
  return {
    iv: header.subarray(MAGIC_BYTES),
    tag,
    cipherBytes: size - HEADER_BYTES - TAG_BYTES,
    associatedData: bound ? Buffer.from(associatedData, 'utf8') : null,
  };
}

/** Deciphers the whole ciphertext without keeping it: the plaintext length, once the tag holds. */
async function verifiedLength(handle: FileHandle, decipher: DecipherGCM, cipherBytes: number, blobName: string): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024);
  let size = 0;
  for (let read = 0; read < cipherBytes; ) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, cipherBytes - read), HEADER_BYTES + read);
    if (bytesRead === 0) throw new BlobIntegrityError(blobName, 'cut short while reading');
    size += decipher.update(chunk.subarray(0, bytesRead)).length;
    read += bytesRead;
  }
  try {
    size += decipher.final().length;
  } catch {
    throw new BlobIntegrityError(blobName, 'the tag does not match');
  }
  return size;
}
