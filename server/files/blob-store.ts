// Encrypted document blobs under DATA_DIR/documents. Each blob is
//   "EXP1" | 12-byte random IV | AES-256-GCM ciphertext | 16-byte tag
// A blob is written to a temporary name, flushed to disk and renamed; the caller inserts its
// row only after that. Reading checks the tag over the whole blob before any byte is served.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('EXP1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;
const TEMP_PREFIX = '.tmp-';

export class BlobIntegrityError extends Error {
  constructor(blobName: string) {
    super(`Document blob ${blobName} failed its integrity check`);
    this.name = 'BlobIntegrityError';
  }
}

export class BlobStore {
  constructor(
    readonly dir: string,
    /** Loaded on first use, so an app that never touches documents needs no key. */
    private readonly loadKey: () => Buffer,
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

  /** Encrypts the stream into a new blob; on any failure nothing is left on disk. */
  async write(source: Readable): Promise<{ blobName: string; size: number }> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const blobName = randomBytes(16).toString('hex');
    const temp = join(this.dir, `${TEMP_PREFIX}${blobName}`);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    let size = 0;
    try {
      await pipeline(
        source,
        async function* encrypt(chunks: AsyncIterable<Buffer>) {
          yield Buffer.concat([MAGIC, iv]);
          for await (const chunk of chunks) {
            size += chunk.length;
            yield cipher.update(chunk);
          }
          yield cipher.final();
          yield cipher.getAuthTag();
        },
        createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
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

  private async layout(blobName: string) {
    const path = this.path(blobName);
    const { size } = await stat(path);
    if (size < HEADER_BYTES + TAG_BYTES) throw new BlobIntegrityError(blobName);
    const handle = await open(path, 'r');
    try {
      const header = Buffer.alloc(HEADER_BYTES);
      const tag = Buffer.alloc(TAG_BYTES);
      await handle.read(header, 0, HEADER_BYTES, 0);
      await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
      if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new BlobIntegrityError(blobName);
      return { path, iv: header.subarray(MAGIC.length), tag, cipherEnd: size - TAG_BYTES - 1 };
    } finally {
      await handle.close();
    }
  }

  private async decipherStream(blobName: string) {
    const { path, iv, tag, cipherEnd } = await this.layout(blobName);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    // An empty ciphertext has no bytes to read: end < start would read the tag.
    const source = cipherEnd >= HEADER_BYTES ? createReadStream(path, { start: HEADER_BYTES, end: cipherEnd }) : null;
    return { decipher, source };
  }

  /** Checks the whole blob's tag; throws BlobIntegrityError when it was altered. */
  async verify(blobName: string): Promise<void> {
    const { decipher, source } = await this.decipherStream(blobName);
    try {
      if (source) for await (const chunk of source) decipher.update(chunk as Buffer);
      decipher.final();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      throw new BlobIntegrityError(blobName);
    }
  }

  /** The decrypted bytes; call verify() first, so that a damaged blob is refused before any byte is sent. */
  async open(blobName: string): Promise<Readable> {
    const { decipher, source } = await this.decipherStream(blobName);
    if (source) source.pipe(decipher);
    else decipher.end();
    source?.on('error', (error) => decipher.destroy(error));
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
