// Documents' encrypted bytes in PostgreSQL (table document_blobs), so that any server of a clinic
// network serves any document. The blob is the one DATA_DIR/documents holds on SQLite
// ("EXP2" | IV | AES-256-GCM ciphertext | tag, the document's code as associated data: blob-store.ts),
// so a blob moves between the engines unchanged. As on SQLite, the blob is written (and committed)
// before its document's row, and read back whole and checked before any byte is served.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DbOrTx } from '../db/engine';
import { rawGet, rawRun } from '../db/raw-sql';
import { BlobIntegrityError, BOUND, HEADER_BYTES, IV_BYTES, TAG_BYTES, UNBOUND, type DocumentBlobs, type OpenedBlob } from './blob-store';

/** A blob whose row was never inserted is removed once it is this old: another server's upload may still be on its way. */
const ORPHAN_AFTER_MS = 60 * 60_000;

export class PostgresBlobStore implements DocumentBlobs {
  readonly dir = null;

  constructor(
    private readonly db: DbOrTx,
    /** Loaded on first use, so an app that never touches documents needs no key. */
    private readonly loadKey: () => Buffer,
  ) {}

  private keyCache: Buffer | undefined;
  private get key(): Buffer {
    this.keyCache ??= this.loadKey();
    return this.keyCache;
  }

  async write(source: AsyncIterable<Uint8Array>, associatedData: string): Promise<{ blobName: string; size: number }> {
    const blobName = randomBytes(16).toString('hex');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(associatedData, 'utf8'));
    const parts: Buffer[] = [BOUND, iv];
    let size = 0;
    for await (const chunk of source) {
      size += chunk.length;
      parts.push(cipher.update(chunk));
    }
    parts.push(cipher.final(), cipher.getAuthTag());
    await rawRun(this.db, 'insert into document_blobs (name, content, created_at) values (?, ?, ?)', [blobName, Buffer.concat(parts), new Date().toISOString()]);
    return { blobName, size };
  }

  /** Checks the whole blob's tag against `associatedData`, then streams its plaintext. */
  async open(blobName: string, associatedData: string): Promise<OpenedBlob> {
    const row = await rawGet<{ content: Buffer }>(this.db, 'select content from document_blobs where name = ?', [blobName]);
    if (!row) throw Object.assign(new Error(`Document blob ${blobName} is missing`), { code: 'ENOENT' });
    const blob = row.content;
    if (blob.length < HEADER_BYTES + TAG_BYTES) throw new BlobIntegrityError(blobName, 'too short');
    const magic = blob.subarray(0, BOUND.length);
    const bound = magic.equals(BOUND);
    if (!bound && !magic.equals(UNBOUND)) throw new BlobIntegrityError(blobName, 'unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, blob.subarray(BOUND.length, HEADER_BYTES));
    if (bound) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
    let plaintext: Buffer;
    try {
      plaintext = Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES, blob.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new BlobIntegrityError(blobName, 'the tag does not match');
    }
    return { size: plaintext.length, stream: Readable.from([plaintext]) };
  }

  async remove(blobName: string): Promise<void> {
    await rawRun(this.db, 'delete from document_blobs where name = ?', [blobName]);
  }

  /** Blobs whose document row never came (a server stopped between the two), once old enough. */
  async sweep(): Promise<number> {
    const before = new Date(Date.now() - ORPHAN_AFTER_MS).toISOString();
    const { changes } = await rawRun(
      this.db,
      'delete from document_blobs where created_at < ? and not exists (select 1 from files where files.blob_name = document_blobs.name)',
      [before],
    );
    return changes;
  }
}
