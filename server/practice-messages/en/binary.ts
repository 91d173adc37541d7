// The practice's messages for the packaged binary: its help, and the upgrade of an older practice's
// data at start; in English. The same keys as es/, checked by the type.
import type { binary as spanish } from '../es/binary';

export const binary: typeof spanish = {
  binaryHelp: ({ release }) => `Expediente ${release}: medical records for small practices.

Usage:
  expediente [--no-backup]                 serve (PORT, HOST, DATA_DIR... as for npm start); the data of
                                           an earlier release is backed up (BACKUP_PASSPHRASE) before
                                           it is upgraded, or with --no-backup upgraded without a backup
  expediente backup --out FILE [--data-dir DIR]
  expediente restore FILE --data-dir DIR [--force] [--new-practice-key | --unencrypted]
  expediente demo [--data-dir DIR]
  expediente audit-verify
  expediente encrypt [--data-dir DIR] [--backup-dir DIR]
                                           encrypts a plain DATA_DIR (the server stopped), after a
                                           backup; the practice passphrase from PASSPHRASE_FILE,
                                           PASSPHRASE or the terminal
  expediente change-passphrase [--data-dir DIR]
                                           a new practice passphrase (NEW_PASSPHRASE, or typed twice)
  expediente tls --host NAME [--ip ADDRESS]... --ca-key FILE
  expediente --version | --help

On an encrypted practice, the commands take its passphrase from PASSPHRASE_FILE or PASSPHRASE, or
at the terminal; --recovery-key (or RECOVERY_KEY) takes its recovery key instead.
Configuration is by environment variables, as described in the README. Messages come in LANG's
language, or in EXPEDIENTE_LANGUAGE's (es or en).`,
  binaryUnknownCommand: ({ command }) => `Unknown command: ${command}`,
  binaryNoBackupAlone: '--no-backup goes alone: expediente --no-backup',

  upgradeRefused: ({ release, dataDir, backupDir }) =>
    `Nothing was changed. The data in ${dataDir} are an earlier release's, and Expediente ${release} must upgrade them to serve ` +
    `them; once upgraded, the earlier release no longer opens them.\n` +
    `To go on, set BACKUP_PASSPHRASE (at least 12 characters; keep it: the backup does not open without it): before upgrading, ` +
    `an encrypted backup is written to ${backupDir} (BACKUP_DIR chooses another place). ` +
    `Or start with --no-backup to upgrade without one, if you already have one.`,
  upgradeBackupWritten: ({ file, patients, documents }) => `Before upgrading the data, wrote the backup ${file} (${patients} patients, ${documents} documents).`,
  upgradeBackupReused: ({ file }) => `The data have not changed since the backup before this upgrade, ${file}: that one is used, no other is written.`,
  upgradeWithoutBackup: ({ dataDir }) => `Upgrading the data in ${dataDir} without a backup first (--no-backup): only a backup of your own can take you back.`,
  upgradeOnPostgres: () =>
    'The data are in the PostgreSQL database DATABASE_URL names: this binary writes no backup before migrating it. ' +
    "Back PostgreSQL up with the cluster's own tools (pg_dump, or pg_basebackup and its WAL archive).",
  upgradeFinished: ({ dataDir, release, goBack }) =>
    `Upgrade finished: the data in ${dataDir} are now Expediente ${release}'s. ` +
    `To go back: stop Expediente, run ${goBack} (with the same BACKUP_PASSPHRASE) and start the earlier release on ${dataDir}.`,
  upgradeFinishedWithoutBackup: ({ dataDir, release }) =>
    `Upgrade finished: the data in ${dataDir} are now Expediente ${release}'s. It was done without a backup first (--no-backup).`,
};
