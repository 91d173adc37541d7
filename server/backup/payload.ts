// What the archive's chunks carry: a sequence of named entries, then an end mark.
//   entry  kind u8 (1) | name length u16 | name (UTF-8) | size u64 | size bytes
//   end    kind u8 (0)
// The first entry is manifest.json. Names are a fixed few (ENTRY_NAME), so a restore can never be
// steered into writing outside its directory.
import type { FileHandle } from 'node:fs/promises';
import { practiceText } from '../practice-messages/practice-text';
import type { SignedAuditHead } from '../audit/audit-head';
import type { ArchiveWriter } from './archive-format';
import { ArchiveError } from './archive-format';

const KIND_END = 0;
const KIND_ENTRY = 1;
const COPY_BYTES = 256 * 1024;

export const MANIFEST = 'manifest.json';
export const DATABASE = 'expediente.db';
export const DOCUMENT_KEY = 'document-key';
export const AUDIT_KEY = 'audit-key';
/** The key the TOTP seeds are sealed under (auth/second-factor/totp-seal.ts); absent from archives made before seeds were sealed. */
export const TOTP_KEY = 'totp-key';
/**
 * An encrypted practice's key file (encryption/practice-key.ts): the master key wrapped by the
 * practice passphrase and by the recovery key, so it opens with neither alone. It lets a practice
 * restored onto a new machine keep its passphrase and recovery key; the archive opens without it.
 */
export const PRACTICE_KEY = 'practice-key';
export const blobEntry = (blobName: string) => `documents/${blobName}`;

/** Every name an archive may hold. */
export const ENTRY_NAME = /^(manifest\.json|expediente\.db|document-key|audit-key|totp-key|practice-key|documents\/[0-9a-f]{32})$/;

export interface Manifest {
  format: 'expediente-backup';
  createdAt: string;
  /** The release that wrote the archive (release.ts); absent from archives of releases before it was kept. */
  release?: string;
  /** Where the documents' key came from: a file in DATA_DIR, MASTER_KEY, or nowhere (no upload yet, or --plain). */
  documentKey: 'file' | 'master-key' | 'absent' | 'left-out-of-plain-archive';
  auditKey: boolean;
  patients: number;
  documents: number;
  tables: number;
  rows: number;
  /**
   * The archived database's audit head, signed with the archived audit key: restore refuses a
   * database that lost rows up to it. Absent from archives made before heads were kept (they restore
   * on the chain alone), from --plain archives (the head travels with the key), and while no audit
   * row is chained. An optional field, not an entry: older versions restore such archives too.
   */
  auditHead?: SignedAuditHead;
  /**
   * An encrypted practice's archive: the random key (hex) its database entry is encrypted under,
   * made for this archive alone, so that the archive opens with its own passphrase and never
   * carries the practice's database key. Absent, the database entry is plain (a plain practice's
   * archive, or one made before practices were encrypted).
   */
  databaseKey?: string;
}

function entryHead(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const head = Buffer.alloc(1 + 2 + nameBytes.length + 8);
  head.writeUInt8(KIND_ENTRY, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(head, 3);
  head.writeBigUInt64BE(BigInt(size), 3 + nameBytes.length);
  return head;
}

export async function writeBytesEntry(archive: ArchiveWriter, name: string, bytes: Buffer): Promise<void> {
  await archive.write(entryHead(name, bytes.length));
  await archive.write(bytes);
}

/** Copies exactly `size` bytes of an open file; a file that shrinks meanwhile is an error, never a short entry. */
export async function writeFileEntry(archive: ArchiveWriter, name: string, file: FileHandle, size: number): Promise<void> {
  await archive.write(entryHead(name, size));
  for (let copied = 0; copied < size; ) {
    const buffer = Buffer.alloc(Math.min(COPY_BYTES, size - copied));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, copied);
    if (bytesRead === 0) throw new Error(`${name} shrank while it was being copied`);
    await archive.write(buffer.subarray(0, bytesRead));
    copied += bytesRead;
  }
}

export async function writeEnd(archive: ArchiveWriter): Promise<void> {
  await archive.write(Buffer.from([KIND_END]));
}

/** One entry being read: its name, size, and its bytes as they come out of the archive. */
export interface EntryReader {
  name: string;
  size: number;
  body: AsyncGenerator<Buffer>;
}

/** Splits the archive's payload back into entries; every entry's body must be consumed before the next. */
export async function* readEntries(payload: AsyncGenerator<Buffer>): AsyncGenerator<EntryReader> {
  const source = new ByteSource(payload);
  for (;;) {
    const kind = (await source.exactly(1, 'an entry'))[0];
    if (kind === KIND_END) {
      if (!(await source.atEnd())) throw new ArchiveError(practiceText().archiveBytesAfterEnd);
      return;
    }
    if (kind !== KIND_ENTRY) throw new ArchiveError(practiceText().archiveUnknownEntryKind);
    const nameLength = (await source.exactly(2, 'an entry name')).readUInt16BE(0);
    const name = (await source.exactly(nameLength, 'an entry name')).toString('utf8');
    if (!ENTRY_NAME.test(name)) throw new ArchiveError(practiceText().archiveUnknownEntry({ name: JSON.stringify(name) }));
    const size = Number((await source.exactly(8, 'an entry size')).readBigUInt64BE(0));
    yield { name, size, body: source.stream(size, name) };
  }
}

class ByteSource {
  private buffered: Buffer = Buffer.alloc(0);

  constructor(private readonly payload: AsyncGenerator<Buffer>) {}

  private async fill(): Promise<boolean> {
    const next = await this.payload.next();
    if (next.done) return false;
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }

  async exactly(count: number, what: string): Promise<Buffer> {
    while (this.buffered.length < count) {
      if (!(await this.fill())) throw new ArchiveError(practiceText().archiveEndsInside({ what }));
    }
    const taken = this.buffered.subarray(0, count);
    this.buffered = this.buffered.subarray(count);
    return taken;
  }

  async atEnd(): Promise<boolean> {
    while (this.buffered.length === 0) {
      if (!(await this.fill())) return true;
    }
    return false;
  }

  async *stream(size: number, name: string): AsyncGenerator<Buffer> {
    for (let left = size; left > 0; ) {
      if (this.buffered.length === 0 && !(await this.fill())) throw new ArchiveError(practiceText().archiveEndsInside({ what: name }));
      const piece = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}
