// `npm run restore`: reads a backup archive into a new directory beside the target, checks it
// there, and only then puts it in the target's place. Checks, in order: every chunk's tag (a wrong
// passphrase or any altered byte stops here), the entries the archive must hold, the database's
// integrity_check, every document row's blob present with the size its row implies and its own
// tag holding under the archive's document key, and the audit chain under the archive's audit key,
// against the sealed head the archive carries (audit-head.ts). A failed check removes the new
// directory: the target is never touched. The head then goes into the restored DATA_DIR, so the
// restored server's heads carry on from it.
// What it writes is an encrypted DATA_DIR (API.md "Encryption at rest") under a practice key: the
// target's own when it has one (unlocked first), else the one the archive carries (opened with that
// practice's passphrase or recovery key), else a new one from the passphrase given, whose recovery
// key is shown once. The database is rekeyed from the archive's one-time key (or, from an archive of
// a plain practice, from the clear) to the practice's before anything else reads it, and the keys
// are written sealed: they stay in memory until then, never in a file in the clear.
// The one exception is going back to a release from before encryption, which cannot read an
// encrypted DATA_DIR: `unencrypted` restores an archive of a plain practice as it was.
// With `databaseUrl` the checked data go into a clinic network's empty PostgreSQL database instead,
// and the target receives the keys alone (restore-into-postgres.ts).
import { timingSafeEqual } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { practiceText } from '../practice-messages/practice-text';
import { writeAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { TOTP_KEY_FILE } from '../auth/second-factor/totp-seal';
import { DOCUMENT_KEY_FILE, parseMasterKey } from '../files/document-key';
import { runningServer } from '../data-dir-lock';
import { readDatabaseState } from '../db/pending-migrations';
import { rekeyDatabaseFile } from '../encryption/database-file';
import { openPracticeKey, type PracticeCredential } from '../encryption/practice-credentials';
import { createPracticeKey, keyFor, parsePracticeKeyFile, readPracticeKeyFile, writePracticeKeyFile, type Argon2Params, type PracticeKeyFile } from '../encryption/practice-key';
import { sealKeyFile } from '../encryption/sealed-file';
import { forgetPracticeKey, practiceKeyOf, rememberPracticeKey } from '../encryption/unlocked-practices';
import { ArchiveError, readArchive } from './archive-format';
import { makeStagingDir, sweepStaging } from './staging';
import { syncDirectory } from './backup';
import { check, RestoreRefused } from './restore-check';
import { copyStagedIntoPostgres, refuseNonEmptyPostgres } from './restore-into-postgres';
import { AUDIT_KEY, DATABASE, DOCUMENT_KEY, MANIFEST, PRACTICE_KEY, readEntries, TOTP_KEY, type Manifest } from './payload';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  passphrase: string;
  /** Replace a non-empty target; its contents are moved aside, not deleted. */
  force?: boolean;
  /** The MASTER_KEY the restored server will run with, when the archive's documents used one. */
  masterKey?: string;
  /** Where the restored practice's key comes from when the target has none of its own. */
  practice?: PracticeChoice;
  /**
   * Restore an archive of a plain practice as it was, unencrypted: for the release before
   * encryption, which cannot read anything else (the command the upgrade names to go back).
   */
  unencrypted?: boolean;
  /** A clinic network's empty PostgreSQL database to restore into; `dataDir` then receives the keys alone. */
  databaseUrl?: string;
}

/**
 * How a target without a practice key of its own gets one: the archive's, opened with the backed-up
 * practice's passphrase or recovery key, or a new one. Asked for only when needed, and before the
 * long part of the archive is read.
 */
export interface PracticeChoice {
  /** 'archive': to open the practice key the archive carries; 'new': the passphrase of a new one. */
  credential: (need: 'archive' | 'new') => Promise<PracticeCredential>;
  /** A new practice key even when the archive carries one (its passphrase and recovery key are lost). */
  newKey?: boolean;
  /** Tests only: a cheaper derivation for a new key; production uses PRODUCTION_ARGON2. */
  argon2?: Argon2Params;
}

export interface RestoreSummary {
  dataDir: string;
  patients: number;
  documents: number;
  bytes: number;
  ms: number;
  createdAt: string;
  documentKey: Manifest['documentKey'];
  /** "intact (N rows)", or why it could not be verified. */
  auditChain: string;
  /** Where the target's previous contents went (--force). */
  replacedDir: string | undefined;
  /** The release that wrote the backup, where its manifest says (release.ts). */
  writtenBy: string | undefined;
  /** The restored data are an earlier release's: this program migrates them at its next start. */
  olderData: boolean;
  /** Whose practice key encrypts the restored data: the target's, the archive's, a new one, or none (`unencrypted`). */
  practiceKey: 'kept' | 'archive' | 'new' | 'none';
  /** A new practice key's recovery key, to be shown once. */
  recoveryKey: string | undefined;
}

export { RestoreRefused };

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const target = resolve(options.dataDir);
  const targetHasData = existsSync(target) && readdirSync(target).length > 0;
  if (targetHasData && !options.force) {
    throw new RestoreRefused(practiceText().restoreTargetNotEmpty({ target }));
  }
  const server = runningServer(target);
  if (server) {
    throw new RestoreRefused(practiceText().restoreTargetServed({ target, server }));
  }
  // Replacing an encrypted practice keeps its key; restored unencrypted, the key has nothing to do.
  const targetKey = targetHasData && !options.unencrypted ? readPracticeKeyFile(target) : null;
  if (targetKey && !practiceKeyOf(target)) throw new RestoreRefused(practiceText().restoreTargetLocked({ target }));
  if (options.databaseUrl) await refuseNonEmptyPostgres(options.databaseUrl);
  // A killed restore's leftovers (decrypted keys and database) go before a new one begins.
  await sweepStaging(dirname(target));
  const archive = await open(options.archive, 'r');
  const staging = await makeStagingDir(dirname(target), 'restore');
  try {
    let unpacked: Unpacked;
    try {
      unpacked = await unpack(archive, options.passphrase, staging, (carried, manifest) => practiceKeyFor(options, target, targetKey, carried, manifest));
    } finally {
      await archive.close();
    }
    const { manifest, documentKey, auditKey, practice } = unpacked;
    await writeKeyFiles(staging, unpacked.keyFiles, practice);
    const key = documentKeyFor(manifest, documentKey, options.masterKey);
    const checked = await check(staging, manifest, key, auditKey);
    if (manifest.documentKey === 'master-key') await rm(join(staging, DOCUMENT_KEY_FILE));
    if (checked.auditHead) writeAuditHead(staging, checked.auditHead);
    const olderData = (readDatabaseState(join(staging, DATABASE))?.pending.length ?? 0) > 0;
    if (options.databaseUrl) await copyStagedIntoPostgres({ staging, olderData, auditKey, auditHead: checked.auditHead ?? null }, options.databaseUrl);
    forgetPracticeKey(staging);
    const replacedDir = await putInPlace(staging, target, targetHasData);
    // The restored data open in this process as in a server started on them.
    if (practice) rememberPracticeKey(target, practice.masterKey);
    else forgetPracticeKey(target);
    return {
      dataDir: target,
      patients: manifest.patients,
      documents: manifest.documents,
      bytes: (await stat(options.archive)).size,
      ms: Math.round(performance.now() - started),
      createdAt: manifest.createdAt,
      documentKey: manifest.documentKey,
      auditChain: checked.auditChain,
      replacedDir,
      writtenBy: manifest.release,
      olderData,
      practiceKey: practice?.source ?? 'none',
      recoveryKey: practice?.recoveryKey,
    };
  } catch (error) {
    forgetPracticeKey(staging);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The practice key the restored data go under, and where it came from. */
interface RestoredPractice {
  masterKey: Buffer;
  file: PracticeKeyFile;
  source: RestoreSummary['practiceKey'];
  recoveryKey: string | undefined;
}

/** The target's key (unlocked before), else the archive's (`carried`, when it has one), else a new one; none for `unencrypted`. */
async function practiceKeyFor(
  options: RestoreOptions,
  target: string,
  targetKey: PracticeKeyFile | null,
  carried: PracticeKeyFile | null,
  manifest: Manifest,
): Promise<RestoredPractice | null> {
  if (options.unencrypted) {
    // An encrypted practice's records never leave it in the clear.
    if (manifest.databaseKey || carried) throw new RestoreRefused(practiceText().restoreUnencryptedRefused);
    return null;
  }
  if (targetKey) return { masterKey: practiceKeyOf(target)!, file: targetKey, source: 'kept', recoveryKey: undefined };
  if (!options.practice) throw new RestoreRefused(practiceText().restoreNeedsPracticeKey);
  if (carried && !options.practice.newKey) {
    const masterKey = await openPracticeKey(carried, await options.practice.credential('archive'));
    if (!masterKey) throw new RestoreRefused(practiceText().restoreArchiveKeyWrong);
    return { masterKey, file: carried, source: 'archive', recoveryKey: undefined };
  }
  const credential = await options.practice.credential('new');
  if (!('passphrase' in credential)) throw new RestoreRefused(practiceText().restoreNeedsPracticeKey);
  const made = await createPracticeKey(credential.passphrase, options.practice.argon2);
  return { masterKey: made.masterKey, file: made.file, source: 'new', recoveryKey: made.recoveryKey };
}

/**
 * Puts the staged database under the practice's database key the moment it is written, before the
 * blobs: from the archive's one-time key, or, from an archive of a plain practice, from the clear,
 * so that such a plain copy lies on the disk (in the private staging directory) for the seconds
 * the rekey takes and no longer.
 */
function encryptStagedDatabase(staging: string, manifest: Manifest, practice: RestoredPractice | null): void {
  if (!practice) return;
  const from = manifest.databaseKey ? Buffer.from(manifest.databaseKey, 'hex') : null;
  try {
    rekeyDatabaseFile(join(staging, DATABASE), from, keyFor(practice.masterKey, 'database'), staging);
  } catch (error) {
    throw new ArchiveError(practiceText().archiveIntegrity({ detail: (error as Error).message }));
  }
}

/**
 * The key files sealed by the practice key, and the practice key file: from here on the staging
 * directory opens like an unlocked DATA_DIR. Unencrypted, the key files as the server writes them
 * in a plain practice (secrets.ts): the text, mode 0600.
 */
async function writeKeyFiles(staging: string, keyFiles: Map<string, string>, practice: RestoredPractice | null): Promise<void> {
  for (const [file, value] of keyFiles) await writeWhole(join(staging, file), [Buffer.from(practice ? sealKeyFile(practice.masterKey, file, value) : value, 'utf8')]);
  if (!practice) return;
  writePracticeKeyFile(staging, practice.file);
  rememberPracticeKey(staging, practice.masterKey);
}

/** Each key entry of an archive, and the file in DATA_DIR it goes back to. */
const KEY_FILES: Record<string, string> = { [DOCUMENT_KEY]: DOCUMENT_KEY_FILE, [AUDIT_KEY]: AUDIT_KEY_FILE, [TOTP_KEY]: TOTP_KEY_FILE };

interface Unpacked {
  manifest: Manifest;
  documentKey: string | undefined;
  auditKey: string | undefined;
  /** Each key file's value, by its file name in DATA_DIR: held in memory until it can be written sealed. */
  keyFiles: Map<string, string>;
  practice: RestoredPractice | null;
}

/**
 * Decrypts every entry: the small ones into memory, the database and the blobs (both encrypted,
 * but for an archive of a plain practice's database) into the staging directory. The practice key
 * is settled (`settlePractice`, given the practice key file the archive carries) before the first
 * of those, so that a wrong practice passphrase is told before the long part. Throws ArchiveError
 * at the first failed tag.
 */
async function unpack(
  archive: Awaited<ReturnType<typeof open>>,
  passphrase: string,
  staging: string,
  settlePractice: (carried: PracticeKeyFile | null, manifest: Manifest) => Promise<RestoredPractice | null>,
): Promise<Unpacked> {
  await mkdir(join(staging, 'documents'), { mode: 0o700 });
  let manifest: Manifest | undefined;
  let carried: PracticeKeyFile | null = null;
  let practice: RestoredPractice | null | undefined;
  const keyFiles = new Map<string, string>();
  const seen = new Set<string>();
  for await (const entry of readEntries(readArchive(archive, passphrase))) {
    if (seen.has(entry.name)) throw new ArchiveError(practiceText().archiveTwice({ name: entry.name }));
    seen.add(entry.name);
    if (!manifest && entry.name !== MANIFEST) throw new ArchiveError(practiceText().archiveManifestNotFirst);
    if (entry.name === MANIFEST || entry.name === PRACTICE_KEY || Object.hasOwn(KEY_FILES, entry.name)) {
      const pieces: Buffer[] = [];
      for await (const piece of entry.body) pieces.push(piece);
      const text = Buffer.concat(pieces).toString('utf8');
      if (entry.name === MANIFEST) manifest = parseManifest(text);
      else if (entry.name === PRACTICE_KEY) carried = parseCarriedPracticeKey(text);
      else keyFiles.set(KEY_FILES[entry.name]!, text);
      continue;
    }
    if (practice === undefined) practice = await settlePractice(carried, manifest!);
    await writeWhole(join(staging, entry.name), entry.body);
    if (entry.name === DATABASE) encryptStagedDatabase(staging, manifest!, practice);
  }
  if (!manifest) throw new ArchiveError(practiceText().archiveNoManifest);
  if (!seen.has(DATABASE)) throw new ArchiveError(practiceText().archiveNoDatabase);
  return { manifest, documentKey: keyFiles.get(DOCUMENT_KEY_FILE), auditKey: keyFiles.get(AUDIT_KEY_FILE), keyFiles, practice: practice === undefined ? await settlePractice(carried, manifest) : practice };
}

/** The practice key file an archive carries, checked as DATA_DIR's is. */
function parseCarriedPracticeKey(text: string): PracticeKeyFile {
  try {
    return parsePracticeKeyFile(text, `${PRACTICE_KEY} (in the archive)`);
  } catch (error) {
    throw new ArchiveError((error as Error).message);
  }
}

function parseManifest(text: string): Manifest {
  try {
    const manifest = JSON.parse(text) as Manifest;
    if (manifest.format === 'expediente-backup') return manifest;
  } catch {
    // Reported below like any other malformed manifest.
  }
  throw new ArchiveError(practiceText().archiveManifestMalformed);
}

/** Writes a new file (mode 0600) from its pieces and flushes it to disk. */
async function writeWhole(path: string, pieces: AsyncIterable<Buffer> | Buffer[]): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    for await (const piece of pieces) {
      for (let at = 0; at < piece.length; ) at += (await file.write(piece, at, piece.length - at)).bytesWritten;
    }
    await file.sync();
  } finally {
    await file.close();
  }
}

/** The key the restored documents must open with, or undefined when there is none to check with. */
function documentKeyFor(manifest: Manifest, archived: string | undefined, masterKey: string | undefined): Buffer | undefined {
  if (manifest.documentKey === 'master-key') {
    const key = Buffer.from(archived ?? '', 'base64url');
    if (masterKey && !timingSafeEqual(parseMasterKey(masterKey), key.length === 32 ? key : Buffer.alloc(32))) {
      throw new RestoreRefused(practiceText().restoreMasterKeyMismatch);
    }
    return key;
  }
  if (manifest.documentKey === 'file') return Buffer.from(archived ?? '', 'base64url');
  return masterKey ? parseMasterKey(masterKey) : undefined;
}

/** Renames the checked staging directory onto the target; a non-empty target (--force) is moved aside first. */
async function putInPlace(staging: string, target: string, targetHasData: boolean): Promise<string | undefined> {
  let replacedDir: string | undefined;
  if (targetHasData) {
    replacedDir = `${target}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
    await rename(target, replacedDir);
  } else if (existsSync(target)) {
    await rmdir(target);
  }
  await rename(staging, target);
  await syncDirectory(dirname(target));
  return replacedDir;
}
