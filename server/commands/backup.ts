// `npm run backup -- --out FILE [--data-dir DIR] [--database-url URL]`: an encrypted archive of DATA_DIR,
// taken while the server runs; with --database-url (or DATABASE_URL), of a clinic network's PostgreSQL
// database and DATA_DIR's keys, in the same archive format (backup/postgres-backup.ts). The passphrase comes from BACKUP_PASSPHRASE or is asked for at the terminal.
// `--plain` (an archive anyone can read, without the keys) also needs --i-understand-this-is-unencrypted.
// An encrypted practice is unlocked first (encryption/unlock-for-command.ts): its passphrase from
// PASSPHRASE_FILE, PASSPHRASE or the terminal, or its recovery key (--recovery-key, RECOVERY_KEY).
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup';
import { obtainPassphrase } from '../backup/passphrase';
import { createPostgresBackup } from '../backup/postgres-backup';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { practiceText } from '../practice-messages/practice-text';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      plain: { type: 'boolean', default: false },
      'i-understand-this-is-unencrypted': { type: 'boolean', default: false },
      'recovery-key': { type: 'boolean', default: false },
    },
  });
  const text = practiceText();
  if (!values.out) {
    console.error(text.backupUsage);
    return 2;
  }
  if (values.plain && !values['i-understand-this-is-unencrypted']) {
    console.error(text.backupPlainRefused);
    return 2;
  }
  const plain = values.plain;
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  await unlockForCommand(dataDir, { recoveryKey: values['recovery-key'] });
  const passphrase = plain ? '' : await obtainPassphrase(process.env, { confirm: true });
  const databaseUrl = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
  const options = { dataDir, outFile: values.out, passphrase, masterKey: process.env.MASTER_KEY || undefined };
  const summary = databaseUrl ? await createPostgresBackup({ ...options, databaseUrl }, { plain }) : await createBackup(options, { plain });
  const { file, patients, documents, rows, tables } = summary;
  console.log(text.backupWrote({ file, plain, patients, documents, rows, tables, mb: (summary.bytes / 1024 / 1024).toFixed(1), seconds: (summary.ms / 1000).toFixed(1) }));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(practiceText().backupFailed({ reason: error.message }));
    process.exitCode = 1;
  },
);
