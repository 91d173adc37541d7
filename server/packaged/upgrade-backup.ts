// A newer binary started on an older DATA_DIR migrates its database at start. Migrations cannot be
// undone, so before one runs the binary writes an encrypted backup (under BACKUP_PASSPHRASE) to
// BACKUP_DIR, else beside DATA_DIR, and without a passphrase it refuses to start unless told
// `--no-backup`. One backup per release and state of the data: a start that dies after its backup
// (a crash loop under a service manager) finds it at the next start and writes no other, and a
// newer one for the same release (the data changed under the earlier release meanwhile) replaces
// it. `npm start` does not do this: a developer's tree migrates as it always did.
// An encrypted practice is read, and backed up, under its practice key, which the binary's start
// opens first with PASSPHRASE_FILE or PASSPHRASE (encryption/unlock-for-command.ts). One this
// process has not unlocked (it starts locked, for the passphrase to be typed in the browser) cannot
// be read to tell whether it is older: the check is then the unlock's to make, before it migrates.
// With DATABASE_URL (a clinic network) nothing here is backed up: the data are PostgreSQL's.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createBackup } from '../backup/backup';
import { readDatabaseState } from '../db/pending-migrations';
import { readPracticeKeyFile } from '../encryption/practice-key';
import { practiceKeyOf } from '../encryption/unlocked-practices';
import { practiceText } from '../practice-messages/practice-text';

export class UpgradeRefused extends Error {}

export interface UpgradeOptions {
  dataDir: string;
  migrationsFolder: string;
  /** The release about to migrate (release.ts): it names the backup. */
  release: string;
  noBackup: boolean;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** An upgrade under way: the backup taken before it, or null when --no-backup skipped it. */
export interface Upgrade {
  backupFile: string | null;
  /**
   * The upgraded practice was not encrypted: the release it came from may be one from before
   * encryption, so the way back restores it as it was (restore --unencrypted).
   */
  plain?: boolean;
}

const backupPrefix = (release: string) => `expediente-before-${release}-`;
const BACKUP_NAME_END = /^[0-9a-f]{16}\.backup$/;

/**
 * Backs DATA_DIR up when this binary is about to migrate it; null when nothing is to be migrated.
 * Throws UpgradeRefused, having changed nothing, when it may not go on.
 */
export async function backUpBeforeMigrating(options: UpgradeOptions): Promise<Upgrade | null> {
  // A clinic network's data are in PostgreSQL, not in DATA_DIR's file: the cluster's tools back them up.
  if (options.env.DATABASE_URL) {
    options.log(practiceText(options.env).upgradeOnPostgres());
    return null;
  }
  if (!practiceKeyOf(options.dataDir) && readPracticeKeyFile(options.dataDir)) return null;
  const state = readDatabaseState(join(options.dataDir, 'expediente.db'), options.migrationsFolder);
  if (!state || state.pending.length === 0) return null;
  const text = practiceText(options.env);
  const dataDir = resolve(options.dataDir);
  if (options.noBackup) {
    options.log(text.upgradeWithoutBackup({ dataDir }));
    return { backupFile: null };
  }
  const passphrase = options.env.BACKUP_PASSPHRASE;
  const backupDir = resolve(options.env.BACKUP_DIR || dirname(dataDir));
  if (!passphrase) throw new UpgradeRefused(text.upgradeRefused({ release: options.release, dataDir, backupDir }));
  const plain = readPracticeKeyFile(dataDir) === null;

  const prefix = backupPrefix(options.release);
  const name = `${prefix}${state.fingerprint}.backup`;
  const earlier = backupsBefore(backupDir, prefix);
  if (earlier.includes(name)) {
    options.log(text.upgradeBackupReused({ file: join(backupDir, name) }));
    return { backupFile: join(backupDir, name), plain };
  }
  const summary = await createBackup({ dataDir, outFile: join(backupDir, name), passphrase, masterKey: options.env.MASTER_KEY || undefined });
  options.log(text.upgradeBackupWritten({ file: summary.file, patients: summary.patients, documents: summary.documents }));
  // Written whole first: those of older states of the data for this release go only now.
  for (const older of earlier) rmSync(join(backupDir, older), { force: true });
  return { backupFile: summary.file, plain };
}

function backupsBefore(backupDir: string, prefix: string): string[] {
  try {
    return readdirSync(backupDir).filter((entry) => entry.startsWith(prefix) && BACKUP_NAME_END.test(entry.slice(prefix.length)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** The line said once the migration is done: what happened, and the command that goes back. */
export function upgradeFinished(upgrade: Upgrade, options: { dataDir: string; release: string; binary: string; env: NodeJS.ProcessEnv }): string {
  const text = practiceText(options.env);
  const dataDir = resolve(options.dataDir);
  if (!upgrade.backupFile) return text.upgradeFinishedWithoutBackup({ dataDir, release: options.release });
  const goBack = [options.binary, 'restore', upgrade.backupFile, '--data-dir', dataDir, '--force', ...(upgrade.plain ? ['--unencrypted'] : [])].map(shellWord).join(' ');
  return text.upgradeFinished({ dataDir, release: options.release, goBack });
}
