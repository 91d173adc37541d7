// The backup archive, version 1: a plaintext header, then the payload in authenticated chunks.
//
//   header   "EXPDBAK\n" | version u8 | kdf u8 (1 scrypt, 0 none) | log2(N) u8 | r u8 | p u8 |
//            chunk size u32 | salt 16 | base nonce 12 | HMAC-SHA256(header so far, MAC key) 32
//   chunks   AES-256-GCM ciphertext of `chunk size` payload bytes (the last may be shorter, even
//            empty) followed by its 16-byte tag; nonce = base nonce XOR the chunk index;
//            associated data = the whole header | chunk index u64 | 1 if last else 0
//
// scrypt turns the passphrase into 64 bytes: the cipher key and the header's MAC key. The MAC tells
// a wrong passphrase (or an altered header) apart before any chunk is read. The associated data
// binds every chunk to this archive, to its place and to whether it ends the archive, so an altered,
// reordered, dropped or appended chunk, or an archive cut at a chunk boundary, fails a tag. Chunks
// keep memory flat however large the archive. "kdf none" (--plain) uses a zero key: the tags then
// only catch damage, they hide nothing.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { practiceText } from '../practice-messages/practice-text';

const MAGIC = Buffer.from('EXPDBAK\n');
const VERSION = 1;
const KDF_NONE = 0;
const KDF_SCRYPT = 1;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const MAC_BYTES = 32;
const TAG_BYTES = 16;
const FIELDS_BYTES = MAGIC.length + 5 + 4 + SALT_BYTES + NONCE_BYTES;
export const HEADER_BYTES = FIELDS_BYTES + MAC_BYTES;
export const CHUNK_BYTES = 64 * 1024;

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** 128 MiB and about half a second a derivation: OWASP's recommendation for scrypt. */
export const PRODUCTION_SCRYPT: ScryptParams = { log2N: 17, r: 8, p: 1 };
/** What a reader accepts: an archive cannot ask for hours of work or gigabytes of memory. */
const MAX_LOG2N = 20;
const MIN_LOG2N = 10;

/** The archive cannot be read: the message says what failed, in words a person can act on. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

interface Keys {
  cipherKey: Buffer;
  macKey: Buffer;
}

function deriveKeys(passphrase: string, kdf: number, params: ScryptParams, salt: Buffer): Promise<Keys> {
  if (kdf === KDF_NONE) return Promise.resolve({ cipherKey: Buffer.alloc(32), macKey: Buffer.alloc(32) });
  const N = 2 ** params.log2N;
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 64, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }, (error, key) => {
      if (error) reject(error);
      else resolve({ cipherKey: key.subarray(0, 32), macKey: key.subarray(32) });
    });
  });
}

function nonceFor(base: Buffer, index: number): Buffer {
  const nonce = Buffer.from(base);
  const low = nonce.readUInt32BE(8) ^ (index >>> 0);
  const high = nonce.readUInt32BE(4) ^ Math.floor(index / 2 ** 32);
  nonce.writeUInt32BE(low >>> 0, 8);
  nonce.writeUInt32BE(high >>> 0, 4);
  return nonce;
}

function chunkAad(header: Buffer, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail[8] = last ? 1 : 0;
  return Buffer.concat([header, tail]);
}

/**
 * Writes an archive into an open file: write() the payload in any pieces, then finish(). Holds at
 * most one chunk: the chunk before the last is only sealed once more bytes prove it is not the last.
 */
export class ArchiveWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  bytesWritten = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly header: Buffer,
    private readonly keys: Keys,
    private readonly baseNonce: Buffer,
  ) {}

  static async create(file: FileHandle, passphrase: string | null, params: ScryptParams = PRODUCTION_SCRYPT): Promise<ArchiveWriter> {
    const kdf = passphrase === null ? KDF_NONE : KDF_SCRYPT;
    const salt = randomBytes(SALT_BYTES);
    const baseNonce = randomBytes(NONCE_BYTES);
    const keys = await deriveKeys(passphrase ?? '', kdf, params, salt);
    const fields = Buffer.alloc(FIELDS_BYTES);
    let at = MAGIC.copy(fields, 0);
    at = fields.writeUInt8(VERSION, at);
    at = fields.writeUInt8(kdf, at);
    at = fields.writeUInt8(params.log2N, at);
    at = fields.writeUInt8(params.r, at);
    at = fields.writeUInt8(params.p, at);
    at = fields.writeUInt32BE(CHUNK_BYTES, at);
    at += salt.copy(fields, at);
    baseNonce.copy(fields, at);
    const header = Buffer.concat([fields, createHmac('sha256', keys.macKey).update(fields).digest()]);
    const writer = new ArchiveWriter(file, header, keys, baseNonce);
    await writer.put(header);
    return writer;
  }

  async write(bytes: Buffer): Promise<void> {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    while (this.pendingBytes > CHUNK_BYTES) {
      const all = Buffer.concat(this.pending);
      await this.seal(all.subarray(0, CHUNK_BYTES), false);
      this.pending = [all.subarray(CHUNK_BYTES)];
      this.pendingBytes = all.length - CHUNK_BYTES;
    }
  }

  async finish(): Promise<void> {
    await this.seal(Buffer.concat(this.pending), true);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private async seal(plain: Buffer, last: boolean): Promise<void> {
    const cipher = createCipheriv('aes-256-gcm', this.keys.cipherKey, nonceFor(this.baseNonce, this.index));
    cipher.setAAD(chunkAad(this.header, this.index, last));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    this.index += 1;
    await this.put(sealed);
  }

  private async put(bytes: Buffer): Promise<void> {
    for (let at = 0; at < bytes.length; ) {
      const { bytesWritten } = await this.file.write(bytes, at, bytes.length - at);
      at += bytesWritten;
    }
    this.bytesWritten += bytes.length;
  }
}

/**
 * Reads an archive's payload, chunk by chunk, each one's tag checked before its bytes are yielded.
 * Throws ArchiveError naming what failed: not an archive, wrong passphrase, a damaged chunk, or an
 * archive cut short. `passphrase` is ignored for a --plain archive.
 */
export async function* readArchive(file: FileHandle, passphrase: string): AsyncGenerator<Buffer> {
  const { size } = await file.stat();
  const header = await readAt(file, 0, HEADER_BYTES);
  if (header.length < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new ArchiveError(practiceText().archiveNotAnArchive);
  }
  let at = MAGIC.length;
  const version = header[at++]!;
  if (version !== VERSION) throw new ArchiveError(practiceText().archiveFormatVersion({ version, supported: VERSION }));
  const kdf = header[at++]!;
  const params: ScryptParams = { log2N: header[at++]!, r: header[at++]!, p: header[at++]! };
  const chunkBytes = header.readUInt32BE(at);
  at += 4;
  const salt = header.subarray(at, at + SALT_BYTES);
  at += SALT_BYTES;
  const baseNonce = header.subarray(at, at + NONCE_BYTES);
  const badParams = params.log2N < MIN_LOG2N || params.log2N > MAX_LOG2N || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16;
  if ((kdf !== KDF_NONE && kdf !== KDF_SCRYPT) || (kdf === KDF_SCRYPT && badParams) || chunkBytes < 1024 || chunkBytes > 16 * 1024 * 1024) {
    throw new ArchiveError(practiceText().archiveHeaderDamaged);
  }
  const keys = await deriveKeys(passphrase, kdf, params, salt);
  const expected = createHmac('sha256', keys.macKey).update(header.subarray(0, FIELDS_BYTES)).digest();
  if (!timingSafeEqual(expected, header.subarray(FIELDS_BYTES))) {
    throw new ArchiveError(practiceText().archiveWrongPassphrase);
  }
  const sealedBytes = chunkBytes + TAG_BYTES;
  let offset = HEADER_BYTES;
  for (let index = 0; ; index += 1) {
    if (offset >= size && index > 0) throw new ArchiveError(practiceText().archiveCutAfterChunk({ index: index - 1 }));
    const sealed = await readAt(file, offset, Math.min(sealedBytes, size - offset));
    if (sealed.length < TAG_BYTES) throw new ArchiveError(practiceText().archiveCutInsideChunk({ index }));
    offset += sealed.length;
    const last = offset >= size;
    const decipher = createDecipheriv('aes-256-gcm', keys.cipherKey, nonceFor(baseNonce, index));
    decipher.setAAD(chunkAad(header, index, last));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new ArchiveError(
        last ? practiceText().archiveFinalChunkDamaged({ index }) : practiceText().archiveChunkDamaged({ index, offset: offset - sealed.length }),
      );
    }
    yield plain;
    if (last) return;
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
