// The practice's messages for `npm run encrypt`: a plain practice encrypted in place, after a
// backup; in English. The same keys as es/, checked by the type.
import type { encrypt as spanish } from '../es/encrypt';

export const encrypt: typeof spanish = {
  encryptUsage:
    'Usage: npm run encrypt -- [--data-dir DIR] [--backup-dir DIR]   (DATA_DIR by default; the backup goes to BACKUP_DIR, else beside DATA_DIR, under ' +
    'BACKUP_PASSPHRASE or one typed; the practice passphrase comes from PASSPHRASE_FILE, PASSPHRASE or the terminal)',
  encryptNoDatabase: ({ dataDir }) => `No database in ${dataDir}: is it the server's DATA_DIR? Nothing was changed.`,
  encryptAlready: ({ dataDir }) => `${dataDir} is encrypted already; nothing to do. (npm run change-passphrase changes its passphrase.)`,
  encryptResumed: ({ dataDir }) =>
    `This finished the encryption of ${dataDir} that had stopped before its last step: with the same practice key and passphrase, and the backup written then; ` +
    'the recovery key above is new (one shown by the stopped run no longer opens it).',
  encryptBackupWritten: ({ file, patients, documents }) =>
    `Before encrypting, wrote the backup ${file} (${patients} patients, ${documents} documents), under the backup passphrase.`,
  encryptDatabaseBusy: 'Another process has the database open (a backup, audit:verify?); nothing was changed. Let it finish, then run this again.',
  encryptCountDiffers: ({ table, before, after }) => `table ${table} has ${after} rows, not ${before}`,
  encryptCopyFails: ({ problem }) => `The encrypted copy of the database fails its check (${problem}); nothing was changed.`,
  encryptServerRunning: ({ dataDir, server }) => `${dataDir} is the DATA_DIR of a running server (${server}); nothing was changed. Stop that server first, then encrypt.`,
  encryptEarlierBackup: 'the one written by the run that stopped before',
  encryptAuditFails: ({ problem }) =>
    `The audit trail fails its check, so nothing was encrypted or changed: ${problem} Look into it first (npm run audit:verify).`,
  encryptDocumentFails: ({ code }) => `document ${code}… does not open with the document key`,
  encryptCheckFailed: ({ problem, backup }) =>
    `The data are encrypted, but the check afterwards failed: ${problem}. The backup written before encrypting is ${backup}.`,
  encryptDone: (p) =>
    `Encrypted ${p.dataDir} in ${p.seconds} s: ${p.rows} rows in ${p.tables} tables, each table's count as before; ${p.documents} documents open with their key; ` +
    `audit chain intact (${p.verified} rows). The database and the key files open only with the practice key now.`,
  encryptFailed: ({ reason }) => `Encryption failed: ${reason}`,
  encryptSealedLeftovers: ({ files }) => `Sealed by the practice key the key files still in the clear: ${files}.`,
};
