// `npm run backup` and the scheduled backups: one encrypted archive (archive-format.ts) holding a
// consistent snapshot of the database, every document blob that snapshot names, the document and
// audit keys, the TOTP seeds' key, and the audit trail's sealed head as it stands in the snapshot. The JWT secret does
// not travel: a restored install signs its own tokens, so everyone signs in again after a restore,
// which is what ending sessions on a restore should do.
// An encrypted practice's archive also carries its practice key file (wrapped, so it opens with
// neither archive nor file alone), and its snapshot is encrypted under a key made for that archive
// alone, which its manifest carries: the archive still opens with its own passphrase alone, and no
// plaintext copy of the database or of a key is ever written to the disk while it is made.
import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { practiceText } from '../practice-messages/practice-text';
import { signAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { TOTP_KEY_FILE } from '../auth/second-factor/totp-seal';
import { openSqlite } from '../db/open-sqlite';
import { PRACTICE_KEY_FILE, readPracticeKeyFile } from '../encryption/practice-key';
import { databaseKeyPragmas } from '../encryption/unlocked-practices';
import { DOCUMENT_KEY_FILE, parseMasterKey } from '../files/document-key';
import { release } from '../release';
import { peekSecretFile } from '../secrets';
import { ArchiveWriter, type ScryptParams } from './archive-format';
import { listBlobs, pinBlobs, pinBlobsAsTheyAppear } from './blob-pins';
import { snapshotDatabase, type SnapshotContents } from './snapshot';
import { MIN_PASSPHRASE_LENGTH } from './passphrase';
import { makeStagingDir, partialArchivePath, sweepStaging } from './staging';
import { AUDIT_KEY, blobEntry, DATABASE, DOCUMENT_KEY, MANIFEST, PRACTICE_KEY, TOTP_KEY, writeBytesEntry, writeEnd, writeFileEntry, type Manifest } from './payload';

export interface BackupSummary { file: string; bytes: number; patients: number; documents: number; tables: number; rows: number; ms: number }

/** Not for users: tests make key derivation cheap, and --plain is a decision the CLI asks twice for. */
export interface BackupExtras {
  scrypt?: ScryptParams;
  /** Unencrypted archive without the keys (the CLI asks for --i-understand-this-is-unencrypted). */
  plain?: boolean;
  /** Called with the snapshot that goes into the archive, before it is written (tests compare it with the restore). */
  onSnapshot?: (snapshot: Database.Database) => void;
}

/** Each document blob is its plaintext plus a 4-byte marker, a 12-byte IV and a 16-byte tag (blob-store.ts). */
export const BLOB_OVERHEAD_BYTES = 32;
const ATTEMPTS = 5;
const SNAPSHOT_KEY_BYTES = 32;

/** A blob the snapshot names was deleted by the server after the snapshot: take a newer snapshot. */
class BlobGoneAfterSnapshot extends Error {}

export async function createBackup(
  options: { dataDir: string; outFile: string; passphrase: string; masterKey?: string; db?: Database.Database },
  extras: BackupExtras = {},
): Promise<BackupSummary> {
  const started = performance.now();
  if (!extras.plain && options.passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(practiceText().backupPassphraseTooShort({ min: MIN_PASSPHRASE_LENGTH }));
  }
  const databasePath = options.db && options.db.name !== ':memory:' ? options.db.name : join(options.dataDir, 'expediente.db');
  if (!existsSync(databasePath)) throw new Error(practiceText().backupNoDatabase({ path: databasePath, dataDir: options.dataDir }));
  const encrypted = databaseKeyPragmas(databasePath) !== undefined;
  const work = await startBackup(options, extras, { encrypted, locked: !encrypted && readPracticeKeyFile(options.dataDir) !== null });
  try {
    // Blobs are pinned (blob-pins.ts): every blob in documents/ just before the snapshot; those the
    // snapshot names that were uploaded in between, the moment the snapshot is fixed (or, for an
    // encrypted practice's, as they appear while it is made, and once it is whole). One already
    // gone by then (uploaded and deleted within that moment) means taking a newer snapshot; one
    // gone while its row is still in the live database is damage.
    const pinned = join(work, 'documents');
    await mkdir(pinned, { mode: 0o700 });
    const pinReferenced = async (blobNames: string[]) => {
      for (const blobName of await pinBlobs(options.dataDir, pinned, blobNames)) assertDeletedSinceSnapshot(options.dataDir, blobName, databasePath);
    };
    const pinning = encrypted ? pinBlobsAsTheyAppear(options.dataDir, pinned) : undefined;
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await pinBlobs(options.dataDir, pinned, await listBlobs(options.dataDir));
          const snapshotPath = join(work, `snapshot-${attempt}.db`);
          const snapshotKey = encrypted ? randomBytes(SNAPSHOT_KEY_BYTES) : null;
          const contents = await snapshotDatabase(databasePath, snapshotPath, pinReferenced, { snapshotKey, onSnapshot: extras.onSnapshot });
          const bytes = await writeArchive(options, extras, { path: snapshotPath, key: snapshotKey }, contents, pinned);
          const { patients, tables, rows, blobs } = contents;
          return { file: options.outFile, bytes, patients, tables, rows, documents: blobs.length, ms: Math.round(performance.now() - started) };
        } catch (error) {
          if (!(error instanceof BlobGoneAfterSnapshot) || attempt === ATTEMPTS) throw error;
        }
      }
    } finally {
      pinning?.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * What every backup refuses before it begins, on either engine (postgres-backup.ts too), then the
 * private staging directory it works in.
 */
export async function startBackup(
  options: { dataDir: string; outFile: string },
  extras: BackupExtras,
  practice: { encrypted: boolean; locked: boolean },
): Promise<string> {
  if (practice.locked) throw new Error(practiceText().backupPracticeLocked({ dataDir: options.dataDir }));
  // Anyone can read a --plain archive: an encrypted practice's data never leave it that way.
  if (practice.encrypted && extras.plain) throw new Error(practiceText().backupPlainOfEncrypted);
  // What a killed backup left (a plaintext snapshot, pinned blobs, a partial archive) goes first.
  await sweepStaging(options.dataDir);
  await sweepStaging(dirname(options.outFile));
  // The snapshot is as readable as the database itself, so it stays beside it (mode 0700), not in /tmp.
  return makeStagingDir(options.dataDir, 'backup');
}

interface Keys {
  documentKey: string | undefined;
  auditKey: string | undefined;
  totpKey: string | undefined;
  documentKeySource: Manifest['documentKey'];
}

function readKeys(dataDir: string, masterKey: string | undefined, plain: boolean): Keys {
  if (plain) return { documentKey: undefined, auditKey: undefined, totpKey: undefined, documentKeySource: 'left-out-of-plain-archive' };
  const readSecret = (file: string) => (existsSync(join(dataDir, file)) ? peekSecretFile(join(dataDir, file)) : undefined);
  const auditKey = readSecret(AUDIT_KEY_FILE);
  const totpKey = readSecret(TOTP_KEY_FILE);
  // The same precedence as the server's (files/document-key.ts): MASTER_KEY first, then the file.
  if (masterKey) return { documentKey: parseMasterKey(masterKey).toString('base64url'), auditKey, totpKey, documentKeySource: 'master-key' };
  const documentKey = readSecret(DOCUMENT_KEY_FILE);
  return { documentKey, auditKey, totpKey, documentKeySource: documentKey ? 'file' : 'absent' };
}

/**
 * Writes the archive to a temporary name beside outFile, flushes it and renames it: never a half
 * archive under the name. Either engine's snapshot (postgres-backup.ts writes a clinic network's).
 */
export async function writeArchive(
  options: { dataDir: string; outFile: string; passphrase: string; masterKey?: string; db?: Database.Database },
  extras: BackupExtras,
  snapshot: { path: string; key: Buffer | null },
  contents: SnapshotContents,
  pinned: string,
): Promise<number> {
  const keys = readKeys(options.dataDir, options.masterKey, extras.plain ?? false);
  const temp = partialArchivePath(options.outFile);
  const out = await open(temp, 'wx', 0o600);
  let closed = false;
  try {
    const archive = await ArchiveWriter.create(out, extras.plain ? null : options.passphrase, extras.scrypt);
    const manifest: Manifest = {
      format: 'expediente-backup',
      createdAt: new Date().toISOString(),
      release: release(),
      documentKey: keys.documentKeySource,
      auditKey: keys.auditKey !== undefined,
      patients: contents.patients,
      documents: contents.blobs.length,
      tables: contents.tables,
      rows: contents.rows,
      auditHead: keys.auditKey && contents.auditHead ? signAuditHead(contents.auditHead, keys.auditKey) : undefined,
      databaseKey: snapshot.key?.toString('hex'),
    };
    await writeBytesEntry(archive, MANIFEST, Buffer.from(JSON.stringify(manifest), 'utf8'));
    // Right after the manifest: a restore asks for its passphrase before the long part.
    const practiceKey = snapshot.key ? readFileSync(join(options.dataDir, PRACTICE_KEY_FILE)) : undefined;
    if (practiceKey) await writeBytesEntry(archive, PRACTICE_KEY, practiceKey);
    if (keys.documentKey) await writeBytesEntry(archive, DOCUMENT_KEY, Buffer.from(keys.documentKey, 'utf8'));
    if (keys.auditKey) await writeBytesEntry(archive, AUDIT_KEY, Buffer.from(keys.auditKey, 'utf8'));
    if (keys.totpKey) await writeBytesEntry(archive, TOTP_KEY, Buffer.from(keys.totpKey, 'utf8'));
    await copyFile(archive, DATABASE, snapshot.path);
    for (const blob of contents.blobs) {
      const file = await open(join(pinned, blob.blobName), 'r');
      try {
        const { size } = await file.stat();
        if (size !== blob.size + BLOB_OVERHEAD_BYTES) {
          throw new Error(practiceText().backupBlobSizeWrong({ blob: blob.blobName, size, expected: blob.size + BLOB_OVERHEAD_BYTES }));
        }
        await writeFileEntry(archive, blobEntry(blob.blobName), file, size);
      } finally {
        await file.close();
      }
    }
    await writeEnd(archive);
    await archive.finish();
    await out.sync();
    await out.close();
    closed = true;
    await rename(temp, options.outFile);
    await syncDirectory(dirname(options.outFile));
    return archive.bytesWritten;
  } catch (error) {
    if (!closed) await out.close();
    await unlink(temp).catch(() => {});
    throw error;
  }
}

async function copyFile(archive: ArchiveWriter, name: string, path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await writeFileEntry(archive, name, file, (await file.stat()).size);
  } finally {
    await file.close();
  }
}

/** A blob the snapshot names is gone: the race (its row deleted since) or damage (its row still there). */
function assertDeletedSinceSnapshot(dataDir: string, blobName: string, databasePath: string): void {
  const live = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    const stillThere = live.prepare('select 1 from files where blob_name = ?').get(blobName);
    if (!stillThere) throw new BlobGoneAfterSnapshot(blobName);
  } finally {
    live.close();
  }
  throw new Error(practiceText().backupBlobMissing({ blob: blobName, dir: join(dataDir, 'documents') }));
}

export async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
