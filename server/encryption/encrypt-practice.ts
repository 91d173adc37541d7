// `npm run encrypt`: a plain DATA_DIR becomes an encrypted one (API.md "Encryption at rest"). It
// holds DATA_DIR's lock throughout (a running server refuses it), writes an encrypted backup first,
// makes the practice key, encrypts a copy of the database and checks it table by table, puts it in
// the plain file's place, seals the key files, and checks the practice afterwards as audit:verify
// and the document store would: every row, every document, the audit chain.
//
// A run killed at any moment leaves the plain practice or the encrypted one. The database is
// encrypted in a copy, in a private staging directory (swept at the next start if the run dies), and
// only a rename puts it in place: before it, the plain file is untouched; after it, the practice is
// encrypted (key files still in the clear are sealed the first time they are read, secrets.ts). The
// practice key file is written, flushed, just before that rename, so the encrypted file never stands
// without it; a run killed between the two leaves a practice key beside the plain file, which the
// server and the commands refuse with a message (open-sqlite.ts) and which running this again
// finishes, with the same key. A rekey in place would also be safe for the file (SQLite's journal
// rolls it back, measured), but would leave that half-way state for the whole rekey, not a moment.
import { closeSync, copyFileSync, constants, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createBackup } from '../backup/backup';
import { makeStagingDir, sweepStaging } from '../backup/staging';
import { runningServer, lockDataDir } from '../data-dir-lock';
import { openSqlite } from '../db/open-sqlite';
import { practiceText } from '../practice-messages/practice-text';
import { writeFileAtomically } from '../atomic-file';
import type { ScryptParams } from '../backup/archive-format';
import { isPlainDatabaseFile, openDatabaseFile, rekeyDatabaseFile } from './database-file';
import { openPracticeKey, wrongCredentialMessage, type PracticeCredential } from './practice-credentials';
import { auditTrailVerdict, countThatDiffers, documentsVerdict, rowCounts } from './practice-checks';
import { createPracticeKey, keyFor, readPracticeKeyFile, rewrapRecoveryKey, writePracticeKeyFile, type Argon2Params, type PracticeKeyFile } from './practice-key';
import { isSealed, sealKeyFile } from './sealed-file';
import { rememberPracticeKey } from './unlocked-practices';

/** The key files a DATA_DIR may hold (secrets.ts reads them): each is sealed by the practice key. */
export const KEY_FILES = ['jwt-secret', 'audit-key', 'document-key', 'totp-key'] as const;

/** Refused before anything was changed; the message says why. */
export class EncryptRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EncryptRefused';
  }
}

/** What is asked for, each only when needed: the backup's passphrase, the new practice passphrase, or (to finish a stopped run) the current one. */
export interface EncryptInputs {
  backupPassphrase: () => Promise<string>;
  newPassphrase: () => Promise<string>;
  currentCredential: () => Promise<PracticeCredential>;
}

export interface EncryptOptions {
  dataDir: string;
  /** Where the backup written first goes. */
  backupDir: string;
  /** MASTER_KEY, when the documents' key comes from it rather than from DATA_DIR/document-key. */
  masterKey: string | undefined;
  inputs: EncryptInputs;
  /**
   * Shows the practice's recovery key, the moment the encrypted database is in place: before the
   * checks after it, so that a run stopped during them has shown it all the same.
   */
  showRecoveryKey: (recoveryKey: string) => void;
  /** Says the backup was written, as soon as it is. */
  showBackup: (backup: { file: string; patients: number; documents: number }) => void;
  /** Tests only: cheaper derivations, and a way to stop between steps as a killed run would. */
  argon2?: Argon2Params;
  scrypt?: ScryptParams;
  onStep?: (step: 'copy-encrypted' | 'practice-key-written') => void;
}

export type EncryptSummary =
  | { outcome: 'already'; dataDir: string; sealed: string[] }
  | {
      outcome: 'encrypted';
      dataDir: string;
      /** The backup written first; undefined when finishing a stopped run, whose backup stands. */
      backupFile: string | undefined;
      tables: number;
      rows: number;
      documents: number;
      auditRows: number;
      ms: number;
    };

const DATABASE = 'expediente.db';

export async function encryptPractice(options: EncryptOptions): Promise<EncryptSummary> {
  const started = performance.now();
  const text = practiceText();
  const dataDir = resolve(options.dataDir);
  const databasePath = join(dataDir, DATABASE);
  if (!existsSync(databasePath)) throw new EncryptRefused(text.encryptNoDatabase({ dataDir }));
  const server = runningServer(dataDir);
  if (server) throw new EncryptRefused(text.encryptServerRunning({ dataDir, server }));
  const lock = await lockDataDir(dataDir);
  try {
    // What a killed run left (its staging directory, with a copy perhaps not yet encrypted) goes first.
    await sweepStaging(dataDir);
    const existing = readPracticeKeyFile(dataDir);
    if (existing && !isPlainDatabaseFile(databasePath)) return { outcome: 'already', dataDir, sealed: await sealLeftovers(dataDir, existing, options.inputs) };

    let practice: { masterKey: Buffer; file: PracticeKeyFile; recoveryKey: string };
    let backup: { file: string; patients: number; documents: number } | undefined;
    if (existing) {
      // The stopped run may have died before its recovery key was shown: a new one replaces it.
      const masterKey = await openExisting(dataDir, existing, options.inputs);
      practice = { masterKey, ...rewrapRecoveryKey(existing, masterKey) };
    } else {
      const backupPassphrase = await options.inputs.backupPassphrase();
      const passphrase = await options.inputs.newPassphrase();
      // A trail that fails its check now would fail it after: look into that before changing anything.
      const audit = withPlainDatabase(databasePath, (sqlite) => auditTrailVerdict(sqlite, dataDir));
      if (audit.problem) throw new EncryptRefused(text.encryptAuditFails({ problem: audit.problem }));
      const outFile = join(options.backupDir, `expediente-before-encryption-${new Date().toISOString().replaceAll(':', '-')}.backup`);
      const written = await createBackup({ dataDir, outFile, passphrase: backupPassphrase, masterKey: options.masterKey }, { scrypt: options.scrypt });
      backup = { file: written.file, patients: written.patients, documents: written.documents };
      options.showBackup(backup);
      practice = await createPracticeKey(passphrase, options.argon2);
    }

    const before = withPlainDatabase(databasePath, (sqlite) => {
      toRollbackJournal(sqlite);
      return rowCounts(sqlite);
    });
    const work = await makeStagingDir(dataDir, 'encrypt');
    try {
      const copy = join(work, DATABASE);
      copyFileSync(databasePath, copy, constants.COPYFILE_EXCL);
      rekeyDatabaseFile(copy, null, keyFor(practice.masterKey, 'database'), work);
      checkCopy(copy, keyFor(practice.masterKey, 'database'), before);
      flush(copy);
      options.onStep?.('copy-encrypted');
      writePracticeKeyFile(dataDir, practice.file);
      options.onStep?.('practice-key-written');
      renameSync(copy, databasePath);
      flush(dataDir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    options.showRecoveryKey(practice.recoveryKey);
    rememberPracticeKey(dataDir, practice.masterKey);
    sealKeyFiles(dataDir, practice.masterKey);

    const after = await checkAfter(dataDir, before, options.masterKey, backup?.file);
    return {
      outcome: 'encrypted',
      dataDir,
      backupFile: backup?.file,
      tables: before.size,
      rows: [...before.values()].reduce((sum, count) => sum + count, 0),
      documents: after.documents,
      auditRows: after.auditRows,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await lock.release();
  }
}

/** The practice key left by a run that stopped before its last step, opened to finish it with the same key. */
async function openExisting(dataDir: string, file: PracticeKeyFile, inputs: EncryptInputs): Promise<Buffer> {
  const credential = await inputs.currentCredential();
  const masterKey = await openPracticeKey(file, credential);
  if (!masterKey) throw new EncryptRefused(wrongCredentialMessage(credential, dataDir));
  return masterKey;
}

/** An encrypted practice with key files still in the clear (a run stopped after its rename): sealed now. */
async function sealLeftovers(dataDir: string, file: PracticeKeyFile, inputs: EncryptInputs): Promise<string[]> {
  const plain = KEY_FILES.filter((name) => existsSync(join(dataDir, name)) && !isSealed(readFileSync(join(dataDir, name), 'utf8').trim()));
  if (plain.length === 0) return [];
  const masterKey = await openExisting(dataDir, file, inputs);
  rememberPracticeKey(dataDir, masterKey);
  sealKeyFiles(dataDir, masterKey);
  return plain;
}

function withPlainDatabase<T>(path: string, use: (sqlite: ReturnType<typeof openDatabaseFile>) => T): T {
  const sqlite = openDatabaseFile(path, null, { fileMustExist: true });
  try {
    return use(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * Moves what the write-ahead log holds into the file and leaves WAL for a rollback journal, so the
 * file alone is the whole database: copied, it misses nothing, and no -wal of the plain file is left
 * to be read beside the encrypted one. The server turns WAL back on when it opens it. Another
 * process with the database open keeps the mode from changing: refused, nothing changed.
 */
function toRollbackJournal(sqlite: ReturnType<typeof openDatabaseFile>): void {
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    if (sqlite.pragma('journal_mode = DELETE', { simple: true }) !== 'delete') throw new Error('journal mode unchanged');
  } catch {
    throw new EncryptRefused(practiceText().encryptDatabaseBusy);
  }
}

/** The encrypted copy opens under its key, is sound, and has every table's rows. */
function checkCopy(copy: string, databaseKey: Buffer, before: Map<string, number>): void {
  const sqlite = openDatabaseFile(copy, databaseKey, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') throw new EncryptRefused(practiceText().encryptCopyFails({ problem: `quick_check: ${String(integrity)}` }));
    const differs = countThatDiffers(before, rowCounts(sqlite));
    if (differs) throw new EncryptRefused(practiceText().encryptCopyFails({ problem: practiceText().encryptCountDiffers(differs) }));
  } finally {
    sqlite.close();
  }
}

/** Each key file in the clear rewritten sealed by the practice key, whole or not at all. */
function sealKeyFiles(dataDir: string, masterKey: Buffer): void {
  for (const name of KEY_FILES) {
    const path = join(dataDir, name);
    if (!existsSync(path)) continue;
    const value = readFileSync(path, 'utf8').trim();
    if (!isSealed(value)) writeFileAtomically(path, sealKeyFile(masterKey, name, value), 0o600);
  }
}

/** The encrypted practice as the server will read it: every table's rows, every document, the audit chain. */
async function checkAfter(dataDir: string, before: Map<string, number>, masterKey: string | undefined, backupFile: string | undefined) {
  const text = practiceText();
  const sqlite = openSqlite(join(dataDir, DATABASE), { readonly: true, fileMustExist: true });
  try {
    const failed = (problem: string) => new Error(text.encryptCheckFailed({ problem, backup: backupFile ?? text.encryptEarlierBackup }));
    const differs = countThatDiffers(before, rowCounts(sqlite));
    if (differs) throw failed(text.encryptCountDiffers(differs));
    const documents = await documentsVerdict(sqlite, dataDir, masterKey);
    if (documents.problem) throw failed(documents.problem);
    const audit = auditTrailVerdict(sqlite, dataDir);
    if (audit.problem) throw failed(audit.problem);
    return { documents: documents.opened, auditRows: audit.verified };
  } finally {
    sqlite.close();
  }
}

function flush(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
