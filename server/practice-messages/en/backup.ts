// The practice's messages for `npm run backup` (and the binary's backup): the archive written, the
// backup passphrase; in English. The same keys as es/, checked by the type.
import type { backup as spanish } from '../es/backup';

export const backup: typeof spanish = {
  backupUsage: 'Usage: npm run backup -- --out FILE [--data-dir DIR] [--database-url URL]   (DATA_DIR and DATABASE_URL by default; passphrase from BACKUP_PASSPHRASE or the terminal)',
  backupPlainRefused: "--plain writes patients' records unencrypted: refused. Add --i-understand-this-is-unencrypted if that is really what you want.",
  backupWrote: (p) =>
    `Wrote ${p.file}${p.plain ? ' (UNENCRYPTED, without the keys)' : ''}: ${p.patients} patients, ${p.documents} documents, ` +
    `${p.rows} rows in ${p.tables} tables, ${p.mb} MB, in ${p.seconds} s.`,
  backupFailed: ({ reason }) => `Backup failed: ${reason}`,
  backupPassphraseTooShort: ({ min }) => `The backup passphrase must have at least ${min} characters: it is all that protects the archive.`,
  backupNoDatabase: ({ path, dataDir }) => `No database at ${path}: is ${dataDir} the server's DATA_DIR?`,
  backupBlobSizeWrong: ({ blob, size, expected }) => `Document blob ${blob} has ${size} bytes where its row says ${expected}: DATA_DIR/documents is damaged.`,
  backupBlobMissing: ({ blob, dir }) => `Document blob ${blob} is missing from ${dir} though its document still exists: DATA_DIR is damaged.`,

  passphraseNeeded: 'Set BACKUP_PASSPHRASE, or run this at a terminal to type the passphrase.',
  passphrasePrompt: 'Backup passphrase: ',
  passphraseAgain: 'The same passphrase again: ',
  passphrasesDiffer: 'The two passphrases differ; nothing was written.',
  passphraseCancelled: 'Cancelled.',
  backupPracticeLocked: ({ dataDir }) =>
    `${dataDir} is encrypted and this process does not hold its practice key: unlock the practice first (its passphrase in PASSPHRASE_FILE or PASSPHRASE, or at the terminal). Nothing was written.`,
  backupPlainOfEncrypted: "--plain is refused for an encrypted practice: its records never leave it unencrypted. Nothing was written.",
};
