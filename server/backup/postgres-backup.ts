// `npm run backup` on a clinic network (DATABASE_URL): the same archive a practice's backup writes
// (backup.ts), so that it restores on either engine. Its database entry is a SQLite snapshot of the
// PostgreSQL database taken in one transaction (postgres-snapshot.ts), its documents the blobs of
// document_blobs that snapshot names, its keys those of this server's DATA_DIR (every server of the
// network holds the same), and its audit head is computed from the snapshot and signed with that
// audit key. An encrypted practice's snapshot is under a key made for that archive alone, as on SQLite.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { readPracticeKeyFile } from '../encryption/practice-key';
import { practiceKeyOf } from '../encryption/unlocked-practices';
import { practiceText } from '../practice-messages/practice-text';
import { startBackup, writeArchive, type BackupExtras, type BackupSummary } from './backup';
import { MIN_PASSPHRASE_LENGTH } from './passphrase';
import { snapshotPostgres } from './postgres-snapshot';

const SNAPSHOT_KEY_BYTES = 32;

export interface PostgresBackupOptions {
  /** This server's DATA_DIR: the keys, and the practice key file of an encrypted practice (unlocked first). */
  dataDir: string;
  databaseUrl: string;
  outFile: string;
  passphrase: string;
  masterKey?: string;
}

export async function createPostgresBackup(options: PostgresBackupOptions, extras: BackupExtras = {}): Promise<BackupSummary> {
  const started = performance.now();
  if (!extras.plain && options.passphrase.length < MIN_PASSPHRASE_LENGTH) throw new Error(practiceText().backupPassphraseTooShort({ min: MIN_PASSPHRASE_LENGTH }));
  // Every server of the network holds the keys: a directory without them is not one of its DATA_DIRs.
  if (!existsSync(join(options.dataDir, AUDIT_KEY_FILE))) throw new Error(practiceText().backupPostgresNoKeys({ dataDir: options.dataDir }));
  const encrypted = readPracticeKeyFile(options.dataDir) !== null;
  const work = await startBackup(options, extras, { encrypted, locked: encrypted && !practiceKeyOf(options.dataDir) });
  try {
    const blobs = join(work, 'documents');
    await mkdir(blobs, { mode: 0o700 });
    const snapshotPath = join(work, 'snapshot.db');
    const snapshotKey = encrypted ? randomBytes(SNAPSHOT_KEY_BYTES) : null;
    const contents = await snapshotPostgres(options.databaseUrl, snapshotPath, blobs, { snapshotKey, onSnapshot: extras.onSnapshot });
    const bytes = await writeArchive(options, extras, { path: snapshotPath, key: snapshotKey }, contents, blobs);
    const { patients, tables, rows } = contents;
    return { file: options.outFile, bytes, patients, tables, rows, documents: contents.blobs.length, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
