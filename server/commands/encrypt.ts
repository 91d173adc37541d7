// `npm run encrypt -- [--data-dir DIR] [--backup-dir DIR]`: turns a plain DATA_DIR into an encrypted
// one (server/encryption/encrypt-practice.ts), with the server stopped. The backup written first
// goes to --backup-dir, else BACKUP_DIR, else beside DATA_DIR, under BACKUP_PASSPHRASE or a
// passphrase typed twice (as `npm run backup` asks). The new practice passphrase comes from
// PASSPHRASE_FILE or PASSPHRASE, where the server will read it at start, or is typed twice. Run again
// after a run that stopped, it finishes that one with its practice passphrase (or --recovery-key).
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { obtainPassphrase } from '../backup/passphrase';
import { encryptPractice } from '../encryption/encrypt-practice';
import { currentCredential, newPracticePassphrase } from '../encryption/practice-credentials';
import { practiceText } from '../practice-messages/practice-text';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'backup-dir': { type: 'string' },
      'recovery-key': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const text = practiceText();
  if (values.help) {
    console.log(text.encryptUsage);
    return 0;
  }
  const env = process.env;
  const dataDir = resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  const summary = await encryptPractice({
    dataDir,
    backupDir: resolve(values['backup-dir'] ?? (env.BACKUP_DIR || dirname(dataDir))),
    masterKey: env.MASTER_KEY || undefined,
    inputs: {
      backupPassphrase: () => obtainPassphrase(env, { confirm: true }),
      newPassphrase: () => newPracticePassphrase(env, 'PASSPHRASE'),
      currentCredential: () => currentCredential(env, { recoveryKey: values['recovery-key'] }),
    },
    showBackup: (backup) => console.log(text.encryptBackupWritten(backup)),
    showRecoveryKey: (recoveryKey) => console.log(text.recoveryKeyShownOnce({ recoveryKey })),
  });
  if (summary.outcome === 'already') {
    console.log(text.encryptAlready({ dataDir }));
    if (summary.sealed.length > 0) console.log(text.encryptSealedLeftovers({ files: summary.sealed.join(', ') }));
    return 0;
  }
  if (!summary.backupFile) console.log(text.encryptResumed({ dataDir }));
  const { tables, rows, documents, auditRows } = summary;
  console.log(text.encryptDone({ dataDir, tables, rows, documents, verified: auditRows, seconds: (summary.ms / 1000).toFixed(1) }));
  console.log(text.startWithPassphrase);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(practiceText().encryptFailed({ reason: error.message }));
    process.exitCode = 1;
  },
);
